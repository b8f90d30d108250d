import { Button, Field, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeError } from '../../app/api-errors';
import { notify } from '../../components/toaster';
import { ResetPasswordDocument, VerifyResetTokenDocument } from '../../gql/graphql';
import { AuthLayout } from './AuthLayout';
import { PasswordInput } from './PasswordInput';

/** /reset-password?token=...: verify the token, then take the new password (spec 2, 4, 8). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();

  useEffect(() => {
    if (!token) {
      notify('error', 'No token provided.');
      void navigate('/', { replace: true });
    }
  }, [token, navigate]);

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
  const navigate = useNavigate();
  const verify = useQuery(VerifyResetTokenDocument, {
    variables: { token },
    context: { silent: true },
    fetchPolicy: 'network-only',
  });
  const [reset, { loading: sending }] = useMutation(ResetPasswordDocument, { context: { silent: true } });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const invalid = !verify.loading && (!!verify.error || verify.data?.verifyResetToken.valid !== true);
  useEffect(() => {
    if (invalid) {
      notify('error', 'Invalid or expired reset token.');
      void navigate('/', { replace: true });
    }
  }, [invalid, navigate]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) return setProblem('Passwords do not match.');
    setProblem(null);
    try {
      await reset({ variables: { token, new_password: password } });
      notify('success', 'Password reset successful.');
      void navigate('/', { replace: true });
    } catch (error) {
      const { code, fields, message } = describeError(error);
      // A password the rules reject is worth explaining; anything else gets the catalogue text.
      setProblem(code === 'VALIDATION' ? (fields && Object.values(fields)[0]) || message : null);
      notify('error', 'Failed to reset password. Please try again.');
    }
  }

  if (verify.loading || invalid) {
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
