import { Box, HStack, Table, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ChartCard, type LoadingState } from '../../../components/ChartCard';
import { formatCount, truncateLabel } from '../../../components/format';
import { DailyActivityDocument, type ActivityCountFieldsFragment } from '../../../gql/graphql';
import { HorizontalBars } from '../../../components/charts/HorizontalBars';
import { REFRESH, TEXTS } from '../texts';

const TABS = [
  { id: 'customers', label: 'Customers', field: 'customer_data', unit: 'hits' },
  { id: 'bookings', label: 'Bookings', field: 'booking_data', unit: 'impressions' },
  { id: 'sites', label: 'Sites', field: 'site_data', unit: 'site hits' },
] as const;

/** Today's Activity (spec 2): totals and the top 10 per tab as horizontal bars, every 60 s (spec 7). */
export function TodayActivityCard() {
  const { data, error, loading } = useQuery(DailyActivityDocument, {
    pollInterval: REFRESH.dailyActivity,
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('customers');
  const d = data?.dailyActivity;
  const empty = d !== undefined && d.total_impressions === 0 && d.total_webhits === 0;
  const state: LoadingState = error ? 'error' : !d && loading ? 'loading' : !d || empty ? 'empty' : 'ready';
  return (
    <ChartCard
      title="Today's Activity"
      subtitle={
        d ? `${formatCount(d.total_impressions)} impressions · ${formatCount(d.total_webhits)} site hits` : undefined
      }
      help="Impressions and site hits of today, each client's today in its own time zone. Refreshed every 60 s."
      state={state}
      errorText={TEXTS.activityError}
      emptyText={TEXTS.activityEmpty}
      testId="today-activity"
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as typeof tab)} size="sm" variant="enclosed">
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.id} value={t.id} pt="3">
            {d && <TopTen rows={d[t.field]} unit={t.unit} label={t.label} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </ChartCard>
  );
}

function TopTen({ rows, unit, label }: { rows: ActivityCountFieldsFragment[]; unit: string; label: string }) {
  if (!rows.length) {
    return (
      <Text color="gray.500" py="6" textAlign="center">
        {TEXTS.activityEmpty}
      </Text>
    );
  }
  const height = Math.max(160, rows.length * 34 + 50);
  return (
    <Box data-testid={`top-${label.toLowerCase()}`}>
      <HorizontalBars
        height={height}
        leftPadding={130}
        bars={rows.map((r) => ({
          label: truncateLabel(r.name),
          value: r.count,
          valueText: formatCount(r.count),
          tooltip: `${r.name}${r.customer_name !== r.name ? ` (${r.customer_name})` : ''}\n${formatCount(r.count)} ${unit}`,
        }))}
      />
      {/* The chart's text alternative. */}
      <Table.Root size="sm" mt="2" variant="line" srOnly>
        <Table.Caption srOnly>Top {label} today</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{label.replace(/s$/, '')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{unit[0].toUpperCase() + unit.slice(1)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, n) => (
            <Table.Row key={`${n}-${r.name}`}>
              <Table.Cell>
                <HStack gap="1" wrap="wrap">
                  <Text>{r.name}</Text>
                  {r.customer_name !== r.name && (
                    <Text color="gray.500" fontSize="xs">
                      {r.customer_name}
                    </Text>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(r.count)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
