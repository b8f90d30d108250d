import { Badge, HStack, Text } from '@chakra-ui/react';
import { LuShield, LuUser, LuUsers } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordQuery, useRecordTab } from '../../../components/RecordTab';
import { AdminUsersDocument, DeleteUserDocument, type AdminUserFieldsFragment } from '../../../gql/graphql';
import { isSystemAdmin } from '../access';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { useAdminSummary } from '../components/useAdminSummary';

const UserModal = lazyNamed(() => import('./UserModal'), 'UserModal');

type Row = AdminUserFieldsFragment;

const COLUMNS: DataColumn<Row>[] = [
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
];

/** Manage Users (spec 2): name, email, Admin/User badge, actions; system users, administrators, standard users. */
export function UsersTab({ actor }: { actor: Actor }) {
  const list = useRecordQuery(AdminUsersDocument, {
    entities: 'users',
    select: (d) => d.users,
    fetchPolicy: 'cache-and-network',
  });
  const { summary, loading } = useAdminSummary();
  const cards = summary?.users;
  const tab = useRecordTab<Row>();
  const self = (r: Row) => r.email.toLowerCase() === actor.email.toLowerCase();
  return (
    <RecordTab
      grid={{ testId: 'users-table', caption: 'Users', empty: 'No users yet', paged: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        { title: 'System Users', value: formatCount(cards?.total), note: 'Everyone with a login', icon: <LuUsers /> },
        {
          title: 'Administrators',
          value: formatCount(cards?.admins),
          note: 'Manage users and settings',
          icon: <LuShield />,
        },
        {
          title: 'Standard Users',
          value: formatCount(cards?.standard),
          note: 'Campaigns and analytics',
          icon: <LuUser />,
        },
      ]}
      actions={[
        { kind: 'edit', label: (r) => `Edit ${r.name}`, onClick: tab.edit },
        {
          kind: 'remove',
          label: (r) => `Remove ${r.name}`,
          denied: (r) => (self(r) ? 'You cannot remove your own account.' : undefined),
          onClick: tab.remove,
        },
      ]}
      add={{ label: 'Add New User', onClick: tab.add }}
    >
      <UserModal open={tab.open} user={tab.record} choosesOrganisation={isSystemAdmin(actor)} onClose={tab.close} />
      <ConfirmRemove
        item={tab.removing ? { type: 'user', id: tab.removing.id, name: tab.removing.name } : null}
        mutation={DeleteUserDocument}
        refetch={['AdminUsers', 'AdminSummary']}
        onClose={tab.closeRemove}
      />
    </RecordTab>
  );
}
