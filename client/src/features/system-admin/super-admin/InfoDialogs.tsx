import { Badge, Box, Button, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { describeError } from '../../../app/api-errors';
import { formatBytes, formatCount, formatDateTime } from '../../../components/format';
import { DatabaseStatusDocument, SystemConfigurationDocument } from '../../../gql/graphql';

function InfoDialog(props: { open: boolean; title: string; onClose(): void; children: ReactNode; testId: string }) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => !d.open && props.onClose()}
      placement="center"
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Loading() {
  return (
    <HStack justify="center" py="8" gap="3" role="status">
      <Spinner color="primary" />
      <Text>Loading...</Text>
    </HStack>
  );
}

function Pairs({ caption, rows }: { caption: string; rows: { name: string; value: ReactNode }[] }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="primary" mb="1">
          {caption}
        </Table.Caption>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.name}>
              <Table.Cell color="gray.600" w="45%">
                {r.name}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{r.value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** System Configuration: the running configuration, read-only (never a secret; the gateway leaves them out). */
export function SystemConfigurationDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { data, loading, error } = useQuery(SystemConfigurationDocument, {
    skip: !open,
    context: { silent: true },
    fetchPolicy: 'network-only',
  });
  const c = data?.systemConfiguration;
  return (
    <InfoDialog open={open} title="System Configuration" onClose={onClose} testId="system-configuration">
      {loading && !c && <Loading />}
      {error && !c && (
        <Text color="red.600" role="alert">
          Unable to retrieve data. Please try again. ({describeError(error).message})
        </Text>
      )}
      {c && (
        <Stack gap="5">
          <Pairs
            caption="Release"
            rows={[
              { name: 'Version', value: c.version },
              { name: 'Build', value: c.build },
              { name: 'Environment', value: <Badge>{c.environment}</Badge> },
              { name: 'Node.js', value: c.node_version },
              { name: 'Started', value: formatDateTime(c.started_at) },
              { name: 'Uptime', value: `${formatCount(Math.floor(c.uptime_seconds / 60))} min` },
            ]}
          />
          <Pairs caption="Settings" rows={c.settings} />
          <Pairs caption="Defaults" rows={c.defaults} />
          <Text fontSize="sm" color="gray.500">
            Read-only. Secrets and credentials are never shown; change settings in the server&apos;s environment.
          </Text>
        </Stack>
      )}
    </InfoDialog>
  );
}

/** Database Operations: migration state and the size and row estimate of the largest tables. */
export function DatabaseOperationsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { data, loading, error } = useQuery(DatabaseStatusDocument, {
    skip: !open,
    context: { silent: true },
    fetchPolicy: 'network-only',
  });
  const d = data?.databaseStatus;
  return (
    <InfoDialog open={open} title="Database Operations" onClose={onClose} testId="database-operations">
      {loading && !d && <Loading />}
      {error && !d && (
        <Text color="red.600" role="alert">
          Unable to retrieve data. Please try again. ({describeError(error).message})
        </Text>
      )}
      {d && (
        <Stack gap="5">
          <Pairs
            caption="Database"
            rows={[
              { name: 'Server', value: d.server_version },
              { name: 'Database', value: d.database },
              { name: 'Tables', value: formatCount(d.table_count) },
              { name: 'Total size', value: formatBytes(d.total_bytes) },
            ]}
          />
          <Pairs
            caption="Migrations"
            rows={[
              {
                name: 'State',
                value:
                  d.migrations.pending === 0 ? (
                    <Badge colorPalette="green">Up to date</Badge>
                  ) : (
                    <Badge colorPalette="orange">{d.migrations.pending} pending</Badge>
                  ),
              },
              { name: 'Applied', value: formatCount(d.migrations.executed) },
              { name: 'Latest applied', value: d.migrations.last_name ?? '-' },
              ...(d.migrations.pending_names.length
                ? [{ name: 'Pending', value: d.migrations.pending_names.join(', ') }]
                : []),
            ]}
          />
          <Box overflowX="auto">
            <Table.Root size="sm" striped>
              <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" color="primary" mb="1">
                Largest tables
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Table</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Rows (est.)</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    Data
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    Indexes
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {d.tables.map((t) => (
                  <Table.Row key={t.table_name}>
                    <Table.Cell>{t.table_name}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(t.row_estimate)}</Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="md">
                      {formatBytes(t.data_bytes)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="md">
                      {formatBytes(t.index_bytes)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatBytes(t.total_bytes)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Text fontSize="sm" color="gray.500">
            Row counts are the database&apos;s estimates; exact counts of the event tables would take minutes.
          </Text>
        </Stack>
      )}
    </InfoDialog>
  );
}
