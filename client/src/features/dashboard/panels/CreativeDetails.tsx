import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { ChartCard } from '../../../components/ChartCard';
import { formatCount, formatDollars, formatPercent, truncateLabel } from '../../../components/format';
import type { CreativePerformanceSummaryQuery } from '../../../gql/graphql';
import type { Call } from '../hooks/useDashboardData';
import { figureColumn, withChangeColumns, type ComparableColumn } from '../components/ChangeCell';
import { byResponseRate, pageCount, pageRows, rangeLabel } from '../utils/details-paging';

type Row = CreativePerformanceSummaryQuery['creative_performance_summary']['table_data'][number];

export const DETAILS_COLUMNS: ComparableColumn<Row>[] = [
  { header: 'Creative Name', cell: (r) => r.Creative },
  { header: 'Duration', cell: (r) => r.Duration || 'N/A' },
  figureColumn('Impressions', 'Total_Impressions', formatCount),
  figureColumn('Ad Spend', 'Ad_Spend', formatDollars),
  figureColumn('Total Visits', 'Total_Responses', formatCount),
  figureColumn('Response Rate', 'Response_Rate_Percent', formatPercent),
  figureColumn('Cost Per Visit', 'Current_CPR', formatDollars),
];

/** Creative Performance Details (spec 2): by response rate, 6 a page, padded, truncated names with tooltips. */
export function CreativeDetails({
  call,
}: {
  call: Call<CreativePerformanceSummaryQuery['creative_performance_summary']>;
}) {
  const rows = useMemo(() => byResponseRate(call.data?.table_data ?? []), [call.data]);
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [rows]);
  const pages = pageCount(rows.length);
  const columns = useMemo(
    () => withChangeColumns(DETAILS_COLUMNS, call.data?.comparison, (r) => r.Creative),
    [call.data],
  );
  // An empty answer still shows the table with its '0-0 of 0' pager.
  const state = call.state === 'empty' ? 'ready' : call.state;
  return (
    <ChartCard
      title="Creative Performance Details"
      state={state}
      testId="panel-creative-details"
      csv={call.data?.table_data}
    >
      <Box overflowX="auto">
        <Table.Root size="sm" variant="line" data-testid="details-table">
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : 'start'} whiteSpace="nowrap">
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pageRows(rows, page).map((r, i) =>
              r ? (
                <Table.Row key={`${r.Creative}-${i}`} data-testid="details-row">
                  {columns.map((c, j) => (
                    <Table.Cell key={c.header} textAlign={c.numeric ? 'end' : 'start'} whiteSpace="nowrap">
                      {j === 0 ? (
                        <Text as="span" title={r.Creative} tabIndex={0} aria-label={r.Creative}>
                          {truncateLabel(r.Creative)}
                        </Text>
                      ) : (
                        c.cell(r)
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ) : (
                <Table.Row key={`pad-${i}`} aria-hidden="true">
                  <Table.Cell colSpan={columns.length}>&nbsp;</Table.Cell>
                </Table.Row>
              ),
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <HStack justify="flex-end" gap="3" mt="2">
        <Text fontSize="sm" data-testid="details-range">
          {rangeLabel(page, rows.length)}
        </Text>
        <Button size="xs" variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
          Previous
        </Button>
        <Button size="xs" variant="outline" onClick={() => setPage((p) => p + 1)} disabled={page >= pages - 1}>
          Next
        </Button>
      </HStack>
    </ChartCard>
  );
}
