import { useState } from 'react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatPercent } from '../../../components/format';
import type { VisitResponseTimingQuery } from '../../../gql/graphql';
import { timingHelp, useAttributionWindows } from '../attribution/windows';
import { HorizontalBars } from '../charts/lazy';
import { ChartTable } from '../components/ChartTable';
import { CountPercentToggle } from '../components/Toggle';
import type { Call } from '../hooks/useDashboardData';

type Timing = VisitResponseTimingQuery['visit_response_timing']['summary_data'];

/** Buckets of spec 2: hour 1, hours 2-24, days 2-7. */
export const TIMING_BUCKETS = [
  { label: 'Within 1 hour', count: (t: Timing) => t.Hour_1, share: (t: Timing) => t.Hour_1_Perc },
  { label: 'Within 1 day', count: (t: Timing) => t.Day_1, share: (t: Timing) => t.Day_1_Perc },
  { label: 'Within 1 week', count: (t: Timing) => t.Week_1, share: (t: Timing) => t.Week_1_Perc },
];

/** Visits a week or more after their impression: answered only when the customer's touch window is longer. */
const BEYOND_WEEK = {
  label: 'Beyond 1 week',
  count: (t: Timing) => t.Beyond_Week ?? 0,
  share: (t: Timing) => t.Beyond_Week_Perc ?? 0,
};

/** The buckets the answer has: spec 2's three, and "Beyond 1 week" when the server sent it. */
export const timingBuckets = (t: Timing) =>
  t.Beyond_Week === null || t.Beyond_Week === undefined ? TIMING_BUCKETS : [...TIMING_BUCKETS, BEYOND_WEEK];

export function ResponseTiming({ call }: { call: Call<VisitResponseTimingQuery['visit_response_timing']> }) {
  const [mode, setMode] = useState<'count' | 'percent'>('count');
  const t = call.data?.summary_data;
  const pct = mode === 'percent';
  return (
    <ChartCard
      title="Visit Response Timing"
      help={timingHelp(useAttributionWindows().touchWindowHours)}
      state={call.state}
      testId="panel-response-timing"
      csv={t ? [t] : undefined}
      actions={<CountPercentToggle value={mode} onChange={setMode} label="Show visits as number or percentage" />}
    >
      {t && (
        <>
          <HorizontalBars
            height={300}
            bars={timingBuckets(t).map((b) => ({
              label: b.label,
              value: pct ? b.share(t) * 100 : b.count(t),
              valueText: pct ? formatPercent(b.share(t)) : formatCount(b.count(t)),
              tooltip: pct ? `Percentage: ${formatPercent(b.share(t))}` : `Visits: ${formatCount(b.count(t))}`,
            }))}
            valueAxisLabel={pct ? 'Percentage (%)' : 'Number of Visits'}
            tickValues={pct ? [0, 20, 40, 60, 80, 100] : undefined}
            maxDomain={pct ? 100 : undefined}
            tickFormat={(v) => (pct ? String(v) : formatCount(v))}
          />
          <ChartTable
            caption="Visit response timing"
            headers={['Timing', 'Visits', 'Percentage']}
            rows={timingBuckets(t).map((b) => [b.label, formatCount(b.count(t)), formatPercent(b.share(t))])}
          />
        </>
      )}
    </ChartCard>
  );
}
