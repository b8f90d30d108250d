import { ChartCard, type CsvRow } from '../../../components/ChartCard';
import { formatCount, formatDollars, truncateLabel } from '../../../components/format';
import { HorizontalBars } from '../charts/lazy';
import { ChartTable } from '../components/ChartTable';
import type { PanelState } from '../hooks/useDashboardData';
import { categoryHeight } from '../utils/chart-data';

/**
 * Visits by category (spec 2): labels past 20 characters cut to 17 + '...', at least 400px or 45px per
 * bar, tooltip with Visits and, when present, Cost per Visit.
 */
export function CategoryBars(props: {
  title: string;
  help?: string;
  category: string;
  state: PanelState;
  rows: { label: string; visits: number; costPerVisit?: number }[];
  testId?: string;
  /** The API's rows behind the chart, offered as CSV. */
  csv?: readonly CsvRow[];
}) {
  const tip = (r: (typeof props.rows)[number]) =>
    [
      r.label,
      `Visits: ${formatCount(r.visits)}`,
      r.costPerVisit != null ? `Cost per Visit: ${formatDollars(r.costPerVisit)}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  return (
    <ChartCard title={props.title} help={props.help} state={props.state} testId={props.testId} csv={props.csv}>
      <HorizontalBars
        height={categoryHeight(props.rows.length)}
        leftPadding={150}
        color="#1f628e"
        valueAxisLabel="Visits"
        tickFormat={(v) => formatCount(v)}
        bars={props.rows.map((r) => ({
          label: truncateLabel(r.label),
          value: r.visits,
          valueText: formatCount(r.visits),
          tooltip: tip(r),
        }))}
      />
      <ChartTable
        caption={props.title}
        headers={[props.category, 'Visits', 'Cost per Visit']}
        rows={props.rows.map((r) => [
          r.label,
          formatCount(r.visits),
          r.costPerVisit != null ? formatDollars(r.costPerVisit) : 'N/A',
        ])}
      />
    </ChartCard>
  );
}
