import { Button, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Logo } from '../../components/Logo';
import { go } from '../../public/location';
import { signIn } from '../../public/sign-in';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';

// The dialog (and its focus trap) loads when it is first opened, not with the login page.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog'));

/** Login: idle -> submitting (spinner) -> /overview or the error text (spec 2, 4). */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    setError(null);
    const outcome = await signIn(email.trim(), password);
    setSubmitting(false);
    if (outcome.ok) go('/overview', { replace: true });
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
          <Link
            href="/license"
            color="tint"
            onClick={(e) => {
              e.preventDefault();
              go('/license');
            }}
          >
            Platform License Agreement
          </Link>
          .
        </Text>
      </Stack>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
