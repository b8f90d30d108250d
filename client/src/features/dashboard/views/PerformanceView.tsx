import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { DashboardData } from '../hooks/useDashboardData';
import { CategoryBars } from '../panels/CategoryBars';
import { CreativeDetails } from '../panels/CreativeDetails';
import { Heatmaps } from '../panels/Heatmaps';
import { ChannelTable, CostTable } from '../panels/SmallTables';

/** The creative performance view (spec 2): heatmaps, cost table, platform table, visits chart, details. */
export function PerformanceView({ data }: { data: DashboardData }) {
  return (
    <Stack gap="4" data-testid="performance-view">
      <Heatmaps call={data.heatmap} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <CostTable call={data.cost} />
        <ChannelTable call={data.platform} />
      </SimpleGrid>
      <CategoryBars
        title="Creative Performance Visits"
        category="Creative"
        help="Visits credited to each creative (last impression before the visit) and what each visit cost."
        state={data.cost.state}
        testId="panel-creative-visits"
        csv={data.cost.data?.table_data}
        rows={[...(data.cost.data?.table_data ?? [])]
          .sort((a, b) => b.Total_Responses - a.Total_Responses)
          .map((r) => ({ label: r.Creative, visits: r.Total_Responses, costPerVisit: r.Current_CPR }))}
      />
      <CreativeDetails call={data.creatives} />
    </Stack>
  );
}
