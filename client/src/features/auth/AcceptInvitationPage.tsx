import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { go, usePath } from '../../public/location';
import { call } from '../../public/request';
import { AuthLayout } from './AuthLayout';

type Phase = 'processing' | 'accepted' | 'failed';

/** /accept-invitation/:token posts the token at once and reports the outcome (spec 2). */
export default function AcceptInvitationPage() {
  const token = decodeURIComponent(usePath().split('/')[2] ?? '');
  const [phase, setPhase] = useState<Phase>('processing');
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    call('POST', '/accept-invitation', { token }).then(
      () => setPhase('accepted'),
      () => setPhase('failed'),
    );
  }, [token]);

  return (
    <AuthLayout>
      <Stack align="center" gap="4" textAlign="center" py="4">
        <Heading as="h1" size="xl" color="primary">
          Invitation
        </Heading>
        {phase === 'processing' && (
          <>
            <Spinner color="primary" />
            <Text>Processing your invitation...</Text>
          </>
        )}
        {phase === 'accepted' && <Text role="status">Thank you! Your invitation has been accepted successfully.</Text>}
        {phase === 'failed' && (
          <Text role="alert" color="danger">
            Sorry, there was a problem accepting the invitation. Please try again later.
          </Text>
        )}
        {phase !== 'processing' && (
          <Button colorPalette="brand" variant="outline" onClick={() => go('/login')}>
            Go to sign in
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
