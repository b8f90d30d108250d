import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDecimal1, formatPercent } from '../../../components/format';
import { StatCard } from '../../../components/StatCard';
import type { IncrementalLiftQuery, ReachFrequencyQuery } from '../../../gql/graphql';
import { FrequencyChart } from '../charts/lazy';
import { ChartTable } from '../components/ChartTable';
import type { Call } from '../hooks/useDashboardData';
import { frequencyLabel } from '../utils/chart-data';

type Reach = ReachFrequencyQuery['reach_frequency'];
type Lift = IncrementalLiftQuery['incremental_lift'];

/** The lift's method in plain words (docs/design.md#reach-frequency-and-lift). */
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

/** An answer estimated from a household sample says so, and how large the sample was (docs/design.md#reach-frequency-and-lift). */
export const sampleText = (s: { Approximate: boolean; Sample_Rate: number } | undefined) =>
  s?.Approximate
    ? ` Estimated from 1 in ${Math.round(1 / s.Sample_Rate)} households (reach within 1% of the exact count).`
    : '';

/** "1 impression", "4 impressions", "10+ impressions". */
export const optimalText = (k: number) => (k === 1 ? '1 impression' : `${k >= 10 ? '10+' : k} impressions`);

/**
 * The "Reach & Lift" row of the summary view (docs/design.md#reach-frequency-and-lift): reach, average frequency, incremental
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
          note={`Households that saw at least one impression.${sampleText(r)}`}
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
          note={`Households that visited because of the ads, beyond those who would have anyway.${sampleText(l)}`}
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
        help={`How many households saw the ads k times (bars) and what share of them visited (line); the optimal frequency is where more impressions stop adding much.${sampleText(r)}`}
        state={reach.state}
        emptyText="No households reached in this range."
        testId="panel-reach-frequency"
        csv={reach.data?.table_data}
      >
        {reach.data && <FrequencyPanel data={reach.data} />}
      </ChartCard>
    </Box>
  );
}

function FrequencyPanel({ data }: { data: Reach }) {
  const rows = data.table_data;
  const optimal = data.summary_data.Optimal_Frequency;
  return (
    <>
      <Text fontSize="sm" color="gray.600" data-testid="optimal-frequency">
        {optimal > 0
          ? `Optimal frequency (orange bar): ${optimalText(optimal)} per household`
          : 'Optimal frequency: not enough households (30 per frequency) yet'}
      </Text>
      <FrequencyChart data={data} />
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
