import { Badge, Box, Button, Card, Center, Heading, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { CreatedByChip } from './CreatedByChip';
import { formatCount, formatDay, formatDollars } from '../../components/format';
import { hasTagIssue, type OverviewRow } from './rows';

export const PAGE_SIZE = 10;

interface Column {
  header: string;
  numeric?: boolean;
  /** Names may wrap; figures, dates and chips stay on one line. */
  wrap?: boolean;
  cell(row: OverviewRow): ReactNode;
}

const TagStatus = ({ row }: { row: OverviewRow }) =>
  hasTagIssue(row) ? (
    <Badge colorPalette="red" title={`${formatCount(row.ping_count)} pings`}>
      Needs attention
    </Badge>
  ) : (
    <Badge colorPalette="green" title={`${formatCount(row.ping_count)} pings`}>
      Active
    </Badge>
  );

function columnsFor(showCreatedBy: boolean): Column[] {
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
    { header: 'Tag Status', cell: (r) => <TagStatus row={r} /> },
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
    <Card.Root size="sm" bg="white">
      <Card.Header>
        <Heading as="h2" size="md" color="primary">
          Active Campaigns
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {/* Room for a full page of rows from the start: the card does not jump when the rows arrive. */}
        <Box overflowX="auto" minH={`${(PAGE_SIZE + 1) * 41}px`}>
          <Table.Root size="sm" striped interactive data-testid="active-campaigns">
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : 'start'} whiteSpace="nowrap">
                    {c.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            {!body && (
              <Table.Body>
                {visible.map((r) => (
                  <Table.Row key={r.booking_id}>
                    {columns.map((c) => (
                      <Table.Cell
                        key={c.header}
                        textAlign={c.numeric ? 'end' : 'start'}
                        whiteSpace={c.wrap ? 'normal' : 'nowrap'}
                        minW={c.wrap ? '120px' : undefined}
                      >
                        {c.cell(r)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            )}
          </Table.Root>
          {body}
        </Box>
        <HStack justify="flex-end" gap="3" pt="3">
          <Text fontSize="sm" color="gray.600" data-testid="page-range">
            {from}–{to} of {props.rows.length}
          </Text>
          <Button size="xs" variant="outline" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="xs" variant="outline" disabled={page >= pages - 1} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
