import { Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LuUsers } from 'react-icons/lu';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { formatCount, formatDateTime } from '../../components/format';
import { StatCard } from '../../components/StatCard';
import { ActiveUsersDocument, type ActiveUsersQuery } from '../../gql/graphql';
import { ago, ENTITY_LABEL, roleLabel } from './health-rules';
import { ACTIVE_USERS_PAGE_SIZE, REFRESH, TEXTS } from './texts';
import { usePageFocus } from './usePageFocus';

type Row = ActiveUsersQuery['activeUsers']['users'][number];

const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', accessorFn: (r) => r.name },
  { id: 'email', header: 'Email', accessorFn: (r) => r.email },
  {
    id: 'role',
    header: 'Role',
    accessorFn: (r) => roleLabel(r.role_name),
    cell: ({ row }) => (
      <Badge colorPalette={row.original.isAdmin ? 'blue' : 'gray'} variant="subtle">
        {roleLabel(row.original.role_name)}
      </Badge>
    ),
  },
  {
    id: 'organisation',
    header: 'Organisation',
    accessorFn: (r) => r.entity_name,
    cell: ({ row }) => (
      <Stack gap="0">
        <Text>{row.original.entity_name}</Text>
        <Text fontSize="xs" color="gray.500">
          {ENTITY_LABEL[row.original.entity_type] ?? row.original.entity_type}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'last_active',
    header: 'Last Activity',
    accessorFn: (r) => r.last_active,
    sortFn: 'text',
    cell: ({ row }) => (
      <Text as="span" title={formatDateTime(row.original.last_active)}>
        {ago(row.original.last_active)}
      </Text>
    ),
  },
  {
    id: 'api_calls',
    header: 'API Calls',
    accessorFn: (r) => r.api_calls,
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.api_calls),
  },
];

/**
 * Active Users (spec 2): users seen in the last 15 minutes, 25 a page, with counts per organisation
 * type; polled every 30 s, every 10 s while the page has focus (spec 7). Fetch errors are silent (spec 8):
 * the table keeps its last rows.
 */
export function ActivityTab() {
  const focused = usePageFocus();
  const { data, loading } = useQuery(ActiveUsersDocument, {
    pollInterval: focused ? REFRESH.activeUsersFocused : REFRESH.activeUsers,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
    context: { silent: true },
  });
  const answer = data?.activeUsers;
  const count = (type: string) => answer?.counts.find((c) => c.entity_type === type)?.count ?? 0;
  return (
    <Stack gap="4" data-testid="activity-tab">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="gray.600" fontSize="sm">
          Users active in the last {answer?.window_minutes ?? 15} minutes, refreshed every{' '}
          {(focused ? REFRESH.activeUsersFocused : REFRESH.activeUsers) / 1000} s.
        </Text>
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3">
        <StatCard
          title="Active Users"
          value={formatCount(answer?.total ?? 0)}
          icon={<LuUsers />}
          loading={loading && !answer}
          testId="active-total"
        />
        {['SYSTEM', 'CUSTOMER', 'AGENCY', 'BROADCASTER', 'ADTECH'].map((type) => (
          <StatCard
            key={type}
            title={ENTITY_LABEL[type]}
            value={formatCount(count(type))}
            loading={loading && !answer}
            testId={`active-${type}`}
          />
        ))}
      </SimpleGrid>
      <DataTable
        testId="active-users-table"
        caption="Active Users"
        data={answer?.users ?? []}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading && !answer}
        emptyText={TEXTS.activeUsersEmpty}
        pageSizeOptions={[ACTIVE_USERS_PAGE_SIZE]}
        initialPageSize={ACTIVE_USERS_PAGE_SIZE}
        quickFilter
      />
    </Stack>
  );
}
