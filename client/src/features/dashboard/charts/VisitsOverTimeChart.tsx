import { Box, Button, HStack } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLine, VictoryTooltip, VictoryVoronoiContainer } from 'victory';
import { formatCompact, formatCount, formatDay } from '../../../components/format';
import { ChartTable } from '../components/ChartTable';
import { useElementWidth } from '../hooks/useElementWidth';
import { thinTicks } from '../utils/chart-data';
import { AXIS_STYLE, COLORS } from './theme';

export interface OverTimeRow {
  Date: string;
  Total_Impressions: number;
  Same_Day: number;
  Total_Responses: number;
}

export const SERIES = [
  { key: 'Same_Day', label: 'Same Day', color: COLORS.accent },
  { key: 'Total_Impressions', label: 'Impressions', color: COLORS.secondary },
  { key: 'Total_Responses', label: 'All Responses', color: COLORS.primary },
] as const;
/** The comparison's series, drawn dashed over the selected range's days (aligned by day offset). */
export const COMPARE_SERIES = [
  { key: 'Compare_Same_Day', label: 'Same Day', color: COLORS.accent },
  { key: 'Compare_Responses', label: 'All Responses', color: COLORS.primary },
] as const;
type SeriesKey = (typeof SERIES)[number]['key'] | (typeof COMPARE_SERIES)[number]['key'];

/** A marker on a date (a note or an automatic marker), its text shown on hover and focus. */
export interface ChartMarker {
  key: string;
  date: string;
  text: string;
  kind: 'note' | 'auto';
}

const PAD = { top: 20, bottom: 60, left: 64, right: 64 };
const X_PAD = 12;

/** Markers over the plot: one focusable flag per date, its texts in a tooltip on hover or focus. */
function MarkerLayer({ markers, dates, width }: { markers: ChartMarker[]; dates: string[]; width: number }) {
  const [open, setOpen] = useState<string | null>(null);
  const byDate = new Map<string, ChartMarker[]>();
  for (const m of markers) {
    if (!dates.includes(m.date)) continue;
    byDate.set(m.date, [...(byDate.get(m.date) ?? []), m]);
  }
  const n = dates.length;
  const plot = width - PAD.left - PAD.right - 2 * X_PAD;
  const xOf = (d: string) => PAD.left + X_PAD + (n <= 1 ? plot / 2 : (dates.indexOf(d) / (n - 1)) * plot);
  return (
    <>
      {[...byDate.entries()].map(([date, ms]) => {
        const note = ms.some((m) => m.kind === 'note');
        const color = note ? '#b7791f' : '#718096';
        const label = ms.map((m) => m.text).join('\n');
        const x = xOf(date);
        return (
          <Box
            key={date}
            position="absolute"
            top={`${PAD.top - 14}px`}
            left={`${x - 8}px`}
            h={`${OVER_TIME_HEIGHT - PAD.top - PAD.bottom + 14}px`}
            w="16px"
            zIndex={1}
          >
            <Box
              position="absolute"
              left="7px"
              top="14px"
              bottom="0"
              borderLeftWidth="2px"
              borderStyle="dashed"
              borderColor={color}
              pointerEvents="none"
            />
            <button
              type="button"
              aria-label={label}
              data-testid="chart-marker"
              data-kind={note ? 'note' : 'auto'}
              onMouseEnter={() => setOpen(date)}
              onMouseLeave={() => setOpen(null)}
              onFocus={() => setOpen(date)}
              onBlur={() => setOpen(null)}
              style={{
                width: 16,
                height: 16,
                borderRadius: 8,
                background: color,
                border: '2px solid white',
                cursor: 'pointer',
                position: 'absolute',
                top: 0,
                left: 0,
              }}
            />
            {open === date && (
              <Box
                role="tooltip"
                data-testid="marker-tooltip"
                position="absolute"
                top="20px"
                left={x > width / 2 ? undefined : '12px'}
                right={x > width / 2 ? '12px' : undefined}
                w="max-content"
                maxW="280px"
                bg="white"
                borderWidth="1px"
                borderColor="gray.300"
                borderRadius="md"
                p="2"
                fontSize="xs"
                boxShadow="md"
                whiteSpace="pre-line"
              >
                {label}
              </Box>
            )}
          </Box>
        );
      })}
    </>
  );
}

/** A comparison range's rows and what to call it ('previous period'). */
export interface OverTimeComparison {
  label: string;
  rows: OverTimeRow[];
}

export const OVER_TIME_HEIGHT = 400;

/**
 * Impressions as bars on the left axis, Same Day and All Responses as lines on the right axis (spec 2).
 * The two scales share one plot: each series is drawn as a share of its axis maximum and the axis
 * labels turn it back into the server's numbers.
 */
export function VisitsOverTimeChart({
  rows,
  svgHost,
  comparison,
  markers = [],
}: {
  rows: OverTimeRow[];
  svgHost: React.RefObject<HTMLDivElement | null>;
  comparison?: OverTimeComparison;
  markers?: ChartMarker[];
}) {
  const [hidden, setHidden] = useState<Set<SeriesKey>>(new Set());
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // Day k of the comparison range sits on day k of the selected range (a longer comparison is cut off).
  const before = comparison ? rows.map((_, i) => comparison.rows[i] as OverTimeRow | undefined) : [];
  const maxImp = Math.max(1, ...rows.map((r) => r.Total_Impressions));
  const maxVis = Math.max(
    1,
    ...rows.map((r) => Math.max(r.Total_Responses, r.Same_Day)),
    ...before.map((r) => (r ? Math.max(r.Total_Responses, r.Same_Day) : 0)),
  );
  const dates = useMemo(() => rows.map((r) => r.Date), [rows]);
  // About 15 ticks at most; fewer on a narrow chart so the dates stay readable.
  const ticks = thinTicks(dates, Math.max(4, Math.min(15, Math.floor(width / 70))));
  const toggle = (k: SeriesKey) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  const tip = (r: OverTimeRow, i: number) => {
    const now = `${formatDay(r.Date)}\nImpressions: ${formatCount(r.Total_Impressions)}\nSame Day: ${formatCount(r.Same_Day)}\nAll Responses: ${formatCount(r.Total_Responses)}`;
    const b = before[i];
    return b
      ? `${now}\n${formatDay(b.Date)} (${comparison?.label}): Same Day ${formatCount(b.Same_Day)}, All Responses ${formatCount(b.Total_Responses)}`
      : now;
  };
  const legendRef = useRef<HTMLDivElement>(null);

  return (
    <Box>
      <HStack gap="2" justify="center" wrap="wrap" ref={legendRef} role="group" aria-label="Legend">
        {SERIES.map((s) => {
          const off = hidden.has(s.key);
          return (
            <Button
              key={s.key}
              size="xs"
              variant="ghost"
              aria-pressed={!off}
              opacity={off ? 0.5 : 1}
              onClick={() => toggle(s.key)}
              data-testid={`legend-${s.label}`}
            >
              <Box as="span" w="3" h="3" borderRadius="sm" bg={s.color} display="inline-block" />
              {s.label}
            </Button>
          );
        })}
        {comparison &&
          COMPARE_SERIES.map((s) => {
            const off = hidden.has(s.key);
            const label = `${s.label} (${comparison.label})`;
            return (
              <Button
                key={s.key}
                size="xs"
                variant="ghost"
                aria-pressed={!off}
                opacity={off ? 0.5 : 1}
                onClick={() => toggle(s.key)}
                data-testid={`legend-compare-${s.label}`}
              >
                <Box as="span" w="4" h="0" borderTopWidth="2px" borderStyle="dashed" borderColor={s.color} />
                {label}
              </Button>
            );
          })}
      </HStack>
      <Box position="relative">
        <Box
          ref={(el: HTMLDivElement | null) => {
            ref.current = el;
            svgHost.current = el;
          }}
          w="100%"
          h={`${OVER_TIME_HEIGHT}px`}
          aria-hidden="true"
          data-testid="over-time-chart"
        >
          <VictoryChart
            width={width}
            height={OVER_TIME_HEIGHT}
            padding={PAD}
            domain={{ y: [0, 1.05] }}
            domainPadding={{ x: X_PAD }}
            containerComponent={
              <VictoryVoronoiContainer
                responsive={false}
                voronoiDimension="x"
                labels={({ datum }) => (datum.childName === 'hit' ? tip(datum.row, datum.index) : '')}
                voronoiBlacklist={['bars', 'sameDay', 'responses', 'compareSameDay', 'compareResponses']}
                labelComponent={
                  <VictoryTooltip
                    cornerRadius={4}
                    flyoutStyle={{ fill: 'white', stroke: '#cbd5e0' }}
                    style={{ fontSize: 11 }}
                  />
                }
              />
            }
          >
            <VictoryAxis
              tickValues={dates}
              tickFormat={(d: string) => (ticks.includes(d) ? formatDay(d).slice(0, 6) : '')}
              style={{ ...AXIS_STYLE, tickLabels: { ...AXIS_STYLE.tickLabels, angle: -40, textAnchor: 'end' } }}
            />
            <VictoryAxis
              dependentAxis
              label="Impressions"
              tickFormat={(t: number) => formatCompact(Math.round(t * maxImp))}
              style={AXIS_STYLE}
            />
            <VictoryAxis
              dependentAxis
              orientation="right"
              label="Visits"
              tickFormat={(t: number) => formatCompact(Math.round(t * maxVis))}
              style={{ ...AXIS_STYLE, grid: { stroke: 'none' }, axisLabel: { ...AXIS_STYLE.axisLabel, padding: 40 } }}
            />
            {!hidden.has('Total_Impressions') && (
              <VictoryBar
                name="bars"
                data={rows.map((r) => ({ x: r.Date, y: r.Total_Impressions / maxImp }))}
                style={{ data: { fill: COLORS.secondary, opacity: 0.7 } }}
                barRatio={0.7}
              />
            )}
            {!hidden.has('Same_Day') && (
              <VictoryLine
                name="sameDay"
                data={rows.map((r) => ({ x: r.Date, y: r.Same_Day / maxVis }))}
                style={{ data: { stroke: COLORS.accent, strokeWidth: 2 } }}
              />
            )}
            {!hidden.has('Total_Responses') && (
              <VictoryLine
                name="responses"
                data={rows.map((r) => ({ x: r.Date, y: r.Total_Responses / maxVis }))}
                style={{ data: { stroke: COLORS.primary, strokeWidth: 2 } }}
              />
            )}
            {comparison && !hidden.has('Compare_Same_Day') && (
              <VictoryLine
                name="compareSameDay"
                data={rows.flatMap((r, i) => {
                  const b = before[i];
                  return b ? [{ x: r.Date, y: b.Same_Day / maxVis }] : [];
                })}
                style={{ data: { stroke: COLORS.accent, strokeWidth: 2, strokeDasharray: '5,4', opacity: 0.8 } }}
              />
            )}
            {comparison && !hidden.has('Compare_Responses') && (
              <VictoryLine
                name="compareResponses"
                data={rows.flatMap((r, i) => {
                  const b = before[i];
                  return b ? [{ x: r.Date, y: b.Total_Responses / maxVis }] : [];
                })}
                style={{ data: { stroke: COLORS.primary, strokeWidth: 2, strokeDasharray: '5,4', opacity: 0.8 } }}
              />
            )}
            {/* An invisible series that carries the tooltip of each date. */}
            <VictoryLine
              name="hit"
              data={rows.map((r, index) => ({ x: r.Date, y: 0, row: r, index, childName: 'hit' }))}
              style={{ data: { stroke: 'none' } }}
            />
          </VictoryChart>
        </Box>
        {markers.length > 0 && <MarkerLayer markers={markers} dates={dates} width={width} />}
      </Box>
      <ChartTable
        caption="Visits over time"
        testId="over-time-table"
        headers={[
          'Date',
          'Impressions',
          'Same Day',
          'All Responses',
          ...(comparison ? [`Date (${comparison.label})`, 'Same Day', 'All Responses'] : []),
        ]}
        rows={rows.map((r, i) => [
          formatDay(r.Date),
          formatCount(r.Total_Impressions),
          formatCount(r.Same_Day),
          formatCount(r.Total_Responses),
          ...(comparison
            ? [formatDay(before[i]?.Date), formatCount(before[i]?.Same_Day), formatCount(before[i]?.Total_Responses)]
            : []),
        ])}
      />
    </Box>
  );
}
