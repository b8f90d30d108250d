import { Box } from '@chakra-ui/react';
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { formatCompact, formatPercent } from '../../../components/format';
import type { AttributionWhatIfQuery } from '../../../gql/graphql';
import { useElementWidth } from '../hooks/useElementWidth';
import { WHAT_IF_HEIGHT, windowLabel } from '../utils/chart-data';
import { AXIS_STYLE, COLORS } from './theme';

/**
 * docs/design.md#attribution-what-if: responses against the touch window, one point per window of the answer evenly
 * spaced, the window in use the orange point (a window being chosen in the settings: an orange ring). The impressions are the same at every window, so the response rate
 * is the same curve: the left axis reads it as visits, the right axis (scaled by the largest rate) as visit rate.
 */
export function WhatIfChart({
  data,
  picked = null,
}: {
  data: AttributionWhatIfQuery['attribution_what_if'];
  /** A window being chosen in the attribution settings: drawn as a ring around its point. */
  picked?: number | null;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const rows = data.table_data;
  const current = data.summary_data.Current_Window_Hours;
  const maxResponses = Math.max(1, ...rows.map((r) => r.Total_Responses));
  const maxRate = Math.max(0.0001, ...rows.map((r) => r.Response_Rate));
  const points = rows.map((r) => ({ x: windowLabel(r.Window_Hours), hours: r.Window_Hours }));
  const responses = rows.map((r, i) => ({ ...points[i], y: r.Total_Responses / maxResponses }));
  const narrow = width < 500;
  // Whole numbers of visits on the left axis (1, 2, 5 x a power of ten apart); the right axis reads the same marks.
  const ticks = visitTicks(maxResponses).map((v) => v / maxResponses);
  return (
    <Box ref={ref} w="100%" h={`${WHAT_IF_HEIGHT}px`} aria-hidden="true" data-testid="what-if-chart">
      <VictoryChart
        width={width}
        height={WHAT_IF_HEIGHT}
        padding={{ top: 20, bottom: 50, left: 60, right: 60 }}
        domain={{ y: [0, 1.05] }}
        domainPadding={{ x: 16 }}
      >
        <VictoryAxis
          tickValues={points.map((p) => p.x)}
          label="Touch window"
          style={{ ...AXIS_STYLE, tickLabels: { ...AXIS_STYLE.tickLabels, fontSize: narrow ? 9 : 11 } }}
        />
        <VictoryAxis
          dependentAxis
          label="Visits"
          tickValues={ticks}
          tickFormat={(t: number) => formatCompact(Math.round(t * maxResponses))}
          style={AXIS_STYLE}
        />
        <VictoryAxis
          dependentAxis
          orientation="right"
          label="Visit rate"
          tickValues={ticks}
          tickFormat={(t: number) => formatPercent(t * maxRate)}
          style={{ ...AXIS_STYLE, grid: { stroke: 'none' }, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 44 } }}
        />
        <VictoryLine data={responses} style={{ data: { stroke: COLORS.primary, strokeWidth: 2 } }} />
        {picked !== null && picked !== current && responses.some((p) => p.hours === picked) && (
          <VictoryScatter
            data={responses.filter((p) => p.hours === picked)}
            size={9}
            style={{ data: { fill: 'none', stroke: COLORS.accent, strokeWidth: 2 } }}
          />
        )}
        <VictoryScatter
          data={responses}
          size={({ datum }: { datum?: { hours: number } }) => (datum?.hours === current ? 6 : 3)}
          style={{
            data: {
              fill: ({ datum }: { datum?: { hours: number } }) =>
                datum?.hours === current ? COLORS.accent : COLORS.primary,
            },
          }}
        />
      </VictoryChart>
    </Box>
  );
}

/** About four whole-number marks from 0 up to max, spaced 1, 2 or 5 x a power of ten. */
export function visitTicks(max: number): number[] {
  const rough = Math.max(1, max / 4);
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= rough) ?? 10 * pow;
  const out: number[] = [];
  for (let v = step; v <= max * 1.05; v += step) out.push(v);
  return out;
}
