import { LuBriefcase, LuTags } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import type { CountryOption } from '../../../components/country/CountryFields';
import { countryLabel } from '../../../components/country/country-form';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount, formatPercent } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordQuery, useRecordTab } from '../../../components/RecordTab';
import { AdminClientsDocument, DeleteClientDocument, type AdminClientFieldsFragment } from '../../../gql/graphql';
import { isEntityAdminActor, isSystemAdmin, mayEdit, seesAdminFields } from '../access';
import { AssociationRequestsCard } from '../association-requests/AssociationRequestsCard';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { useAdminSummary } from '../components/useAdminSummary';
import { TEXTS } from '../texts';

const ClientModal = lazyNamed(() => import('./ClientModal'), 'ClientModal');

type Row = AdminClientFieldsFragment;

const COLUMNS: DataColumn<Row>[] = [
  { id: 'cust_name', header: 'Client Name', accessorFn: (r) => r.cust_name },
  { id: 'domain', header: 'Domain', accessorFn: (r) => r.domain ?? '' },
  { id: 'taxonomy_desc', header: 'Category', accessorFn: (r) => r.taxonomy_desc ?? '' },
];

/** Manage Clients (spec 2): cust_name, domain, Category, actions; total clients and the top category. */
export function ClientsTab(props: {
  actor: Actor;
  multiCountry: boolean;
  ownCountries: readonly string[];
  countries: readonly CountryOption[];
  taxonomies: readonly { id: number; taxonomy_desc: string }[];
}) {
  const { actor } = props;
  const list = useRecordQuery(AdminClientsDocument, {
    entities: 'clients',
    select: (d) => d.customers,
    variables: { associated: true },
    fetchPolicy: 'cache-and-network',
  });
  const { summary, loading } = useAdminSummary();
  const cards = summary?.clients;
  const tab = useRecordTab<Row>();
  const denied = (r: Row) => !mayEdit(actor, 'CUSTOMER', r.id);

  const editingOwn = !!tab.record && actor.entityType === 'CUSTOMER' && actor.entityId === tab.record.id;
  const choosesCountry = isSystemAdmin(actor) || props.multiCountry || editingOwn;
  // A multi-country user chooses among their own countries only (the gateway refuses others).
  const countries =
    isSystemAdmin(actor) || editingOwn
      ? props.countries
      : props.countries.filter((c) => props.ownCountries.includes(c.country_code));

  const own = props.countries.find((c) => c.country_code === props.ownCountries[0]);
  const ownCountryLabel = own ? countryLabel(own) : props.ownCountries[0];

  return (
    <RecordTab
      grid={{ testId: 'clients-table', caption: 'Clients', empty: 'No clients yet', paged: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        { title: 'Total Clients', value: formatCount(cards?.total), note: 'Clients you manage', icon: <LuBriefcase /> },
        {
          title: 'Top Category',
          value: cards?.top_category ?? '-',
          note: cards?.top_share == null ? 'No categories yet' : `${formatPercent(cards.top_share)} of clients`,
          icon: <LuTags />,
        },
      ]}
      intro={<AssociationRequestsCard />}
      actions={[
        {
          kind: 'edit',
          label: (r) => `Edit ${r.cust_name}`,
          denied: (r) => (denied(r) ? TEXTS.noPermission : undefined),
          onClick: tab.edit,
        },
        {
          kind: 'remove',
          label: (r) => `Remove ${r.cust_name}`,
          denied: (r) => (denied(r) ? 'No permission to remove' : undefined),
          onClick: tab.remove,
        },
      ]}
      add={{ label: 'Add New Client', onClick: tab.add }}
    >
      <ClientModal
        open={tab.open}
        client={tab.record}
        choosesCountry={choosesCountry}
        showBilling={seesAdminFields(actor)}
        searchExisting={isEntityAdminActor(actor)}
        ownCountry={ownCountryLabel}
        countries={countries}
        taxonomies={props.taxonomies}
        onClose={tab.close}
      />
      <ConfirmRemove
        item={tab.removing ? { type: 'client', id: tab.removing.id, name: tab.removing.cust_name } : null}
        mutation={DeleteClientDocument}
        refetch={['AdminClients', 'AdminSummary']}
        onClose={tab.closeRemove}
      />
    </RecordTab>
  );
}
