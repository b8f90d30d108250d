import { Button, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { AuthLayout } from './AuthLayout';
import { useAuth } from './AuthProvider';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { PasswordInput } from './PasswordInput';

/** Login: idle -> submitting (spinner) -> /overview or the error text (spec 2, 4). */
export default function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    const outcome = await login(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) void navigate('/overview', { replace: true });
    else setError(outcome.message);
  }

  return (
    <AuthLayout>
      <Stack as="form" gap="5" onSubmit={submit}>
        <Stack align="center" gap="2" textAlign="center">
          <Logo height={44} />
          <Heading as="h1" size="2xl" color="primary" mt="2">
            Welcome Back
          </Heading>
          <Text color="gray.600">Discover the power of connected advertising.</Text>
        </Stack>
        <Field.Root required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Link
          as="button"
          alignSelf="flex-end"
          fontSize="sm"
          color="tint"
          onClick={() => setForgotOpen(true)}
          type="button"
        >
          Forgot password?
        </Link>
        {error && (
          <Text role="alert" color="danger" fontSize="sm">
            {error}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={submitting}>
          Sign In
        </Button>
        <Text fontSize="xs" color="gray.600" textAlign="center">
          By signing in you agree to the{' '}
          <Link asChild color="tint">
            <RouterLink to="/license">Platform License Agreement</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthLayout>
  );
}
