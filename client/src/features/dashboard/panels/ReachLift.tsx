import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { ChartCard } from '../../../components/ChartCard';
import { formatCompact, formatCount, formatDecimal1, formatPercent } from '../../../components/format';
import { StatCard } from '../../../components/StatCard';
import type { IncrementalLiftQuery, ReachFrequencyQuery } from '../../../gql/graphql';
import { AXIS_STYLE, COLORS } from '../charts/theme';
import { ChartTable } from '../components/ChartTable';
import type { Call } from '../hooks/useDashboardData';
import { useElementWidth } from '../hooks/useElementWidth';

export const FREQUENCY_HEIGHT = 300;
type Reach = ReachFrequencyQuery['reach_frequency'];
type Lift = IncrementalLiftQuery['incremental_lift'];

/** The lift's method in plain words (DESIGN 4b). */
export const methodText = (m: string | undefined) =>
  m === 'holdout'
    ? 'compared with a holdout group that saw no ad'
    : m === 'pre_post'
      ? 'compared with the same households in the week before their first impression'
      : '';

/** The lift's interval and method; without a baseline rate there is nothing to divide by. */
export const liftNote = (l: Lift['summary_data']) =>
  l.Control_Rate === 0
    ? `Not measurable yet: no baseline visits (${methodText(l.Method)}).`
    : `95% range ${formatPercent(l.Lift_Low)} to ${formatPercent(l.Lift_High)}, ${methodText(l.Method)}.`;

/** "1 impression", "4 impressions", "10+ impressions". */
export const optimalText = (k: number) => (k === 1 ? '1 impression' : `${k >= 10 ? '10+' : k} impressions`);

const frequencyLabel = (k: number) => (k >= 10 ? '10+' : String(k));

/**
 * The "Reach & Lift" row of the summary view (DESIGN 4b): reach, average frequency, incremental
 * visits and lift with its interval and method, and households per frequency (bars) with their
 * response rate (line), the optimal frequency marked.
 */
export function ReachLift({ reach, lift }: { reach: Call<Reach>; lift: Call<Lift> }) {
  const r = reach.data?.summary_data;
  const l = lift.data?.summary_data;
  return (
    <Box data-testid="panel-reach-lift">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" mb="4">
        <StatCard
          title="Reach"
          value={formatCount(r?.Reach)}
          note="Households that saw at least one impression."
          loading={reach.state === 'loading'}
          testId="card-reach"
        />
        <StatCard
          title="Avg. Frequency"
          value={formatDecimal1(r?.Avg_Frequency)}
          note="Impressions per household reached."
          loading={reach.state === 'loading'}
          testId="card-avg-frequency"
        />
        <StatCard
          title="Incremental Visitors"
          value={formatCount(l ? Math.round(l.Incremental_Responses) : undefined)}
          note="Households that visited because of the ads, beyond those who would have anyway."
          loading={lift.state === 'loading'}
          testId="card-incremental"
        />
        <StatCard
          title="Lift"
          value={l && l.Control_Rate === 0 ? '-' : formatPercent(l?.Lift)}
          note={l ? liftNote(l) : undefined}
          loading={lift.state === 'loading'}
          testId="card-lift"
        />
      </SimpleGrid>
      <ChartCard
        title="Reach Frequency"
        help="How many households saw the ads k times (bars) and what share of them visited (line); the optimal frequency is where more impressions stop adding much."
        state={reach.state}
        emptyText="No households reached in this range."
        testId="panel-reach-frequency"
      >
        {reach.data && <FrequencyChart data={reach.data} />}
      </ChartCard>
    </Box>
  );
}

function FrequencyChart({ data }: { data: Reach }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const rows = data.table_data;
  const optimal = data.summary_data.Optimal_Frequency;
  const maxHh = Math.max(1, ...rows.map((x) => x.Households));
  const maxRate = Math.max(0.0001, ...rows.map((x) => x.Response_Rate));
  const x = (k: number) => frequencyLabel(k);
  return (
    <>
      <Text fontSize="sm" color="gray.600" data-testid="optimal-frequency">
        {optimal > 0
          ? `Optimal frequency (orange bar): ${optimalText(optimal)} per household`
          : 'Optimal frequency: not enough households (30 per frequency) yet'}
      </Text>
      <Box ref={ref} w="100%" h={`${FREQUENCY_HEIGHT}px`} aria-hidden="true" data-testid="frequency-chart">
        <VictoryChart
          width={width}
          height={FREQUENCY_HEIGHT}
          padding={{ top: 20, bottom: 50, left: 64, right: 64 }}
          domain={{ y: [0, 1.05] }}
          domainPadding={{ x: Math.max(24, width / (2 * (rows.length + 1))) }}
        >
          <VictoryAxis
            tickValues={rows.map((row) => x(row.Frequency))}
            label="Impressions per household"
            style={AXIS_STYLE}
          />
          <VictoryAxis
            dependentAxis
            label="Households"
            tickFormat={(t: number) => formatCompact(Math.round(t * maxHh))}
            style={AXIS_STYLE}
          />
          <VictoryAxis
            dependentAxis
            orientation="right"
            label="Visit rate"
            tickFormat={(t: number) => formatPercent(t * maxRate)}
            style={{ ...AXIS_STYLE, grid: { stroke: 'none' }, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 44 } }}
          />
          <VictoryBar
            data={rows.map((row) => ({ x: x(row.Frequency), y: row.Households / maxHh, k: row.Frequency }))}
            style={{
              data: {
                fill: ({ datum }: { datum?: { k: number } }) =>
                  datum?.k === optimal ? COLORS.accent : COLORS.secondary,
                opacity: 0.8,
              },
            }}
            barRatio={0.6}
          />
          <VictoryLine
            data={rows.map((row) => ({ x: x(row.Frequency), y: row.Response_Rate / maxRate }))}
            style={{ data: { stroke: COLORS.primary, strokeWidth: 2 } }}
          />
          <VictoryScatter
            data={rows.map((row) => ({ x: x(row.Frequency), y: row.Response_Rate / maxRate }))}
            size={3}
            style={{ data: { fill: COLORS.primary } }}
          />
        </VictoryChart>
      </Box>
      <ChartTable
        caption="Households and visit rate per frequency"
        headers={['Impressions', 'Households', 'Visited', 'Visit rate']}
        rows={rows.map((row) => [
          frequencyLabel(row.Frequency),
          formatCount(row.Households),
          formatCount(row.Responding),
          formatPercent(row.Response_Rate),
        ])}
      />
    </>
  );
}
