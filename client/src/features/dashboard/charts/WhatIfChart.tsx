import { Box } from '@chakra-ui/react';
import { VictoryAxis, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { formatCompact, formatPercent } from '../../../components/format';
import type { AttributionWhatIfQuery } from '../../../gql/graphql';
import { useElementWidth } from '../hooks/useElementWidth';
import { WHAT_IF_HEIGHT, windowLabel } from '../utils/chart-data';
import { AXIS_STYLE, COLORS } from './theme';

/**
 * docs/design.md#attribution-what-if: responses (line, left axis) and response rate (dashed, right axis) against
 * the touch window, one point per window of the answer evenly spaced; the window in use is the orange point.
 */
export function WhatIfChart({ data }: { data: AttributionWhatIfQuery['attribution_what_if'] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const rows = data.table_data;
  const current = data.summary_data.Current_Window_Hours;
  const maxResponses = Math.max(1, ...rows.map((r) => r.Total_Responses));
  const maxRate = Math.max(0.0001, ...rows.map((r) => r.Response_Rate));
  const points = rows.map((r) => ({ x: windowLabel(r.Window_Hours), hours: r.Window_Hours }));
  const responses = rows.map((r, i) => ({ ...points[i], y: r.Total_Responses / maxResponses }));
  const rates = rows.map((r, i) => ({ ...points[i], y: r.Response_Rate / maxRate }));
  const narrow = width < 500;
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
          tickFormat={(t: number) => formatCompact(Math.round(t * maxResponses))}
          style={AXIS_STYLE}
        />
        <VictoryAxis
          dependentAxis
          orientation="right"
          label="Visit rate"
          tickFormat={(t: number) => formatPercent(t * maxRate)}
          style={{ ...AXIS_STYLE, grid: { stroke: 'none' }, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 44 } }}
        />
        <VictoryLine data={responses} style={{ data: { stroke: COLORS.primary, strokeWidth: 2 } }} />
        <VictoryLine
          data={rates}
          style={{ data: { stroke: COLORS.secondary, strokeWidth: 2, strokeDasharray: '5,4' } }}
        />
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
