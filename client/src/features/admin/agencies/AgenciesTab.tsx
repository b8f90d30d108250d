import { LuBuilding2 } from 'react-icons/lu';
import type { Actor } from '@infinitum/rules';
import type { DataColumn } from '../../../components/DataTable';
import { formatCount } from '../../../components/format';
import { lazyNamed } from '../../../components/lazy';
import { RecordTab, useRecordQuery, useRecordTab } from '../../../components/RecordTab';
import { AdminAgenciesDocument, DeleteAgencyDocument, type AdminAgencyFieldsFragment } from '../../../gql/graphql';
import { AssociationRequestsCard } from '../association-requests/AssociationRequestsCard';
import { isEntityAdminActor, mayEdit, seesAdminFields } from '../access';
import type { CountryOption } from '../../../components/country/CountryFields';
import { ConfirmRemove } from '../components/ConfirmRemove';
import { useAdminSummary } from '../components/useAdminSummary';
import { TEXTS } from '../texts';

const AgencyModal = lazyNamed(() => import('./AgencyModal'), 'AgencyModal');

type Row = AdminAgencyFieldsFragment;

const COLUMNS: DataColumn<Row>[] = [
  { id: 'agency_name', header: 'Agency Name', accessorFn: (r) => r.agency_name },
  { id: 'domain', header: 'Domain', accessorFn: (r) => r.domain ?? '' },
  { id: 'admin_email', header: 'Admin Email', accessorFn: (r) => r.admin_email ?? '' },
];

/** Manage Agencies (spec 2): agency_name, domain, admin_email, edit and remove; the agency count; 10 a page. */
export function AgenciesTab({ actor, countries }: { actor: Actor; countries: readonly CountryOption[] }) {
  const { summary, loading } = useAdminSummary();
  const list = useRecordQuery(AdminAgenciesDocument, {
    entities: 'agencies',
    select: (d) => d.agencies,
    variables: { associated: true },
    fetchPolicy: 'cache-and-network',
  });
  const tab = useRecordTab<Row>();
  const denied = (r: Row) => !mayEdit(actor, 'AGENCY', r.id);
  return (
    <RecordTab
      grid={{ testId: 'agencies-table', caption: 'Agencies', empty: 'No agencies yet', paged: true }}
      list={list}
      columns={COLUMNS}
      cardsLoading={loading}
      cards={[
        {
          title: 'Agencies',
          value: formatCount(summary?.agencies?.total),
          note: 'Agencies you work with',
          icon: <LuBuilding2 />,
        },
      ]}
      intro={<AssociationRequestsCard />}
      actions={[
        {
          kind: 'edit',
          label: (r) => `Edit ${r.agency_name}`,
          denied: (r) => (denied(r) ? TEXTS.noPermission : undefined),
          onClick: tab.edit,
        },
        {
          kind: 'remove',
          label: (r) => `Remove ${r.agency_name}`,
          denied: (r) => (denied(r) ? 'No permission to remove' : undefined),
          onClick: tab.remove,
        },
      ]}
      add={{ label: 'Add New Agency', onClick: tab.add }}
    >
      <AgencyModal
        open={tab.open}
        agency={tab.record}
        showCountry={seesAdminFields(actor)}
        searchExisting={isEntityAdminActor(actor)}
        countries={countries}
        onClose={tab.close}
      />
      <ConfirmRemove
        item={tab.removing ? { type: 'agency', id: tab.removing.id, name: tab.removing.agency_name } : null}
        mutation={DeleteAgencyDocument}
        refetch={['AdminAgencies', 'AdminSummary']}
        onClose={tab.closeRemove}
      />
    </RecordTab>
  );
}
