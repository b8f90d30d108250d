import { Box, SimpleGrid, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatPercent } from '../../../components/format';
import type { ImpressionHeatmapQuery } from '../../../gql/graphql';
import { CountPercentToggle } from '../components/Toggle';
import type { Call, PanelState } from '../hooks/useDashboardData';
import { heatOpacity } from '../utils/chart-data';
import { HEATMAP_COLUMNS, HEATMAP_DAYS, heatMax, shareOfTotal, type HeatmapRow } from '../utils/heatmap';

function HeatmapTable(props: {
  title: string;
  rows: readonly HeatmapRow[];
  state: PanelState;
  /** The response-rate table has no # / % toggle: it is a rate already. */
  rate?: boolean;
  testId: string;
}) {
  const [mode, setMode] = useState<'count' | 'percent'>('count');
  const max = heatMax(props.rows);
  const empty = props.rows.every((r) => r.Total === 0);
  const state = props.state === 'ready' && empty ? 'empty' : props.state;
  const show = (v: number) =>
    props.rate ? formatPercent(v) : mode === 'percent' ? formatPercent(shareOfTotal(v, props.rows)) : formatCount(v);
  return (
    <ChartCard
      title={props.title}
      state={state}
      testId={props.testId}
      csv={props.rows}
      actions={
        props.rate ? undefined : (
          <CountPercentToggle value={mode} onChange={setMode} label={`${props.title}: number or percentage`} />
        )
      }
    >
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" fontSize="xs">
          <Table.Caption srOnly>{props.title} by daypart and weekday</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Daypart</Table.ColumnHeader>
              {HEATMAP_COLUMNS.map((c) => (
                <Table.ColumnHeader key={c} textAlign="end">
                  {c}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.rows.map((r) => (
              <Table.Row key={r.time}>
                <Table.Cell as="th" scope="row" fontWeight="medium" whiteSpace="nowrap">
                  {r.time}
                </Table.Cell>
                {HEATMAP_DAYS.map((d) => {
                  const o = heatOpacity(r[d], max);
                  return (
                    <Table.Cell
                      key={d}
                      textAlign="end"
                      bg={`rgba(0, 64, 92, ${o.toFixed(2)})`}
                      color={o > 0.5 ? 'white' : 'gray.800'}
                      data-opacity={o.toFixed(2)}
                    >
                      {show(r[d])}
                    </Table.Cell>
                  );
                })}
                <Table.Cell textAlign="end" fontWeight="semibold">
                  {show(r.Total)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </ChartCard>
  );
}

/** The three heatmaps of the creative performance view (spec 2). */
export function Heatmaps({ call }: { call: Call<ImpressionHeatmapQuery['impression_heatmap']> }) {
  const t = call.data?.table_data;
  return (
    <SimpleGrid
      columns={1}
      gap="4"
      css={{ '@media (min-width: 1700px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <HeatmapTable title="Impressions" rows={t?.impressions ?? []} state={call.state} testId="heatmap-impressions" />
      <HeatmapTable title="Visits" rows={t?.webhits ?? []} state={call.state} testId="heatmap-visits" />
      <HeatmapTable
        title="Response Rate"
        rows={t?.response_ratio ?? []}
        state={call.state}
        rate
        testId="heatmap-response-rate"
      />
    </SimpleGrid>
  );
}
