import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../../app/api-errors';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { notify } from '../../../components/toaster';
import {
  AcceptAssociationRequestDocument,
  AssociationRequestsDocument,
  DeclineAssociationRequestDocument,
  WithdrawAssociationRequestDocument,
  type AssociationRequestFieldsFragment,
} from '../../../gql/graphql';
import { actorOf, isEntityAdminActor, isSystemAdmin } from '../access';
import { snackbar } from '../../../components/snackbar';
import { useAuth } from '../../auth/AuthProvider';

type Request = AssociationRequestFieldsFragment;
type Decision = 'accept' | 'decline' | 'withdraw';

const TYPE_LABEL: Record<string, string> = {
  client: 'Client',
  agency: 'Agency',
  broadcaster: 'Broadcaster',
  adtech: 'AdTech',
};
const DONE: Record<Decision, string> = {
  accept: 'Association request accepted',
  decline: 'Association request declined',
  withdraw: 'Association request withdrawn',
};

/**
 * Incoming and outgoing association requests of the signed-in organisation (consent). An
 * organisation's admin accepts or declines what others ask of it and withdraws what it asked; the super
 * admin sees every pending request and may accept or decline any. Hidden for everyone else.
 */
export function AssociationRequestsCard() {
  const { user } = useAuth();
  const actor = user ? actorOf(user) : null;
  const superAdmin = actor !== null && isSystemAdmin(actor);
  const shown = actor !== null && (isEntityAdminActor(actor) || superAdmin);
  const { data, loading, error } = useQuery(AssociationRequestsDocument, {
    skip: !shown,
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  const opts = {
    context: { silent: true },
    refetchQueries: ['AssociationRequests', 'AdminAgencies', 'AdminClients', 'AdminSummary'],
    awaitRefetchQueries: true,
  };
  const [accept] = useMutation(AcceptAssociationRequestDocument, opts);
  const [decline] = useMutation(DeclineAssociationRequestDocument, opts);
  const [withdraw] = useMutation(WithdrawAssociationRequestDocument, opts);
  const [busy, setBusy] = useState<number | null>(null);
  if (!shown) return null;

  const incoming = data?.associationRequests.incoming ?? [];
  const outgoing = data?.associationRequests.outgoing ?? [];
  const state: LoadingState =
    loading && !data
      ? 'loading'
      : error && !data
        ? 'error'
        : incoming.length + outgoing.length === 0
          ? 'empty'
          : 'ready';

  const decide = async (r: Request, d: Decision) => {
    setBusy(r.id);
    try {
      const run = d === 'accept' ? accept : d === 'decline' ? decline : withdraw;
      await run({ variables: { id: r.id } });
      snackbar(DONE[d]);
    } catch (e) {
      notify('error', `Failed to ${d} association request. ${describeError(e).message || 'Please try again.'}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <ChartCard
      title="Association requests"
      subtitle="Organisations are related only once the other side's admin accepts."
      state={state}
      emptyText="No pending association requests"
      errorText="Unable to retrieve association requests. Please try again."
      testId="association-requests"
    >
      <Stack gap="4">
        {incoming.length > 0 && (
          <RequestList
            heading="Incoming"
            requests={incoming}
            describe={(r) =>
              superAdmin
                ? `${r.requester_name} (${TYPE_LABEL[r.requester_type]}) asks to work with ${r.target_name} (${TYPE_LABEL[r.target_type]})`
                : `${r.requester_name} (${TYPE_LABEL[r.requester_type]}) asks to work with you`
            }
            actions={(r) => (
              <>
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={busy === r.id}
                  aria-label={`Accept request from ${r.requester_name}`}
                  onClick={() => void decide(r, 'accept')}
                >
                  Accept
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={busy === r.id}
                  aria-label={`Decline request from ${r.requester_name}`}
                  onClick={() => void decide(r, 'decline')}
                >
                  Decline
                </Button>
              </>
            )}
          />
        )}
        {outgoing.length > 0 && (
          <RequestList
            heading="Sent"
            requests={outgoing}
            describe={(r) => `Waiting for ${r.target_name} (${TYPE_LABEL[r.target_type]}) to accept`}
            actions={(r) => (
              <Button
                size="xs"
                variant="outline"
                loading={busy === r.id}
                aria-label={`Withdraw request to ${r.target_name}`}
                onClick={() => void decide(r, 'withdraw')}
              >
                Withdraw
              </Button>
            )}
          />
        )}
      </Stack>
    </ChartCard>
  );
}

function RequestList(props: {
  heading: string;
  requests: readonly Request[];
  describe(r: Request): string;
  actions(r: Request): ReactNode;
}) {
  return (
    <Stack gap="2" as="section" aria-label={`${props.heading} association requests`}>
      <HStack gap="2">
        <Text fontWeight="semibold">{props.heading}</Text>
        <Badge>{props.requests.length}</Badge>
      </HStack>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {props.requests.map((r) => (
          <HStack
            as="li"
            key={r.id}
            justify="space-between"
            gap="3"
            wrap="wrap"
            borderWidth="1px"
            borderRadius="md"
            px="3"
            py="2"
            data-testid={`association-request-${r.id}`}
          >
            <Text fontSize="sm" minW="0" flex="1 1 12rem">
              {props.describe(r)}
            </Text>
            <HStack gap="2">{props.actions(r)}</HStack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
