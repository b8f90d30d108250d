import { Box } from '@chakra-ui/react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryScatter } from 'victory';
import { formatCompact, formatPercent } from '../../../components/format';
import type { ReachFrequencyQuery } from '../../../gql/graphql';
import { useElementWidth } from '../hooks/useElementWidth';
import { FREQUENCY_HEIGHT, frequencyLabel } from '../utils/chart-data';
import { AXIS_STYLE, COLORS } from './theme';

/** Households per frequency (bars) and their visit rate (line), the optimal frequency in orange (docs/design.md#reach-frequency-and-lift). */
export function FrequencyChart({ data }: { data: ReachFrequencyQuery['reach_frequency'] }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const rows = data.table_data;
  const optimal = data.summary_data.Optimal_Frequency;
  const maxHh = Math.max(1, ...rows.map((x) => x.Households));
  const maxRate = Math.max(0.0001, ...rows.map((x) => x.Response_Rate));
  const x = (k: number) => frequencyLabel(k);
  return (
    <Box ref={ref} w="100%" h={`${FREQUENCY_HEIGHT}px`} aria-hidden="true" data-testid="frequency-chart">
      <VictoryChart
        width={width}
        height={FREQUENCY_HEIGHT}
        padding={{ top: 20, bottom: 50, left: 64, right: 64 }}
        domain={{ y: [0, 1.05] }}
        domainPadding={{ x: Math.max(24, width / (2 * (rows.length + 1))) }}
      >
        <VictoryAxis
          tickValues={rows.map((row) => x(row.Frequency))}
          label="Impressions per household"
          style={AXIS_STYLE}
        />
        <VictoryAxis
          dependentAxis
          label="Households"
          tickFormat={(t: number) => formatCompact(Math.round(t * maxHh))}
          style={AXIS_STYLE}
        />
        <VictoryAxis
          dependentAxis
          orientation="right"
          label="Visit rate"
          tickFormat={(t: number) => formatPercent(t * maxRate)}
          style={{ ...AXIS_STYLE, grid: { stroke: 'none' }, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 44 } }}
        />
        <VictoryBar
          data={rows.map((row) => ({ x: x(row.Frequency), y: row.Households / maxHh, k: row.Frequency }))}
          style={{
            data: {
              fill: ({ datum }: { datum?: { k: number } }) => (datum?.k === optimal ? COLORS.accent : COLORS.secondary),
              opacity: 0.8,
            },
          }}
          barRatio={0.6}
        />
        <VictoryLine
          data={rows.map((row) => ({ x: x(row.Frequency), y: row.Response_Rate / maxRate }))}
          style={{ data: { stroke: COLORS.primary, strokeWidth: 2 } }}
        />
        <VictoryScatter
          data={rows.map((row) => ({ x: x(row.Frequency), y: row.Response_Rate / maxRate }))}
          size={3}
          style={{ data: { fill: COLORS.primary } }}
        />
      </VictoryChart>
    </Box>
  );
}
