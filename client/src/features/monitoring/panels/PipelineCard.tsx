import { Badge, Box, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { VictoryArea, VictoryChart, VictoryAxis } from 'victory';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { formatBytes, formatCount, formatDecimal1 } from '../../../components/format';
import { EtlPipelineDocument } from '../../../gql/graphql';
import { COLORS } from '../../../components/charts/theme';
import { useElementWidth } from '../../../components/useElementWidth';
import { appendPoint, rateBadge } from '../health-rules';
import { REFRESH, SPARKLINE_POINTS, TEXTS } from '../texts';

/** Lag as the screen reads it: ms below a second, then seconds. */
const formatLag = (ms: number) => (ms < 1000 ? `${formatCount(ms)} ms` : `${formatDecimal1(ms / 1000)} s`);

/**
 * ETL Pipeline Status (spec 2) from the ingest status: lag, pending, events/s with the processing-rate
 * badge, and a sparkline of the last 60 readings of events/s. Read with the queue (every 5 s).
 */
export function PipelineCard() {
  const { data, error, loading } = useQuery(EtlPipelineDocument, {
    pollInterval: REFRESH.queue,
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
  const s = data?.etlPipelineStatus;
  const [series, setSeries] = useState<number[]>([]);
  useEffect(() => {
    if (s) setSeries((prev) => appendPoint(prev, s.events_per_s, SPARKLINE_POINTS));
  }, [s]);
  const state: LoadingState = error ? 'error' : !s && loading ? 'loading' : s ? 'ready' : 'empty';
  const badge = rateBadge(s?.events_per_s ?? 0);
  return (
    <ChartCard
      title="ETL Pipeline Status"
      subtitle={s ? (s.idle ? 'Everything accepted is committed' : 'Processing') : undefined}
      help="From the ingest status: entries waiting in the stream, the age of the oldest, and events written per second."
      state={state}
      errorText={TEXTS.queueError}
      testId="etl-pipeline"
      actions={
        <Badge colorPalette={badge.palette} data-testid="rate-badge" data-level={badge.level}>
          {badge.label}
        </Badge>
      }
    >
      {s && (
        <>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Figure label="Events/s" value={formatDecimal1(s.events_per_s)} testId="etl-rate" />
            <Figure label="Lag" value={formatLag(s.lag_ms)} testId="etl-lag" />
            <Figure label="Pending" value={formatCount(s.pending + s.undelivered)} testId="etl-pending" />
            <Figure label="Processed" value={formatCount(s.processed)} testId="etl-processed" />
          </SimpleGrid>
          <Sparkline points={series} />
          <HStack gap="4" wrap="wrap" fontSize="sm" color="gray.600">
            <Text>Workers: {s.consumers}</Text>
            <Text>Collectors: {s.collectors}</Text>
            <Text>Rejected: {formatCount(s.rejected)}</Text>
            {s.spooled_bytes > 0 && <Text color="red.600">Spooled: {formatBytes(s.spooled_bytes)}</Text>}
          </HStack>
          {/* docs/invalid-traffic.md#where-it-is-shown: filtered hits per reason, in the server's words. */}
          <HStack gap="4" wrap="wrap" fontSize="sm" color="gray.600" data-testid="etl-invalid">
            <Text>Invalid traffic:</Text>
            {s.invalid_by_reason.map((r) => (
              <Text key={r.reason} data-reason={r.reason}>
                {r.label}: {formatCount(r.hits)}
              </Text>
            ))}
          </HStack>
        </>
      )}
    </ChartCard>
  );
}

export function Figure({
  label,
  value,
  testId,
  alert,
}: {
  label: string;
  value: string;
  testId?: string;
  alert?: boolean;
}) {
  return (
    <Stat.Root data-testid={testId} data-alert={alert ? 'true' : undefined}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText color={alert ? 'red.600' : 'primary'} fontSize="xl">
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}

/** Events/s over the last 60 readings; its text alternative is the figures above it. */
function Sparkline({ points }: { points: number[] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // Right-aligned: the newest reading at the right edge, the window filling leftwards.
  const data = points.map((y, i) => ({ x: SPARKLINE_POINTS - points.length + i, y }));
  return (
    <Box ref={ref} w="100%" h="70px" my="2" aria-hidden="true" data-testid="etl-sparkline" data-points={points.length}>
      {data.length > 1 && (
        <VictoryChart
          width={width}
          height={70}
          padding={{ top: 6, bottom: 6, left: 4, right: 4 }}
          domain={{ x: [0, SPARKLINE_POINTS - 1], y: [0, Math.max(1, ...points) * 1.1] }}
        >
          <VictoryAxis style={{ axis: { stroke: COLORS.grid }, tickLabels: { fill: 'transparent' } }} />
          <VictoryArea
            data={data}
            interpolation="monotoneX"
            style={{ data: { fill: `${COLORS.secondary}33`, stroke: COLORS.secondary, strokeWidth: 2 } }}
          />
        </VictoryChart>
      )}
    </Box>
  );
}
