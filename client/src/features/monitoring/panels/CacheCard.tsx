import { Badge, Box, Heading, List, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { formatBytes, formatCount, formatDecimal1 } from '../../../components/format';
import { CacheHealthDocument } from '../../../gql/graphql';
import { formatUptime, memoryAlert } from '../health-rules';
import { REFRESH, TEXTS } from '../texts';
import { Figure } from './PipelineCard';

/** A share of memory: two decimals below 1% (a small Redis on a big machine), else one. */
const formatShare = (percent: number) =>
  percent > 0 && percent < 1 ? `${percent.toFixed(2)}%` : `${formatDecimal1(percent)}%`;

/**
 * Cache and server health (spec 2): Redis version, uptime, clients, memory (red above 80%), the
 * collectors from their heartbeats, measured latency and the critical issues; every 10 s (spec 7).
 */
export function CacheCard() {
  const { data, error, loading } = useQuery(CacheHealthDocument, {
    pollInterval: REFRESH.cache,
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
  const state: LoadingState = error ? 'error' : !data && loading ? 'loading' : data ? 'ready' : 'empty';
  const info = data?.redisInfo;
  const strain = data?.redisStrainSummary;
  const health = data?.redisHealth;
  const memoryRed = info ? memoryAlert(info.memory.memory_usage_percent) : false;
  return (
    <ChartCard
      title="Cache & Server Health"
      subtitle={info ? `Redis ${info.server.version} · up ${formatUptime(info.server.uptime_seconds)}` : undefined}
      help="Redis memory is measured against maxmemory when set, else against the machine's memory. Refreshed every 10 s."
      state={state}
      errorText={TEXTS.cacheError}
      testId="cache-health"
      actions={
        health && (
          <Badge colorPalette={health.status === 'healthy' ? 'green' : 'red'} data-testid="cache-status">
            {health.status === 'healthy' ? 'Healthy' : 'Degraded'}
          </Badge>
        )
      }
    >
      {info && strain && (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
            <Figure
              label="Memory"
              value={formatBytes(info.memory.used_memory)}
              alert={memoryRed}
              testId="cache-memory"
            />
            <Figure
              label="Memory use"
              value={formatShare(info.memory.memory_usage_percent)}
              alert={memoryRed}
              testId="cache-memory-percent"
            />
            <Figure label="Peak" value={formatBytes(info.memory.used_memory_peak)} />
            <Figure label="Clients" value={formatCount(info.clients.connected_clients)} testId="cache-clients" />
            <Figure label="Ops/s" value={formatCount(strain.key_metrics.ops_per_sec)} />
            <Figure label="Latency" value={`${formatDecimal1(strain.key_metrics.avg_latency_ms)} ms`} />
          </SimpleGrid>
          <Box>
            <Heading as="h3" size="sm" mb="1">
              Critical issues
            </Heading>
            {strain.critical_issues.length === 0 ? (
              <Text color="green.700" fontSize="sm" data-testid="no-issues">
                None
              </Text>
            ) : (
              <List.Root gap="1" fontSize="sm" color="red.700" data-testid="critical-issues">
                {strain.critical_issues.map((i) => (
                  <List.Item key={`${i.code}-${i.message}`}>{i.message}</List.Item>
                ))}
              </List.Root>
            )}
          </Box>
          <Box>
            <Heading as="h3" size="sm" mb="1">
              Collectors ({info.edge_servers.active_servers} active · {formatCount(info.edge_servers.total_log_entries)}{' '}
              hits)
            </Heading>
            <Table.ScrollArea>
              <Table.Root size="sm" variant="line" data-testid="collectors">
                <Table.Caption srOnly>Collectors</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Host</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Hits</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Last seen</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {info.edge_servers.servers.length === 0 && (
                    <Table.Row>
                      <Table.Cell colSpan={3} color="gray.500">
                        No data available
                      </Table.Cell>
                    </Table.Row>
                  )}
                  {info.edge_servers.servers.map((s) => (
                    <Table.Row key={`${s.hostname}:${s.pid}`}>
                      <Table.Cell>
                        {s.hostname}{' '}
                        <Text as="span" color="gray.500" fontSize="xs">
                          pid {s.pid}
                        </Text>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(s.log_entries)}</Table.Cell>
                      <Table.Cell textAlign="end" color={s.active ? undefined : 'red.600'}>
                        {s.last_seen_seconds} s ago
                      </Table.Cell>
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
