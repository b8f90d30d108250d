import { useQuery } from '@apollo/client/react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useCallback, useContext, useState } from 'react';
import { LuChartSpline } from 'react-icons/lu';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDollars, formatPercent } from '../../../components/format';
import { AttributionWhatIfDocument, type AttributionWhatIfQuery } from '../../../gql/graphql';
import { AttributionSettingsCard } from '../attribution/AttributionSettingsCard';
import { DashboardFilterContext } from '../state/filter-context';
import { WhatIfChart } from '../charts/lazy';
import { SimpleTable } from '../components/SimpleTable';
import { windowLabel } from '../utils/chart-data';

type WhatIf = AttributionWhatIfQuery['attribution_what_if'];
type Row = WhatIf['table_data'][number];

/** "7 days", "1 hour", "6 hours": a window in words. */
export const windowWords = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

const TITLE = 'Attribution window what-if';
const SETTINGS_HELP =
  "The client's touch window (how long after an impression a visit counts as its response) and same-day window. Saving recomputes the client's history in the background; every figure keeps the windows in force until it is done.";
const HELP =
  "How many visits would count as responses if a visit had to come within each window after its household's last impression, from the stored events of this view.";

/**
 * The "Attribution window what-if" panel (docs/design.md#attribution-what-if): visits, visit rate and cost per
 * visit the current filter would show under each touch window, as a curve with the window in use marked and as
 * a table. Every figure is the server's. The call reads up to 30 days of impressions per visit, so it runs only
 * once the reader opens the panel; from then on it follows the filter like the other panels.
 */
export function WhatIfPanel() {
  const { filter, whatIfOpen: open, openWhatIf } = useContext(DashboardFilterContext);
  const query = useQuery(AttributionWhatIfDocument, {
    variables: { filter: filter! },
    skip: !open || filter === null,
    fetchPolicy: 'no-cache',
  });
  // The touch window being chosen below: the curve marks it beside the one in force.
  const [picked, setPicked] = useState<number | null>(null);
  const { refetch } = query;
  // Once new windows are in force, the curve's current window is the new one: ask again.
  const switched = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  if (!open) {
    return (
      <ChartCard title={TITLE} help={HELP} state="ready" testId="panel-what-if">
        <Stack gap="3" align="start">
          <Text fontSize="sm" color="gray.600">
            See how many visits each touch window, from 1 hour to 30 days, would count for this view.
          </Text>
          <Button size="sm" variant="outline" onClick={openWhatIf} data-testid="what-if-open">
            <LuChartSpline /> Compare touch windows
          </Button>
        </Stack>
      </ChartCard>
    );
  }
  const d: WhatIf | undefined = query.data?.attribution_what_if;
  const state = query.error
    ? 'error'
    : query.loading || !d
      ? 'loading'
      : d.summary_data.Actual_Impressions === 0
        ? 'empty'
        : 'ready';
  const current = d?.summary_data.Current_Window_Hours;
  return (
    <Stack gap="4">
      <ChartCard
        title={TITLE}
        help={HELP}
        state={state}
        emptyText="No impressions in this range."
        testId="panel-what-if"
        csv={d?.table_data}
      >
        {d && state === 'ready' && (
          <>
            <Text fontSize="sm" color="gray.600" data-testid="what-if-current">
              {`Current window (orange point): ${windowWords(d.summary_data.Current_Window_Hours)}. Left axis: visits; right axis: visit rate.`}
            </Text>
            <WhatIfChart data={d} picked={picked} />
            <SimpleTable<Row>
              caption="Visits, visit rate and cost per visit per touch window"
              testId="what-if-table"
              rowKey={(r) => String(r.Window_Hours)}
              rows={d.table_data}
              columns={[
                {
                  header: 'Window',
                  cell: (r) =>
                    r.Window_Hours === current
                      ? `${windowLabel(r.Window_Hours)} (current)`
                      : windowLabel(r.Window_Hours),
                },
                { header: 'Visits', numeric: true, cell: (r) => formatCount(r.Total_Responses) },
                { header: 'Visit rate', numeric: true, cell: (r) => formatPercent(r.Response_Rate) },
                { header: 'Cost per visit', numeric: true, cell: (r) => formatDollars(r.Current_CPR) },
              ]}
            />
          </>
        )}
      </ChartCard>
      {filter && (
        <ChartCard title="Attribution settings" help={SETTINGS_HELP} state="ready" testId="panel-attribution-settings">
          <AttributionSettingsCard
            customerId={filter.client_id}
            curveWindows={d?.table_data.map((r) => r.Window_Hours)}
            onPick={setPicked}
            onSwitched={switched}
          />
        </ChartCard>
      )}
    </Stack>
  );
}
