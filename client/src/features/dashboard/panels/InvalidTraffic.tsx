import { GridItem, SimpleGrid } from '@chakra-ui/react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDollars, formatPercent } from '../../../components/format';
import { StatCard } from '../../../components/StatCard';
import type { InvalidTrafficQuery } from '../../../gql/graphql';
import { SimpleTable } from '../components/SimpleTable';
import type { Call } from '../hooks/useDashboardData';

type Invalid = InvalidTrafficQuery['invalid_traffic'];
type Row = Invalid['table_data'][number];

/**
 * The "Invalid traffic" tile and its breakdown (docs/invalid-traffic.md#the-report): the share of impressions
 * filtered before counting, what they would have cost, and the hits per reason in the server's words.
 */
export function InvalidTraffic({ call }: { call: Call<Invalid> }) {
  const s = call.data?.summary_data;
  const rows = (call.data?.table_data ?? []).filter((r) => r.Invalid_Impressions + r.Invalid_Visits > 0);
  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" data-testid="panel-invalid-traffic">
      <StatCard
        title="Invalid traffic"
        value={formatPercent(s?.Filtered_Share)}
        note={
          s
            ? `${formatCount(s.Invalid_Impressions)} impressions and ${formatCount(s.Invalid_Visits)} site hits filtered before counting; they would have cost ${formatDollars(s.Invalid_Spend)}.`
            : undefined
        }
        loading={call.state === 'loading'}
        testId="card-invalid-traffic"
      />
      <GridItem colSpan={{ base: 1, lg: 2 }}>
        <ChartCard
          title="Invalid Traffic by Reason"
          help="Hits that never count: bots, prefetches, data-centre addresses, opt-outs and Global Privacy Control requests."
          state={rows.length === 0 && call.state === 'ready' ? 'empty' : call.state}
          emptyText="No invalid traffic in this range."
          testId="panel-invalid-reasons"
          csv={call.data?.table_data}
        >
          <SimpleTable<Row>
            caption="Invalid traffic by reason"
            testId="table-invalid-reasons"
            rowKey={(r) => r.Reason}
            rows={rows}
            columns={[
              { header: 'Reason', cell: (r) => r.Label },
              { header: 'Impressions', numeric: true, cell: (r) => formatCount(r.Invalid_Impressions) },
              { header: 'Site hits', numeric: true, cell: (r) => formatCount(r.Invalid_Visits) },
              { header: 'Would-be spend', numeric: true, cell: (r) => formatDollars(r.Invalid_Spend) },
            ]}
          />
        </ChartCard>
      </GridItem>
    </SimpleGrid>
  );
}
