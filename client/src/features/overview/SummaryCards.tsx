import { StatCard as SummaryCard, StatGrid } from '../../components/StatCard';
import { LuCircleCheck, LuDollarSign, LuEye, LuMegaphone, LuTriangleAlert } from 'react-icons/lu';
import { formatCount, formatWholeDollars } from '../../components/format';
import type { overviewTotals } from './rows';

/** The four figures above the table (spec 2). */
export function SummaryCards({ totals, loading }: { totals: ReturnType<typeof overviewTotals>; loading: boolean }) {
  const issues = totals.tagIssues;
  return (
    <StatGrid>
      <SummaryCard
        title="Total Impressions"
        value={formatCount(totals.impressions)}
        note={`Across ${totals.activeBookings} active bookings`}
        icon={<LuEye />}
        loading={loading}
      />
      <SummaryCard
        title="Total Ad Spend"
        value={formatWholeDollars(totals.spend)}
        note="Campaign investment"
        icon={<LuDollarSign />}
        loading={loading}
      />
      <SummaryCard
        title="Active Bookings"
        value={formatCount(totals.activeBookings)}
        note="Current campaigns"
        icon={<LuMegaphone />}
        loading={loading}
      />
      <SummaryCard
        title="Site Tag Issues"
        value={formatCount(issues)}
        note={issues === 0 ? 'All systems operational' : 'Needs attention'}
        icon={issues === 0 ? <LuCircleCheck /> : <LuTriangleAlert />}
        loading={loading}
        alert={!loading && issues > 0}
      />
    </StatGrid>
  );
}
