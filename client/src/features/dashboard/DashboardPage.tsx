import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Center, Spinner, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LuActivity, LuChartLine } from 'react-icons/lu';
import { describeError } from '../../app/api-errors';
import { Column } from '../../components/Column';
import { EmptyState } from '../../components/EmptyState';
import { PageHeading } from '../../components/PageHeading';
import { notify } from '../../components/toaster';
import { CompareSelect, FilterBar, WIDE_BAR } from './components/FilterBar';
import { RetentionNotice } from './components/RetentionNotice';
import { DashboardFilterContext } from './state/filter-context';
import { useMediaQuery } from './hooks/useMediaQuery';
import { DashboardTitle } from './components/DashboardTitle';
import { useDashboardData, type DashboardData } from './hooks/useDashboardData';
import { useDashboardSelection } from './hooks/useDashboardSelection';
import { bookingOptionsFor } from './state/cascade';
import { TEXTS } from './texts';
import type { AnalysisSections } from './utils/analysis';
import { lazyNamed, PanelLoading } from '../../components/lazy';

const SummaryView = lazyNamed(() => import('./views/SummaryView'), 'SummaryView', <PanelLoading />);
const PerformanceView = lazyNamed(() => import('./views/PerformanceView'), 'PerformanceView', <PanelLoading />);
// The live view (docs/design.md#live-view) loads and connects only when opened.
const LivePanel = lazyNamed(() => import('./live/LivePanel'), 'LivePanel', <PanelLoading />);
const AnalysisDialog = lazyNamed(() => import('./components/AnalysisDialog'), 'AnalysisDialog');

const pendingCalls = (d: DashboardData) =>
  Object.entries(d)
    .filter(([, c]) => c.state === 'loading')
    .map(([name]) => name);
/** 'No data available for the selected filters': nothing delivered and nothing visited. */
const noData = (d: DashboardData) =>
  d.summary.state === 'ready' &&
  d.summary.data!.summary_data.Actual_Impressions === 0 &&
  d.summary.data!.summary_data.Total_Responses === 0;

/**
 * One element for the whole wait: the page is drawn again on each step of its first load (the clients, the
 * address, the options, each answer), and React passes over an element it has already drawn.
 */
const LOADING = (
  <Center py="16" gap="3" role="status" data-testid="dashboard-loading">
    <Spinner color="primary" />
    <Text>{TEXTS.loading}</Text>
  </Center>
);

/** /dashboard: Advanced analytics (spec 2). */
export default function DashboardPage() {
  const s = useDashboardSelection();
  const wideBar = useMediaQuery(WIDE_BAR);
  // The query the rendered content belongs to (tests and the UI bench wait until it matches the address bar).
  const location = useLocation();
  const data = useDashboardData(s.payload);
  const apollo = useApolloClient();
  const [analysisOpen, setAnalysisOpen] = useState(false);
  // The analysis the dialog shows: the one answered when Run analysis was pressed, kept while the dialog is
  // open so a refresh running behind it cannot empty it under the reader.
  const [analysisShown, setAnalysisShown] = useState<AnalysisSections>();
  const [analysisLoaded, setAnalysisLoaded] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [liveOpen, setLiveOpen] = useState(false);
  // The what-if panel, once opened, stays open across refreshes (the view is redrawn while one loads).
  const [whatIfOpen, setWhatIfOpen] = useState(false);
  const onDemand = useMemo(
    () => ({ filter: s.payload, whatIfOpen, openWhatIf: () => setWhatIfOpen(true) }),
    [s.payload, whatIfOpen],
  );
  const pending = s.payload !== null ? pendingCalls(data) : [];
  const busy = pending.length > 0;
  const bookingOptions = useMemo(
    () => bookingOptionsFor(s.selection.filters.campaign, s.options?.bookings ?? []),
    [s.selection.filters.campaign, s.options],
  );

  function analyse() {
    if (s.selection.customerId === null) return notify('warning', TEXTS.selectCustomerFirst);
    // Spec 5: the dialog opens (with its empty text if there is nothing to say) once the refresh answered.
    if (data.analysis.state !== 'ready') return notify('warning', TEXTS.noAnalysisData);
    setAnalysisShown(data.analysis.data?.summary_data);
    setAnalysisLoaded(true);
    setAnalysisOpen(true);
  }

  async function exportAll() {
    if (s.selection.customerId === null) return notify('warning', TEXTS.selectCustomerFirst);
    setExporting(true);
    try {
      // The workbook code (and exceljs) loads on the first export only.
      const { exportDashboard } = await import('./utils/export-dashboard');
      await exportDashboard(
        {
          summary: data.summary.data?.summary_data,
          beforeVisit: data.beforeVisit.data?.table_data,
          regions: data.regions.data?.table_data,
          sites: data.sites.data?.table_data,
          overTime: data.overTime.data?.table_data,
          timing: data.timing.data?.summary_data,
          platform: data.platform.data?.table_data,
          creatives: data.creatives.data?.table_data,
          cost: data.cost.data?.table_data,
          heatmap: data.heatmap.data?.table_data,
          reach: data.reach.data,
          lift: data.lift.data?.summary_data,
          invalid: data.invalid.data,
          // With "Compare to" on, each call that offers one answers its comparison: written beside the numbers.
          comparison: data.summary.data?.comparison
            ? {
                summary: data.summary.data.comparison.changes,
                timing: data.timing.data?.comparison?.changes,
                sites: data.sites.data?.comparison?.row_changes,
                creatives: data.creatives.data?.comparison?.row_changes,
                cost: data.cost.data?.comparison?.row_changes,
                overTime: data.overTime.data?.comparison?.table_data,
              }
            : undefined,
        },
        s.payload && {
          apollo,
          range: { client_id: s.payload.client_id, startdate: s.payload.startdate, enddate: s.payload.enddate },
        },
      );
    } catch {
      notify('error', TEXTS.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  // The bar's handlers stay the same functions while the answers arrive, so the memoised bar is drawn again
  // only when its own props change, not on each of the refresh's 13 answers.
  const handlers = useRef({ analyse, exportAll });
  handlers.current = { analyse, exportAll };
  const onAnalyse = useCallback(() => handlers.current.analyse(), []);
  const onExport = useCallback(() => void handlers.current.exportAll(), []);

  let content;
  // While the panels load, and once they are there, the content holds at least a screen's height: the footer
  // stays below the fold instead of jumping down when the panels arrive (CLS).
  let tall = true;
  if (s.customersError) {
    tall = false;
    content = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{describeError(s.customersError).message}</Alert.Title>
      </Alert.Root>
    );
  } else if (s.customersLoading) {
    content = LOADING;
  } else if (s.selection.customerId === null) {
    tall = false;
    content = <EmptyState icon={<LuChartLine />} title={TEXTS.selectClient} />;
  } else if (s.payload === null || (data.summary.state === 'loading' && !data.summary.data)) {
    content = LOADING;
  } else if (noData(data)) {
    tall = false;
    content = <EmptyState icon={<LuChartLine />} title={TEXTS.noData} />;
  } else if (s.selection.view === 'performance') {
    content = <PerformanceView data={data} />;
  } else {
    content = <SummaryView data={data} />;
  }

  return (
    <Column>
      <DashboardTitle
        actions={
          <>
            {wideBar && (
              <CompareSelect
                value={s.selection.compare}
                range={s.selection.range}
                onChange={s.setCompare}
                disabled={s.selection.customerId === null}
              />
            )}
            <Button
              size="sm"
              variant={liveOpen ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={liveOpen}
              onClick={() => setLiveOpen((o) => !o)}
              disabled={s.selection.customerId === null}
              data-testid="live-toggle"
            >
              <LuActivity /> Live
            </Button>
          </>
        }
      >
        <PageHeading>{TEXTS.heading}</PageHeading>
      </DashboardTitle>
      <FilterBar
        selection={s.selection}
        customers={s.customers}
        customersLoading={s.customersLoading}
        options={s.options}
        bookingOptions={bookingOptions}
        busy={busy}
        exporting={exporting}
        onCustomer={s.setCustomer}
        onRange={s.setRange}
        onView={s.setView}
        onFilter={s.setFilter}
        onCompare={s.setCompare}
        onAnalyse={onAnalyse}
        onExport={onExport}
      />
      <RetentionNotice customer={s.customers.find((c) => c.id === s.selection.customerId)} range={s.selection.range} />
      {liveOpen && <LivePanel customerId={s.selection.customerId} />}
      <div
        data-testid="dashboard-content"
        data-busy={busy ? 'true' : 'false'}
        data-pending={pending.join(' ')}
        data-query={location.search}
        style={tall ? { minHeight: '100vh' } : undefined}
      >
        <DashboardFilterContext.Provider value={onDemand}>{content}</DashboardFilterContext.Provider>
      </div>
      {/* Mounted from the first open on and then kept: unmounting an open dialog skips its closing clean-up. */}
      {analysisLoaded && (
        <AnalysisDialog open={analysisOpen} onClose={() => setAnalysisOpen(false)} analysis={analysisShown} />
      )}
    </Column>
  );
}
