import { Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { LuBuilding2, LuPlus } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { useAdminSummary } from '../components/useAdminSummary';
import { AdminAgenciesDocument, DeleteAgencyDocument, type AdminAgencyFieldsFragment } from '../../../gql/graphql';
import { AssociationRequestsCard } from '../../association-requests/AssociationRequestsCard';
import { isEntityAdminActor, mayEdit, seesAdminFields } from '../access';
import type { CountryOption } from '../components/CountryFields';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { RemoveButton } from '../components/RemoveButton';
import { ADMIN_PAGE_SIZE, TEXTS } from '../texts';
import { lazyNamed } from '../../../components/lazy';

const AgencyModal = lazyNamed(() => import('./AgencyModal'), 'AgencyModal');

type Row = AdminAgencyFieldsFragment;

/** Manage Agencies (spec 2): agency_name, domain, admin_email, edit and remove; the agency count; 10 a page. */
export function AgenciesTab({ actor, countries }: { actor: Actor; countries: readonly CountryOption[] }) {
  const { summary, loading: cardsLoading } = useAdminSummary();
  const { data, loading, error } = useQuery(AdminAgenciesDocument, {
    variables: { associated: true },
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.agencies ?? [];
  const [modal, setModal] = useState<{ agency: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      { id: 'agency_name', header: 'Agency Name', accessorFn: (r) => r.agency_name },
      { id: 'domain', header: 'Domain', accessorFn: (r) => r.domain ?? '' },
      { id: 'admin_email', header: 'Admin Email', accessorFn: (r) => r.admin_email ?? '' },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const allowed = mayEdit(actor, 'AGENCY', row.original.id);
          return (
            <HStack gap="1">
              <EditButton
                label={`Edit ${row.original.agency_name}`}
                disabled={!allowed}
                disabledReason={TEXTS.noPermission}
                onClick={() => setModal({ agency: row.original })}
              />
              <RemoveButton
                label={`Remove ${row.original.agency_name}`}
                disabled={!allowed}
                disabledReason="No permission to remove"
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
          title="Agencies"
          value={formatCount(summary?.agencies?.total)}
          note="Agencies you work with"
          icon={<LuBuilding2 />}
          loading={cardsLoading}
        />
      </StatGrid>
      <AssociationRequestsCard />
      <DataTable
        testId="agencies-table"
        caption="Agencies"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading && !data}
        error={error && !data ? 'Unable to retrieve agencies. Please try again.' : undefined}
        emptyText="No agencies yet"
        pageSizeOptions={[ADMIN_PAGE_SIZE]}
        initialPageSize={ADMIN_PAGE_SIZE}
        toolbar={
          <Button colorPalette="brand" size="sm" onClick={() => setModal({ agency: null })}>
            <LuPlus /> Add New Agency
          </Button>
        }
      />
      <AgencyModal
        open={modal !== null}
        agency={modal?.agency ?? null}
        showCountry={seesAdminFields(actor)}
        searchExisting={isEntityAdminActor(actor)}
        countries={countries}
        onClose={() => setModal(null)}
      />
      <ConfirmRemove
        item={removing ? { type: 'agency', id: removing.id, name: removing.agency_name } : null}
        mutation={DeleteAgencyDocument}
        refetch={['AdminAgencies', 'AdminSummary']}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
