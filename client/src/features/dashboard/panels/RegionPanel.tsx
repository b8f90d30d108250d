import { Box, Button, CloseButton, Dialog, Portal, SimpleGrid, Spinner, Center } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { ChartCard } from '../../../components/ChartCard';
import { NearViewport } from '../../../components/NearViewport';
import { formatCount, formatPercent } from '../../../components/format';
import type { ResponsesByRegionQuery } from '../../../gql/graphql';
import { SimpleTable } from '../components/SimpleTable';
import type { Call } from '../hooks/useDashboardData';

// Leaflet arrives with the first map, not with the page.
const RegionMap = lazy(() => import('../charts/RegionMap'));

export const TOP_REGIONS = 5;
const mapLoading = (
  <Center h="100%">
    <Spinner color="primary" />
  </Center>
);
type Answer = ResponsesByRegionQuery['responses_by_region'];
type Row = Answer['table_data'][number];

/** The regional panel (spec 2): map, top-5 table and the 'Show all N regions' modal. */
export function RegionPanel({ call }: { call: Call<Answer> }) {
  const [open, setOpen] = useState(false);
  const rows = call.data?.table_data ?? [];
  const s = call.data?.summary_data;
  return (
    <ChartCard
      title="Responses by Region"
      help="Visits credited to the region of the impression that drove them; regions shaded by visits (darker = more), the largest labelled."
      state={call.state}
      testId="panel-regions"
      csv={rows}
    >
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Box h="340px" data-testid="region-map" aria-label="Map of responses by region" role="img">
          {/* Leaflet's code and its tiles load when the map comes near the screen. */}
          <NearViewport height="100%" placeholder={mapLoading}>
            <Suspense fallback={mapLoading}>
              {s && <RegionMap regions={rows} centre={[s.centre_lat, s.centre_long]} zoom={s.zoom} />}
            </Suspense>
          </NearViewport>
        </Box>
        <Box>
          <SimpleTable<Row>
            caption="Top 5 regions"
            testId="region-table"
            rows={rows.slice(0, TOP_REGIONS)}
            rowKey={(r) => r.Region}
            columns={[
              { header: 'Region', cell: (r) => r.Region },
              { header: 'Total Visits', cell: (r) => formatCount(r.Responses), numeric: true },
              { header: 'Visit %', cell: (r) => formatPercent(r.Percentage), numeric: true },
            ]}
          />
          {rows.length > TOP_REGIONS && (
            <Button mt="3" size="sm" variant="outline" onClick={() => setOpen(true)}>
              Show all {rows.length} regions
            </Button>
          )}
        </Box>
      </SimpleGrid>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="md" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>All Responses by Region</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SimpleTable<Row>
                  caption="All responses by region"
                  testId="all-regions-table"
                  rows={rows}
                  rowKey={(r) => r.Region}
                  columns={[
                    { header: 'Region', cell: (r) => r.Region },
                    { header: 'Responses', cell: (r) => formatCount(r.Responses), numeric: true },
                    { header: 'Visit %', cell: (r) => formatPercent(r.Percentage), numeric: true },
                  ]}
                />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChartCard>
  );
}
