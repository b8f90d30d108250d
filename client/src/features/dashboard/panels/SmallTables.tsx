import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDollars, formatPercent } from '../../../components/format';
import type {
  CreativePerformanceCostQuery,
  PlatformCreativePerformanceQuery,
  ResponsesBySiteQuery,
} from '../../../gql/graphql';
import { figureColumn, withChangeColumns } from '../components/ChangeCell';
import { SimpleTable } from '../components/SimpleTable';
import type { Call } from '../hooks/useDashboardData';
import { orNA } from '../utils/details-paging';

type CostRow = CreativePerformanceCostQuery['creative_performance_cost']['table_data'][number];
type SiteRow = ResponsesBySiteQuery['responses_by_site']['table_data'][number];

/** Creative Performance by Channel (spec 2): one decimal percentages, 'N/A' when missing. */
export function ChannelTable({
  call,
}: {
  call: Call<PlatformCreativePerformanceQuery['platform_creative_performance']>;
}) {
  return (
    <ChartCard
      title="Creative Performance by Channel"
      state={call.state}
      testId="panel-channel-table"
      csv={call.data?.table_data}
    >
      <SimpleTable
        caption="Creative Performance by Channel"
        rows={call.data?.table_data ?? []}
        rowKey={(r, i) => `${r.Platform}-${r.Creative}-${i}`}
        columns={[
          { header: 'Channel', cell: (r) => r.Platform },
          { header: 'Creative', cell: (r) => r.Creative },
          { header: 'Impressions %', cell: (r) => orNA(r.Impressions_Perc, formatPercent), numeric: true },
          { header: 'Visits %', cell: (r) => orNA(r.Responses_Perc, formatPercent), numeric: true },
        ]}
      />
    </ChartCard>
  );
}

/** The cost table of the creative performance view. */
export function CostTable({ call }: { call: Call<CreativePerformanceCostQuery['creative_performance_cost']> }) {
  return (
    <ChartCard title="Creative Cost" state={call.state} testId="panel-cost-table" csv={call.data?.table_data}>
      <SimpleTable
        caption="Creative Cost"
        rows={call.data?.table_data ?? []}
        rowKey={(r, i) => `${r.Creative}-${i}`}
        testId="cost-table"
        columns={withChangeColumns<CostRow>(
          [
            { header: 'Creative', cell: (r) => r.Creative },
            figureColumn('Ad Spend', 'Ad_Spend', formatDollars),
            figureColumn('Total Visits', 'Total_Responses', formatCount),
            figureColumn('Cost Per Visit', 'Current_CPR', formatDollars),
          ],
          call.data?.comparison,
          (r) => r.Creative,
        )}
      />
    </ChartCard>
  );
}

/** Page table (spec 2): Page, Total Visits, Response Rate, CPVisit. */
export function PageTable({ call }: { call: Call<ResponsesBySiteQuery['responses_by_site']> }) {
  return (
    <ChartCard title="Visits by Page" state={call.state} testId="panel-page-table" csv={call.data?.table_data}>
      <SimpleTable
        caption="Visits by page"
        testId="page-table"
        rows={call.data?.table_data ?? []}
        rowKey={(r, i) => `${r.Site}-${i}`}
        columns={withChangeColumns<SiteRow>(
          [
            { header: 'Page', cell: (r) => r.Site },
            figureColumn('Total Visits', 'Responses', formatCount),
            figureColumn('Response Rate', 'Response_Rate_Percent', formatPercent),
            figureColumn('CPVisit', 'CPR', formatDollars),
          ],
          call.data?.comparison,
          (r) => r.Site,
        )}
      />
    </ChartCard>
  );
}
