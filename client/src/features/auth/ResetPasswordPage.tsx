import { Button, Field, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '../../components/toaster';
import { go } from '../../public/location';
import { call, RequestError } from '../../public/request';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';

/** /reset-password?token=...: verify the token, then take the new password (spec 2, 4, 8). */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';

  useEffect(() => {
    if (!token) {
      notify('error', 'No token provided.');
      go('/login', { replace: true });
    }
  }, [token]);

  if (!token) {
    return (
      <AuthLayout>
        <Text role="alert">No token provided.</Text>
      </AuthLayout>
    );
  }
  return <VerifiedReset token={token} />;
}

function VerifiedReset({ token }: { token: string }) {
  const [verified, setVerified] = useState<'verifying' | 'valid' | 'invalid'>('verifying');
  const [sending, setSending] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    call<{ valid?: boolean }>('GET', `/verify-reset-token?token=${encodeURIComponent(token)}`).then(
      (r) => live && setVerified(r.valid ? 'valid' : 'invalid'),
      () => live && setVerified('invalid'),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const invalid = verified === 'invalid';
  useEffect(() => {
    if (invalid) {
      notify('error', 'Invalid or expired reset token.');
      go('/login', { replace: true });
    }
  }, [invalid]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setProblem('Passwords do not match.');
    setProblem(null);
    setSending(true);
    try {
      await call('POST', '/reset-password', { token, new_password: password });
      notify('success', 'Password reset successful.');
      go('/login', { replace: true });
    } catch (error) {
      // A password the rules reject is worth explaining; anything else gets the catalogue text.
      const rejected = error instanceof RequestError && error.status === 400;
      setProblem(rejected ? (error.fields && Object.values(error.fields)[0]) || error.message : null);
      notify('error', 'Failed to reset password. Please try again.');
    } finally {
      setSending(false);
    }
  }

  if (verified !== 'valid') {
    return (
      <AuthLayout>
        <Stack align="center" gap="3" py="6">
          <Spinner color="primary" />
          <Text>Verifying token...</Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack as="form" gap="5" onSubmit={submit}>
        <Heading as="h1" size="xl" color="primary">
          Set a new password
        </Heading>
        <Field.Root required>
          <Field.Label>New Password</Field.Label>
          <PasswordInput
            name="new-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        <Field.Root required invalid={problem === 'Passwords do not match.'}>
          <Field.Label>Confirm New Password</Field.Label>
          <PasswordInput
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </Field.Root>
        {problem && (
          <Text role="alert" color="danger" fontSize="sm">
            {problem}
          </Text>
        )}
        <Button type="submit" colorPalette="brand" disabled={sending}>
          {sending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
