import { Button, Center, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { CreatedByChip } from './CreatedByChip';
import { formatCount, formatDay, formatDollars } from '../../components/format';
import { PHONE_FORM_NO_HEAD } from '../../components/phone-table';
import { staticClasses, type StaticStyle } from '../../components/static-classes';
import { hasTagIssue, type OverviewRow } from './rows';

export const PAGE_SIZE = 10;

interface Column {
  header: string;
  numeric?: boolean;
  /** Names may wrap; figures, dates and chips stay on one line. */
  wrap?: boolean;
  cell(row: OverviewRow, c: Classes): ReactNode;
}

/**
 * The card, the table's head, rows, cells and badges and the pager's line as Chakra's Card (size="sm"), Table
 * (size="sm" striped interactive), Badge, Box, HStack and Text style them, as fixed classes: a page of rows is
 * ~140 elements, and computing their styles at render was most of the work of drawing the Overview's rows on
 * a phone.
 */
const TABLE = { size: 'sm', striped: true, interactive: true };
const slot = (name: string, css?: StaticStyle['css']): StaticStyle => ({
  recipe: 'table',
  slot: name,
  variants: TABLE,
  css,
});
const useClasses = staticClasses({
  card: { recipe: 'card', slot: 'root', variants: { size: 'sm' }, css: { bg: 'white' } },
  cardHeader: { recipe: 'card', slot: 'header', variants: { size: 'sm' } },
  title: { recipe: 'heading', variants: { size: 'md' }, css: { color: 'primary' } },
  cardBody: { recipe: 'card', slot: 'body', variants: { size: 'sm' }, css: { pt: '2' } },
  scroll: { css: { overflowX: 'auto', minH: `${(PAGE_SIZE + 1) * 41}px` } },
  // On a phone every row is a card of 'label value' lines: all ten columns readable at 390 px.
  table: slot('root', PHONE_FORM_NO_HEAD as StaticStyle['css']),
  header: slot('header'),
  body: slot('body'),
  row: slot('row'),
  columnHeader: slot('columnHeader', { textAlign: 'start', whiteSpace: 'nowrap' }),
  numericHeader: slot('columnHeader', { textAlign: 'end', whiteSpace: 'nowrap' }),
  cell: slot('cell', { textAlign: 'start', whiteSpace: 'nowrap' }),
  wrapCell: slot('cell', { textAlign: 'start', whiteSpace: 'normal', minW: '120px' }),
  numericCell: slot('cell', { textAlign: 'end', whiteSpace: 'nowrap' }),
  red: { recipe: 'badge', variants: { colorPalette: 'red' }, css: { colorPalette: 'red' } },
  green: { recipe: 'badge', variants: { colorPalette: 'green' }, css: { colorPalette: 'green' } },
  // HStack justify="flex-end" gap="3" pt="3"
  pager: {
    css: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexDirection: 'row', gap: '3', pt: '3' },
  },
  range: { css: { fontSize: 'sm', color: 'gray.600' } },
});
type Classes = ReturnType<typeof useClasses>;

const TagStatus = ({ row, c }: { row: OverviewRow; c: Classes }) =>
  hasTagIssue(row) ? (
    <span className={c.red} title={`${formatCount(row.ping_count)} pings`}>
      Needs attention
    </span>
  ) : (
    <span className={c.green} title={`${formatCount(row.ping_count)} pings`}>
      Active
    </span>
  );

export function columnsFor(showCreatedBy: boolean): Column[] {
  const cols: Column[] = [
    { header: 'Client Name', wrap: true, cell: (r) => r.customer_name },
    { header: 'Campaign Name', wrap: true, cell: (r) => r.campaign_name },
    { header: 'Booking Name', wrap: true, cell: (r) => r.booking_name },
  ];
  if (showCreatedBy) {
    cols.push({
      header: 'Created By',
      cell: (r) => (
        <CreatedByChip
          name={r.created_by_name}
          entityType={r.entity_type}
          entityName={r.entity_name}
          createdAt={r.created_at}
        />
      ),
    });
  }
  cols.push(
    { header: 'Channel Name', wrap: true, cell: (r) => r.channel_name ?? '-' },
    { header: 'Start Date', cell: (r) => formatDay(r.start_date) },
    { header: 'End Date', cell: (r) => formatDay(r.end_date) },
    { header: 'Impressions', numeric: true, cell: (r) => formatCount(r.impressions) },
    { header: 'Spend', numeric: true, cell: (r) => formatDollars(r.spend) },
    { header: 'CPM', numeric: true, cell: (r) => formatDollars(r.cpm) },
    { header: 'Tag Status', cell: (r, c) => <TagStatus row={r} c={c} /> },
  );
  return cols;
}

/** 'Active Campaigns': 10 rows a page; 'Created By' for ROLE_ADMIN only (spec 2). */
export function ActiveCampaignsTable(props: {
  rows: readonly OverviewRow[];
  loading: boolean;
  failed: boolean;
  showCreatedBy: boolean;
}) {
  const c = useClasses();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(props.rows.length / PAGE_SIZE));
  useEffect(() => setPage(0), [props.rows]);
  const columns = columnsFor(props.showCreatedBy);
  const visible = props.rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const from = props.rows.length ? page * PAGE_SIZE + 1 : 0;
  const to = Math.min(props.rows.length, (page + 1) * PAGE_SIZE);

  let body: ReactNode;
  if (props.loading) {
    body = (
      <Center py="12" gap="3" data-testid="table-loading">
        <Spinner color="primary" />
        <Text>Loading...</Text>
      </Center>
    );
  } else if (props.failed) {
    body = <Center py="12">Unable to retrieve data. Please try again.</Center>;
  } else if (!props.rows.length) {
    body = (
      <Center py="12" color="gray.500">
        No data available
      </Center>
    );
  }

  return (
    <div className={c.card}>
      <div className={c.cardHeader}>
        <h2 className={c.title}>Active Campaigns</h2>
      </div>
      <div className={c.cardBody}>
        {/* Room for a full page of rows from the start: the card does not jump when the rows arrive. */}
        <div className={c.scroll}>
          <table className={c.table} data-testid="active-campaigns">
            <thead className={c.header}>
              <tr className={c.row}>
                {columns.map((col) => (
                  <th key={col.header} className={col.numeric ? c.numericHeader : c.columnHeader}>
                    {col.header}
                  </th>
                ))}
              </tr>
            </thead>
            {!body && (
              <tbody className={c.body}>
                {visible.map((r) => (
                  <tr key={r.booking_id} className={c.row}>
                    {columns.map((col) => (
                      <td
                        key={col.header}
                        className={col.numeric ? c.numericCell : col.wrap ? c.wrapCell : c.cell}
                        data-label={col.header}
                      >
                        {col.cell(r, c)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
          {body}
        </div>
        <div className={`chakra-stack ${c.pager}`}>
          <p className={c.range} data-testid="page-range">
            {from}–{to} of {props.rows.length}
          </p>
          <Button size="xs" variant="outline" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="xs" variant="outline" disabled={page >= pages - 1} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
