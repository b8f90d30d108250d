import { Badge, Box, Button, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../components/format';
import { AlertInboxDocument, MarkAlertsReadDocument } from '../../gql/graphql';
import { ALERTS_TEXT } from './texts';

/** Polls the inbox every minute: an alert raised by the evaluation task appears without a reload. */
const POLL_MS = 60_000;

/** The header's bell (docs/operations.md#alerts): unread count, latest alerts, each linking to the view of its problem. */
export function AlertBell() {
  const { data } = useQuery(AlertInboxDocument, {
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
    pollInterval: POLL_MS,
  });
  const [markRead] = useMutation(MarkAlertsReadDocument, {
    context: { silent: true },
    refetchQueries: ['AlertInbox'],
  });
  const [isOpen, setOpen] = useState(false);
  const unread = data?.alerts.unread ?? 0;
  const alerts = data?.alerts.alerts ?? [];
  // Following an alert closes the list and marks it read (the count comes back from the server).
  const follow = (id: number, read: boolean) => {
    setOpen(false);
    if (!read) void markRead({ variables: { ids: [id] } }).catch(() => undefined);
  };
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
      open={isOpen}
      onOpenChange={(e) => setOpen(e.open)}
    >
      <Popover.Trigger asChild>
        <Button
          size="sm"
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          _expanded={{ bg: 'whiteAlpha.300', color: 'white' }}
          aria-label={ALERTS_TEXT.bellLabel(unread)}
          data-testid="alert-bell"
          position="relative"
        >
          <LuBell />
          {unread > 0 && (
            <Badge
              data-testid="alert-unread"
              colorPalette="red"
              variant="solid"
              position="absolute"
              top="0"
              right="0"
              borderRadius="full"
              fontSize="2xs"
              px="1.5"
            >
              {unread}
            </Badge>
          )}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '92vw', md: '420px' }} maxH="70vh" overflowY="auto" data-testid="alert-list">
            <Popover.Body p="2">
              <Text fontWeight="semibold" px="2" py="1">
                {ALERTS_TEXT.title}
              </Text>
              {alerts.length === 0 ? (
                <Text px="2" py="3" color="gray.600" fontSize="sm">
                  {ALERTS_TEXT.empty}
                </Text>
              ) : (
                <Stack gap="1">
                  {alerts.map((a) => (
                    <Box
                      asChild
                      key={a.id}
                      display="block"
                      px="2"
                      py="2"
                      borderRadius="md"
                      bg={a.read ? 'transparent' : 'blue.50'}
                      _hover={{ bg: 'gray.100' }}
                    >
                      <RouterLink to={a.link} onClick={() => follow(a.id, a.read)} data-testid="alert-item">
                        <Text fontSize="sm" fontWeight={a.read ? 'normal' : 'semibold'}>
                          {a.title}
                        </Text>
                        <Text fontSize="xs" color="gray.600">
                          {a.customer_name} · {formatDateTime(a.opened_at)}
                          {a.resolved_at ? ` · ${ALERTS_TEXT.resolved}` : ''}
                        </Text>
                      </RouterLink>
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
