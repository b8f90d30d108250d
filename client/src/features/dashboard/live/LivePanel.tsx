import { Badge, Box, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { formatCount } from '../../../components/format';
import { useLiveFeed, type LiveStatus } from '../../../components/useLiveFeed';

const STATUS_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  refused: 'Not available for this client',
};

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The live view of the selected client (docs/design.md#live-view): the last 30 minutes per minute and the tags
 * that fired with their last hit, updated by the server's push the moment the ETL commits new events.
 */
export function LivePanel({ customerId }: { customerId: number | null }) {
  const { snapshot: s, status } = useLiveFeed(customerId);
  const max = Math.max(1, ...(s?.minutes ?? []).map((m) => Math.max(m.impressions, m.hits)));
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      p="4"
      mb="4"
      data-testid="live-panel"
      data-status={status}
      aria-live="polite"
    >
      <HStack justify="space-between" wrap="wrap" mb="3">
        <Text fontWeight="semibold" color="primary">
          Live: last 30 minutes
        </Text>
        <HStack gap="2">
          <Badge
            colorPalette={status === 'live' ? 'green' : status === 'refused' ? 'red' : 'gray'}
            data-testid="live-status"
          >
            {STATUS_TEXT[status]}
          </Badge>
          {s && (
            <Text fontSize="xs" color="gray.600" data-testid="live-as-of">
              Updated {clock(s.as_of)}
            </Text>
          )}
        </HStack>
      </HStack>
      {s && (
        <>
          <SimpleGrid columns={{ base: 3 }} gap="3" mb="3">
            {(
              [
                ['Impressions', s.impressions, 'live-impressions'],
                ['Site hits', s.hits, 'live-hits'],
                ['Responses so far', s.responses, 'live-responses'],
              ] as const
            ).map(([label, n, id]) => (
              <Box key={id}>
                <Text fontSize="xs" color="gray.600">
                  {label}
                </Text>
                <Text fontSize="2xl" fontWeight="bold" color="primary" data-testid={id}>
                  {formatCount(n)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <HStack
            gap="1px"
            align="end"
            h="60px"
            aria-label="Impressions and site hits per minute"
            role="img"
            data-testid="live-minutes"
          >
            {s.minutes.map((m) => (
              <Box
                key={m.minute}
                flex="1"
                title={`${clock(m.minute)}: ${m.impressions} impressions, ${m.hits} site hits`}
                display="flex"
                flexDirection="column"
                justifyContent="end"
                h="100%"
              >
                <Box bg="#0ea5e9" h={`${(m.impressions / max) * 100}%`} minH={m.impressions ? '2px' : '0'} />
                <Box bg="#0f3d56" h={`${(m.hits / max) * 40}%`} minH={m.hits ? '2px' : '0'} />
              </Box>
            ))}
          </HStack>
          <Box as="table" w="100%" mt="3" fontSize="sm" data-testid="live-tags">
            <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>Tags that fired</caption>
            <thead>
              <tr>
                <Box as="th" textAlign="left">
                  Tag
                </Box>
                <Box as="th" textAlign="left">
                  Kind
                </Box>
                <Box as="th" textAlign="right">
                  Hits
                </Box>
                <Box as="th" textAlign="right">
                  Last hit
                </Box>
              </tr>
            </thead>
            <tbody>
              {s.tags.map((t) => (
                <tr key={`${t.kind}-${t.id}`} data-testid="live-tag">
                  <td>{t.name}</td>
                  <td>{t.kind === 'site' ? 'Site tag' : 'Impression tag'}</td>
                  <Box as="td" textAlign="right">
                    {formatCount(t.hits)}
                  </Box>
                  <Box as="td" textAlign="right">
                    {clock(t.last_hit)}
                  </Box>
                </tr>
              ))}
              {s.tags.length === 0 && (
                <tr>
                  <td colSpan={4} style={{ color: 'var(--chakra-colors-gray-500)' }}>
                    Waiting for first hit
                  </td>
                </tr>
              )}
            </tbody>
          </Box>
        </>
      )}
    </Box>
  );
}
