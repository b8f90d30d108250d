import { Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { LuBriefcase, LuPlus, LuTags } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { formatCount, formatPercent } from '../../../components/format';
import { EditButton } from '../../../components/RowActions';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { AdminClientsDocument, DeleteClientDocument, type AdminClientFieldsFragment } from '../../../gql/graphql';
import { AssociationRequestsCard } from '../../association-requests/AssociationRequestsCard';
import { isEntityAdminActor, isSystemAdmin, mayEdit, seesAdminFields } from '../access';
import type { CountryOption } from '../components/CountryFields';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { countryLabel } from '../country-form';
import { RemoveButton } from '../components/RemoveButton';
import { ADMIN_PAGE_SIZE, TEXTS } from '../texts';
import { useAdminSummary } from '../components/useAdminSummary';
import { lazyNamed } from '../../../components/lazy';

const ClientModal = lazyNamed(() => import('./ClientModal'), 'ClientModal');

type Row = AdminClientFieldsFragment;

/** Manage Clients (spec 2): cust_name, domain, Category, actions; total clients and the top category. */
export function ClientsTab(props: {
  actor: Actor;
  multiCountry: boolean;
  ownCountries: readonly string[];
  countries: readonly CountryOption[];
  taxonomies: readonly { id: number; taxonomy_desc: string }[];
}) {
  const { actor } = props;
  const { data, loading, error } = useQuery(AdminClientsDocument, {
    variables: { associated: true },
    context: { silent: true },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.customers ?? [];
  const { summary, loading: cardsLoading } = useAdminSummary();
  const cards = summary?.clients;
  const [modal, setModal] = useState<{ client: Row | null } | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);

  const columns = useMemo<DataColumn<Row>[]>(
    () => [
      { id: 'cust_name', header: 'Client Name', accessorFn: (r) => r.cust_name },
      { id: 'domain', header: 'Domain', accessorFn: (r) => r.domain ?? '' },
      { id: 'taxonomy_desc', header: 'Category', accessorFn: (r) => r.taxonomy_desc ?? '' },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const allowed = mayEdit(actor, 'CUSTOMER', row.original.id);
          return (
            <HStack gap="1">
              <EditButton
                label={`Edit ${row.original.cust_name}`}
                disabled={!allowed}
                disabledReason={TEXTS.noPermission}
                onClick={() => setModal({ client: row.original })}
              />
              <RemoveButton
                label={`Remove ${row.original.cust_name}`}
                disabled={!allowed}
                onClick={() => setRemoving(row.original)}
              />
            </HStack>
          );
        },
      },
    ],
    [actor],
  );

  const editingOwn = !!modal?.client && actor.entityType === 'CUSTOMER' && actor.entityId === modal.client.id;
  const choosesCountry = isSystemAdmin(actor) || props.multiCountry || editingOwn;
  // A multi-country user chooses among their own countries only (the gateway refuses others).
  const countries =
    isSystemAdmin(actor) || editingOwn
      ? props.countries
      : props.countries.filter((c) => props.ownCountries.includes(c.country_code));

  const own = props.countries.find((c) => c.country_code === props.ownCountries[0]);
  const ownCountryLabel = own ? countryLabel(own) : props.ownCountries[0];

  return (
    <Stack gap="4">
      <StatGrid max={3}>
        <StatCard
          title="Total Clients"
          value={formatCount(cards?.total)}
          note="Clients you manage"
          icon={<LuBriefcase />}
          loading={cardsLoading}
        />
        <StatCard
          title="Top Category"
          value={cards?.top_category ?? '-'}
          note={cards?.top_share == null ? 'No categories yet' : `${formatPercent(cards.top_share)} of clients`}
          icon={<LuTags />}
          loading={cardsLoading}
        />
      </StatGrid>
      <AssociationRequestsCard />
      <DataTable
        testId="clients-table"
        caption="Clients"
        data={rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        loading={loading && !data}
        error={error && !data ? 'Unable to retrieve clients. Please try again.' : undefined}
        emptyText="No clients yet"
        pageSizeOptions={[ADMIN_PAGE_SIZE]}
        initialPageSize={ADMIN_PAGE_SIZE}
        toolbar={
          <Button colorPalette="brand" size="sm" onClick={() => setModal({ client: null })}>
            <LuPlus /> Add New Client
          </Button>
        }
      />
      <ClientModal
        open={modal !== null}
        client={modal?.client ?? null}
        choosesCountry={choosesCountry}
        showBilling={seesAdminFields(actor)}
        searchExisting={isEntityAdminActor(actor)}
        ownCountry={ownCountryLabel}
        countries={countries}
        taxonomies={props.taxonomies}
        onClose={() => setModal(null)}
      />
      <ConfirmRemove
        item={removing ? { type: 'client', id: removing.id, name: removing.cust_name } : null}
        mutation={DeleteClientDocument}
        refetch={['AdminClients', 'AdminSummary']}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
