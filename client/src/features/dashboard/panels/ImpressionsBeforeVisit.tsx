import { Box, Text } from '@chakra-ui/react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDecimal1, formatPercent } from '../../../components/format';
import type { ImpressionsBeforeVisitQuery } from '../../../gql/graphql';
import { HorizontalBars } from '../charts/lazy';
import { ChartTable } from '../components/ChartTable';
import type { Call } from '../hooks/useDashboardData';
import { coverage, viewsShown } from '../utils/chart-data';

export const BEFORE_VISIT_HEIGHT = 350;

export function ImpressionsBeforeVisit({
  call,
}: {
  call: Call<ImpressionsBeforeVisitQuery['impressions_before_visit']>;
}) {
  const all = call.data?.table_data ?? [];
  const shown = viewsShown(all);
  const cover = coverage(shown, all);
  return (
    <ChartCard
      title="Impressions before Visit"
      help="How many impressions a household saw in the 7 days before its visit (up to 7 views)."
      state={call.state}
      testId="panel-impressions-before-visit"
      csv={all}
    >
      {call.data && (
        <>
          <HorizontalBars
            height={BEFORE_VISIT_HEIGHT}
            leftPadding={60}
            categoryAxisLabel="Views"
            valueAxisLabel="Impressions"
            bars={shown.map((r) => ({
              label: String(r.Views),
              value: r.Impressions_Before_Visit,
              valueText: formatCount(r.Impressions_Before_Visit),
              tooltip: `Impressions: ${formatCount(r.Impressions_Before_Visit)}\nData Coverage: ${formatPercent(cover)}`,
            }))}
            tickFormat={(v) => formatCount(v)}
          />
          <Box mt="2" p="3" bg="gray.50" borderRadius="md" textAlign="center" data-testid="avg-imps-per-visit">
            <Text fontSize="sm" color="gray.600">
              Avg. Imps/Visit
            </Text>
            <Text fontSize="xl" fontWeight="bold" color="primary">
              {formatDecimal1(call.data.summary_data.Total_Views_Occurrence)}
            </Text>
          </Box>
          <ChartTable
            caption="Impressions before visit"
            headers={['Views', 'Impressions']}
            rows={shown.map((r) => [String(r.Views), formatCount(r.Impressions_Before_Visit)])}
          />
        </>
      )}
    </ChartCard>
  );
}
