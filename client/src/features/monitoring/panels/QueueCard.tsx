import { Badge, Button, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuPause, LuPlay } from 'react-icons/lu';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { formatBytes, formatCount, formatDecimal1 } from '../../../components/format';
import { QueueMonitorDocument } from '../../../gql/graphql';
import { queueBadge, queueFill } from '../health-rules';
import { REFRESH, TEXTS } from '../texts';

/**
 * Queue health (spec 2, 4): every stream and consumer group with its messages, memory and rate, the
 * badge from the largest queue and a bar full at 1000 messages; every 5 s with a pause button (spec 7).
 */
export function QueueCard() {
  const [paused, setPaused] = useState(false);
  const { data, error, loading } = useQuery(QueueMonitorDocument, {
    pollInterval: paused ? 0 : REFRESH.queue,
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
  const stats = data?.redisQueueStats;
  const summary = data?.redisQueueSummary;
  const state: LoadingState = error
    ? 'error'
    : !data && loading
      ? 'loading'
      : !stats || stats.length === 0
        ? 'empty'
        : 'ready';
  const badge = queueBadge(summary?.largest_queue ?? 0);
  const pause = (
    <Button
      size="xs"
      variant="outline"
      onClick={() => setPaused((p) => !p)}
      aria-pressed={paused}
      data-testid="queue-pause"
    >
      {paused ? <LuPlay /> : <LuPause />} {paused ? 'Resume' : 'Pause'}
    </Button>
  );
  return (
    <ChartCard
      title="Queue Health"
      subtitle={
        summary
          ? `${formatCount(summary.total_messages)} messages · ${formatCount(summary.total_consumers)} consumers${paused ? ' · paused' : ''}`
          : undefined
      }
      help="Redis streams and their consumer groups. Messages are entries not yet processed by the group. Refreshed every 5 s."
      state={state}
      errorText={TEXTS.queueError}
      emptyText={TEXTS.queueEmpty}
      testId="queue-health"
      actions={
        <>
          <Badge colorPalette={badge.palette} data-testid="queue-badge">
            {badge.label}
          </Badge>
          {pause}
        </>
      }
    >
      {stats && (
        <Stack gap="3">
          {stats.map((q) => (
            <Stack key={q.name} gap="1" data-testid="queue-row">
              <HStack justify="space-between" wrap="wrap" gap="2">
                <Text fontWeight="semibold" fontFamily="mono" fontSize="sm">
                  {q.name}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  <Text as="span" fontWeight="bold" color="primary" data-testid="queue-messages">
                    {formatCount(q.messages)}
                  </Text>{' '}
                  messages
                </Text>
              </HStack>
              <Progress.Root
                value={queueFill(q.messages)}
                size="sm"
                colorPalette={queueBadge(q.messages).palette}
                aria-label={`${q.name}: ${q.messages} of 1000 messages`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Stack>
          ))}
          <Table.ScrollArea>
            <Table.Root size="sm" variant="line">
              <Table.Caption srOnly>Queues</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Queue</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Messages</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Memory</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Rate</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Consumers</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {stats.map((q) => (
                  <Table.Row key={q.name}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {q.name}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(q.messages)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatBytes(q.memory_usage)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatDecimal1(q.message_rate)}/s</Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(q.consumers)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
    </ChartCard>
  );
}
