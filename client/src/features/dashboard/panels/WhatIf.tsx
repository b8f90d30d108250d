import { Text } from '@chakra-ui/react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDollars, formatPercent } from '../../../components/format';
import type { AttributionWhatIfQuery } from '../../../gql/graphql';
import { WhatIfChart } from '../charts/lazy';
import { SimpleTable } from '../components/SimpleTable';
import type { Call } from '../hooks/useDashboardData';
import { windowLabel } from '../utils/chart-data';

type WhatIf = AttributionWhatIfQuery['attribution_what_if'];
type Row = WhatIf['table_data'][number];

/** "7 days", "1 hour", "6 hours": a window in words. */
export const windowWords = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * The "Attribution window what-if" panel (docs/design.md#attribution-what-if): visits, visit rate and cost per
 * visit the current filter would show under each touch window, as a curve with the window in use marked and as
 * a table. Every figure is the server's.
 */
export function WhatIfPanel({ call }: { call: Call<WhatIf> }) {
  const d = call.data;
  const current = d?.summary_data.Current_Window_Hours;
  return (
    <ChartCard
      title="Attribution window what-if"
      help="How many visits would count as responses if a visit had to come within each window after its household's last impression, from the stored events of this view."
      state={call.state}
      emptyText="No impressions in this range."
      testId="panel-what-if"
      csv={d?.table_data}
    >
      {d && (
        <>
          <Text fontSize="sm" color="gray.600" data-testid="what-if-current">
            {`Current window (orange point): ${windowWords(d.summary_data.Current_Window_Hours)}. Left axis: visits; right axis: visit rate.`}
          </Text>
          <WhatIfChart data={d} />
          <SimpleTable<Row>
            caption="Visits, visit rate and cost per visit per touch window"
            testId="what-if-table"
            rowKey={(r) => String(r.Window_Hours)}
            rows={d.table_data}
            columns={[
              {
                header: 'Window',
                cell: (r) =>
                  r.Window_Hours === current ? `${windowLabel(r.Window_Hours)} (current)` : windowLabel(r.Window_Hours),
              },
              { header: 'Visits', numeric: true, cell: (r) => formatCount(r.Total_Responses) },
              { header: 'Visit rate', numeric: true, cell: (r) => formatPercent(r.Response_Rate) },
              { header: 'Cost per visit', numeric: true, cell: (r) => formatDollars(r.Current_CPR) },
            ]}
          />
        </>
      )}
    </ChartCard>
  );
}
