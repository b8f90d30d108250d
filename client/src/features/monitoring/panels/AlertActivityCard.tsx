import { Box, Heading, Stack, Table } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { formatCount, formatDateTime } from '../../../components/format';
import { AlertActivityDocument } from '../../../gql/graphql';
import { REFRESH, TEXTS } from '../texts';

/**
 * Alerts and reports (docs/operations.md#alerts): the latest evaluations of the alerts task and the latest alert
 * and report mails (when, what, to whom, the result), as the server records them. Refreshed every 60 s.
 */
export function AlertActivityCard() {
  const { data, error, loading } = useQuery(AlertActivityDocument, {
    pollInterval: REFRESH.alerts,
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
  const d = data?.alertActivity;
  const empty = d !== undefined && d.runs.length === 0 && d.sends.length === 0;
  const state: LoadingState = error ? 'error' : !d && loading ? 'loading' : !d || empty ? 'empty' : 'ready';
  return (
    <ChartCard
      title="Alerts and reports"
      help="The latest evaluations of the alert rules, and the latest alert and report mails with their result. Refreshed every 60 s."
      state={state}
      errorText={TEXTS.alertsError}
      emptyText={TEXTS.alertsEmpty}
      testId="alert-activity"
    >
      {d && (
        <Stack gap="5">
          <Box>
            <Heading as="h3" size="sm" mb="2">
              Evaluations
            </Heading>
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="alert-runs">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Process</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Opened</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Resolved</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Mailed</Table.ColumnHeader>
                    <Table.ColumnHeader>Result</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {d.runs.map((r) => (
                    <Table.Row key={r.id}>
                      <Table.Cell whiteSpace="nowrap">{formatDateTime(r.started_at)}</Table.Cell>
                      <Table.Cell>{r.owner}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(r.opened)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(r.resolved)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(r.mailed)}</Table.Cell>
                      <Table.Cell>{r.result}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
          <Box>
            <Heading as="h3" size="sm" mb="2">
              Mails
            </Heading>
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="alert-sends">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Kind</Table.ColumnHeader>
                    <Table.ColumnHeader>Client</Table.ColumnHeader>
                    <Table.ColumnHeader>What</Table.ColumnHeader>
                    <Table.ColumnHeader>To</Table.ColumnHeader>
                    <Table.ColumnHeader>Result</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {d.sends.map((s, i) => (
                    <Table.Row key={`${s.kind}-${i}`}>
                      <Table.Cell whiteSpace="nowrap">{s.sent_at ? formatDateTime(s.sent_at) : '-'}</Table.Cell>
                      <Table.Cell>{s.kind}</Table.Cell>
                      <Table.Cell>{s.customer_name}</Table.Cell>
                      <Table.Cell minW="48">{s.what}</Table.Cell>
                      <Table.Cell>{s.email}</Table.Cell>
                      <Table.Cell>{s.result}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Box>
        </Stack>
      )}
    </ChartCard>
  );
}
