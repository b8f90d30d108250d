import { Button } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { isSuperAdminRole } from '../../app/nav-links';
import { apiDate, DateRangePicker, defaultRange, type DateRange } from '../../components/DateRangePicker';
import { staticClasses } from '../../components/static-classes';
import { notify } from '../../components/toaster';
import { OverviewRowsDocument } from '../../gql/graphql';
import { useAuth } from '../auth/AuthProvider';
import { ActiveCampaignsTable } from './ActiveCampaignsTable';
import { exportOverview } from './export-overview';
import { overviewTotals } from './rows';
import { SummaryCards } from './SummaryCards';
import { OVERVIEW_HEADING } from './texts';

// Drawn again only when their own figures change (see useDeferredValue below).
const Cards = memo(SummaryCards);
const Table = memo(ActiveCampaignsTable);

/** The page's column, heading row and controls as Chakra's Stack, Flex, Heading and HStack drew them. */
export const useOverviewClasses = staticClasses({
  // Stack gap="5"
  page: { css: { display: 'flex', flexDirection: 'column', gap: '5' } },
  // Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3"
  head: {
    css: [
      {
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        alignItems: { base: 'stretch', md: 'center' },
        justifyContent: 'space-between',
      },
      { gap: '3' },
    ],
  },
  heading: { recipe: 'heading', variants: { size: '2xl' }, css: { color: 'primary' } },
  // HStack gap="2" flexWrap="wrap"
  controls: { css: { display: 'flex', alignItems: 'center', flexDirection: 'row', flexWrap: 'wrap', gap: '2' } },
});

/** /overview: 'Campaign Overview' (spec 2). */
export default function OverviewPage() {
  const { user } = useAuth();
  const [range, setRange] = useState<DateRange>(() => defaultRange());
  const [exporting, setExporting] = useState(false);
  // A failing summary is silent (spec 8); the table says so instead of a toast.
  const { data, loading, error } = useQuery(OverviewRowsDocument, {
    variables: { start_date: apiDate(range.start), end_date: apiDate(range.end) },
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  // New rows are drawn in a deferred render, which React does in slices: drawing the table at once blocked a
  // phone's main thread for most of a second. Until they are drawn the cards and the table say
  // loading, as they do (at once) while a new range is fetched.
  const shown = useDeferredValue(data);
  const rows = useMemo(() => shown?.dashboardSummary ?? [], [shown]);
  const totals = useMemo(() => overviewTotals(rows), [rows]);
  const busy = (loading && !data) || shown !== data;
  const c = useOverviewClasses();

  async function onExport() {
    setExporting(true);
    try {
      await exportOverview(rows);
    } catch {
      notify('error', 'Unable to export data. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={`chakra-stack ${c.page}`}>
      <div className={c.head}>
        <h1 className={c.heading}>{OVERVIEW_HEADING}</h1>
        <div className={`chakra-stack ${c.controls}`}>
          <DateRangePicker value={range} onChange={setRange} />
          <Button colorPalette="brand" onClick={onExport} loading={exporting} disabled={loading || rows.length === 0}>
            <LuDownload /> Export
          </Button>
        </div>
      </div>
      <Cards totals={totals} loading={busy} />
      <Table rows={rows} loading={busy} failed={!!error && !data} showCreatedBy={isSuperAdminRole(user?.role)} />
    </div>
  );
}
