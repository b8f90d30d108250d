import { ChartCard, type CsvRow } from '../../../components/ChartCard';
import { HorizontalBars } from '../charts/lazy';
import { ChartTable } from '../components/ChartTable';
import type { PanelState } from '../hooks/useDashboardData';
import { rankedAxisMax } from '../utils/chart-data';
import { truncateLabel } from '../../../components/format';
import { COLORS } from '../charts/theme';

export const TOP_N = 10;

/** The ranked bar card (spec 2): title, dataset, optional secondary colour, help; axis max 1.1 x the top value. */
export function RankedBarCard(props: {
  title: string;
  help: string;
  state: PanelState;
  rows: { label: string; value: number; text: string }[];
  valueHeader: string;
  secondaryColor?: string;
  testId?: string;
  /** The API's rows behind the chart, offered as CSV. */
  csv?: readonly CsvRow[];
}) {
  const rows = props.rows.slice(0, TOP_N);
  const state = props.state === 'ready' && rows.length === 0 ? 'empty' : props.state;
  return (
    <ChartCard title={props.title} help={props.help} state={state} testId={props.testId} csv={props.csv}>
      <HorizontalBars
        height={Math.max(240, 36 * rows.length + 60)}
        leftPadding={140}
        color={COLORS.primary}
        secondaryColor={props.secondaryColor}
        maxDomain={rankedAxisMax(rows.map((r) => r.value))}
        bars={rows.map((r) => ({
          label: truncateLabel(r.label),
          value: r.value,
          valueText: r.text,
          tooltip: `${r.label}\n${props.valueHeader}: ${r.text}`,
        }))}
      />
      <ChartTable
        caption={props.title}
        headers={['Creative', props.valueHeader]}
        rows={rows.map((r) => [r.label, r.text])}
      />
    </ChartCard>
  );
}
