import { Box } from '@chakra-ui/react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryTooltip } from 'victory';
import { useElementWidth } from '../useElementWidth';
import { AXIS_STYLE, COLORS } from './theme';

export interface Bar {
  label: string;
  value: number;
  /** Shown on the bar's end. */
  valueText: string;
  /** Tooltip lines. */
  tooltip: string;
}

/**
 * Horizontal bars with a value label on each bar and a tooltip on hover. The first bar is drawn at the
 * top. Used by response timing, impressions before visit, the ranked creative card and category bars.
 */
export function HorizontalBars(props: {
  bars: Bar[];
  height: number;
  color?: string;
  /** Colour of every bar after the first (ranked card). */
  secondaryColor?: string;
  valueAxisLabel?: string;
  categoryAxisLabel?: string;
  tickValues?: number[];
  tickFormat?(t: number): string;
  maxDomain?: number;
  leftPadding?: number;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // Top to bottom in the given order: Victory draws the first category at the bottom.
  const data = [...props.bars]
    .reverse()
    .map((b, i) => ({ x: i + 1, y: b.value, category: b.label, valueText: b.valueText, tooltip: b.tooltip }));
  const n = data.length;
  const first = n; // the first given bar is the last datum
  return (
    <Box ref={ref} w="100%" h={`${props.height}px`} aria-hidden="true">
      <VictoryChart
        horizontal
        width={width}
        height={props.height}
        padding={{ top: 10, bottom: props.valueAxisLabel ? 50 : 30, left: props.leftPadding ?? 110, right: 60 }}
        domainPadding={{ x: n > 1 ? 24 : 40 }}
        maxDomain={props.maxDomain ? { y: props.maxDomain } : undefined}
        minDomain={{ y: 0 }}
      >
        <VictoryAxis
          tickValues={data.map((d) => d.x)}
          tickFormat={(_t: number, i: number) => data[i]?.category ?? ''}
          label={props.categoryAxisLabel}
          style={{ ...AXIS_STYLE, axisLabel: { ...AXIS_STYLE.axisLabel, padding: (props.leftPadding ?? 110) - 16 } }}
        />
        <VictoryAxis
          dependentAxis
          label={props.valueAxisLabel}
          tickValues={props.tickValues}
          tickFormat={props.tickFormat}
          style={{ ...AXIS_STYLE, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 30 } }}
        />
        <VictoryBar
          data={data}
          barWidth={Math.min(28, (props.height - 60) / Math.max(1, n) - 8)}
          labels={({ datum }) => datum.valueText}
          style={{
            data: {
              fill: ({ datum }) =>
                props.secondaryColor && datum.x !== first ? props.secondaryColor : (props.color ?? COLORS.primary),
            },
            labels: { fontSize: 11, fill: COLORS.text },
          }}
        />
        {/* Transparent copy of the bars that carries the tooltips. */}
        <VictoryBar
          data={data}
          barWidth={Math.min(28, (props.height - 60) / Math.max(1, n) - 8)}
          labels={({ datum }) => datum.tooltip}
          labelComponent={
            <VictoryTooltip
              cornerRadius={4}
              flyoutStyle={{ fill: 'white', stroke: '#cbd5e0' }}
              style={{ fontSize: 11 }}
            />
          }
          style={{ data: { fill: 'transparent' } }}
        />
      </VictoryChart>
    </Box>
  );
}
