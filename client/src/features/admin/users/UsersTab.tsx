import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { LuPlus, LuShield, LuUser, LuUsers } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { useAdminSummary } from '../components/useAdminSummary';
import { AdminUsersDocument, DeleteUserDocument, type AdminUserFieldsFragment } from '../../../gql/graphql';
import { isSystemAdmin } from '../access';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { RemoveButton } from '../components/RemoveButton';
import { ADMIN_PAGE_SIZE } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const UserModal = lazyNamed(() => import('./UserModal'), 'UserModal');

type Row = AdminUserFieldsFragment;

/** Manage Users (spec 2): name, email, Admin/User badge, actions; system users, administrators, standard users. */
export function UsersTab({ actor }: { actor: Actor }) {
  const { data, loading, error } = useQuery(AdminUsersDocument, {
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.users ?? [];
  const { summary, loading: cardsLoading } = useAdminSummary();
  const cards = summary?.users;
  const [modal, setModal] = useState<{ user: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorFn: (r) => r.name,
        cell: ({ row }) => (
          <HStack gap="2">
            <Text>{row.original.name}</Text>
            {!row.original.active && (
              <Badge colorPalette="orange" variant="subtle" size="sm">
                Invitation pending
              </Badge>
            )}
          </HStack>
        ),
      },
      { id: 'email', header: 'Email', accessorFn: (r) => r.email },
      {
        id: 'role',
        header: 'Role',
        accessorFn: (r) => (r.admin ? 'Admin' : 'User'),
        cell: ({ row }) => (
          <Badge colorPalette={row.original.admin ? 'purple' : 'gray'}>{row.original.admin ? 'Admin' : 'User'}</Badge>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const self = row.original.email.toLowerCase() === actor.email.toLowerCase();
          return (
            <HStack gap="1">
              <EditButton label={`Edit ${row.original.name}`} onClick={() => setModal({ user: row.original })} />
              <RemoveButton
                label={`Remove ${row.original.name}`}
                disabled={self}
                disabledReason="You cannot remove your own account."
                onClick={() => setRemoving(row.original)}
              />
            </HStack>
          );
        },
      },
    ],
    [actor],
  );

  return (
    <Stack gap="4">
      <StatGrid max={3}>
        <StatCard
          title="System Users"
          value={formatCount(cards?.total)}
          note="Everyone with a login"
          icon={<LuUsers />}
          loading={cardsLoading}
        />
        <StatCard
          title="Administrators"
          value={formatCount(cards?.admins)}
          note="Manage users and settings"
          icon={<LuShield />}
          loading={cardsLoading}
        />
        <StatCard
          title="Standard Users"
          value={formatCount(cards?.standard)}
          note="Campaigns and analytics"
          icon={<LuUser />}
          loading={cardsLoading}
        />
      </StatGrid>
      <DataTable
        testId="users-table"
        caption="Users"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading && !data}
        error={error && !data ? 'Unable to retrieve users. Please try again.' : undefined}
        emptyText="No users yet"
        pageSizeOptions={[ADMIN_PAGE_SIZE]}
        initialPageSize={ADMIN_PAGE_SIZE}
        toolbar={
          <Button colorPalette="brand" size="sm" onClick={() => setModal({ user: null })}>
            <LuPlus /> Add New User
          </Button>
        }
      />
      <UserModal
        open={modal !== null}
        user={modal?.user ?? null}
        choosesOrganisation={isSystemAdmin(actor)}
        onClose={() => setModal(null)}
      />
      <ConfirmRemove
        item={removing ? { type: 'user', id: removing.id, name: removing.name } : null}
        mutation={DeleteUserDocument}
        refetch={['AdminUsers', 'AdminSummary']}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
