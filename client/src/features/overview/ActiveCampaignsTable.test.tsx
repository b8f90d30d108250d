import { Badge, Box, Button, Card, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { PHONE_FORM_NO_HEAD } from '../../components/phone-table';
import { renderedBoth } from '../../test/same-render';
import { ActiveCampaignsTable, columnsFor } from './ActiveCampaignsTable';
import { hasTagIssue, type OverviewRow } from './rows';

const row = (id: number, tag_issue: boolean): OverviewRow => ({
  booking_id: id,
  customer_id: 1,
  customer_name: 'Demo Client',
  campaign_name: `Campaign ${id}`,
  booking_name: `Booking ${id}`,
  channel_name: 'TVNZ 1',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  impressions: 12345 * id,
  cpm: 12.5,
  spend: 154.31 * id,
  ping_count: tag_issue ? 0 : 40,
  tag_issue,
  entity_name: null,
  entity_type: 'CUSTOMER',
  created_by_name: null,
  created_at: '2026-10-01T00:00:00Z',
});
const rows = [row(1, false), row(2, true), row(3, false)];

/** The card as it was written with Chakra's components (its first page of three rows). */
function ChakraTable() {
  const columns = columnsFor(false);
  return (
    <Card.Root size="sm" bg="white">
      <Card.Header>
        <Heading as="h2" size="md" color="primary">
          Active Campaigns
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Box overflowX="auto" minH="451px">
          <Table.Root size="sm" striped interactive data-testid="active-campaigns" css={PHONE_FORM_NO_HEAD}>
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
              {rows.map((r) => (
                <Table.Row key={r.booking_id}>
                  {columns.map((c) => (
                    <Table.Cell
                      key={c.header}
                      textAlign={c.numeric ? 'end' : 'start'}
                      whiteSpace={c.wrap ? 'normal' : 'nowrap'}
                      minW={c.wrap ? '120px' : undefined}
                      data-label={c.header}
                    >
                      {c.header !== 'Tag Status' ? (
                        c.cell(r, {} as never)
                      ) : hasTagIssue(r) ? (
                        <Badge colorPalette="red" title={`${r.ping_count} pings`}>
                          Needs attention
                        </Badge>
                      ) : (
                        <Badge colorPalette="green" title={`${r.ping_count} pings`}>
                          Active
                        </Badge>
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        <HStack justify="flex-end" gap="3" pt="3">
          <Text fontSize="sm" color="gray.600" data-testid="page-range">
            {1}–{3} of {3}
          </Text>
          <Button size="xs" variant="outline" disabled>
            Previous
          </Button>
          <Button size="xs" variant="outline" disabled>
            Next
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

describe('ActiveCampaignsTable', () => {
  it('draws its card, rows, badges and pager as Chakra drew them (fixed classes)', () => {
    const [chakra, fixed] = renderedBoth(
      <ChakraTable />,
      <ActiveCampaignsTable rows={rows} loading={false} failed={false} showCreatedBy={false} />,
    );
    expect(fixed).toEqual(chakra);
  });
});
