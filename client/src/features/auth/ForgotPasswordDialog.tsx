import { Button, CloseButton, Dialog, Field, Input, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/toaster';
import { call } from '../../public/request';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Forgot password' dialog on the login page: asks for the email and sends the reset link. */
export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setInvalid('Email is required.');
    if (!EMAIL.test(value)) return setInvalid('Enter a valid email address.');
    setInvalid(null);
    setLoading(true);
    try {
      await call('POST', '/password-reset', { email: value });
      notify('success', 'Password reset link has been sent to your email.');
      setEmail('');
      onClose();
    } catch {
      notify('error', 'Failed to send password reset link. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Reset your password</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text mb="4" color="fg.muted">
                  Enter the email address of your account and we will send you a link to set a new password.
                </Text>
                <Field.Root required invalid={!!invalid}>
                  <Field.Label>
                    Email <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="email"
                    name="reset-email"
                    autoComplete="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    autoFocus
                  />
                  <Field.ErrorText>{invalid}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="brand" loading={loading}>
                  Send reset link
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
