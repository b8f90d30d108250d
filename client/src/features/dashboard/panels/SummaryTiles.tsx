import { StatCard } from '../../../components/StatCard';
import { SimpleGrid } from '@chakra-ui/react';
import { formatCompact, formatMoney, formatPercent } from '../../../components/format';
import type { ImpressionSummaryQuery } from '../../../gql/graphql';
import type { Call } from '../hooks/useDashboardData';

type Summary = ImpressionSummaryQuery['impression_summary'];

/** The six tiles of spec 2: money as money, counts compact, the rate as a percentage (spec 9). Two columns on a phone. */
export const TILES: { title: string; value(s: Summary['summary_data']): string }[] = [
  { title: 'Ad Spend', value: (s) => formatMoney(s.Ad_Spend) },
  { title: 'Actual Impressions', value: (s) => formatCompact(s.Actual_Impressions) },
  { title: 'Total Visits', value: (s) => formatCompact(s.Total_Responses) },
  { title: 'CPM Actual', value: (s) => formatMoney(s.CPM_Actual) },
  { title: 'Response Rate', value: (s) => formatPercent(s.Response_Rate) },
  { title: 'Cost Per Visit', value: (s) => formatMoney(s.Current_CPR) },
];

export function SummaryTiles({ call }: { call: Call<Summary> }) {
  const s = call.data?.summary_data;
  return (
    <SimpleGrid columns={{ base: 2, lg: 3, xl: 6 }} gap="4" data-testid="summary-tiles" data-loading-state={call.state}>
      {TILES.map((t) => (
        <StatCard key={t.title} title={t.title} value={s ? t.value(s) : '-'} loading={call.state === 'loading'} />
      ))}
    </SimpleGrid>
  );
}
