import { useMutation, useQuery } from '@apollo/client/react';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import {
  AdminAgenciesDocument,
  AssociateAgencyDocument,
  CreateAgencyDocument,
  UpdateAgencyDocument,
  type AdminAgencyFieldsFragment,
} from '../../../gql/graphql';
import { agencyRules, validate } from '@infinitum/rules';
import { AssociationBanner, ExistingNameField } from '../components/ExistingNameField';
import type { CountryOption } from '../../../components/country/CountryFields';
import { useAssociableForm } from '../components/useAssociableForm';
import { countryLabel } from '../../../components/country/country-form';
import { TEXTS } from '../texts';

export interface AgencyForm {
  agency_name: string;
  domain: string;
  admin_email: string;
  country_code: string;
}

const EMPTY: AgencyForm = { agency_name: '', domain: '', admin_email: '', country_code: '' };

const REFRESH = {
  context: { silent: true },
  refetchQueries: ['AdminAgencies', 'AdminSummary', 'AssociationRequests'],
  awaitRefetchQueries: true,
};

const formOf = (a: AdminAgencyFieldsFragment): AgencyForm => ({
  agency_name: a.agency_name,
  domain: a.domain ?? '',
  admin_email: a.admin_email ?? '',
  country_code: a.country_code ?? '',
});

/**
 * The agency modal (spec 2, 3, 4): create, edit, or associate an existing unassociated agency (picked from
 * the name search). The Country field is for ROLE_ADMIN only (spec 6).
 */
export function AgencyModal(props: {
  open: boolean;
  agency: AdminAgencyFieldsFragment | null;
  showCountry: boolean;
  /** Whether the name field searches existing agencies (create mode, for those who may associate). */
  searchExisting: boolean;
  countries: readonly CountryOption[];
  onClose(): void;
}) {
  const inputOf = (v: AgencyForm) => ({
    agency_name: v.agency_name,
    domain: v.domain || null,
    admin_email: v.admin_email || null,
    ...(props.showCountry ? { country_code: v.country_code || null } : {}),
  });
  const [create, created] = useMutation(CreateAgencyDocument, REFRESH);
  const [update, updated] = useMutation(UpdateAgencyDocument, REFRESH);
  const [associate, associated] = useMutation(AssociateAgencyDocument, REFRESH);
  const { form, picked, offersExisting, search, pick, clear, title, submitLabel, submit } = useAssociableForm<
    AgencyForm,
    AdminAgencyFieldsFragment
  >({
    open: props.open,
    record: props.agency,
    empty: EMPTY,
    formOf,
    nameField: 'agency_name',
    searchExisting: props.searchExisting,
    check: (v, associating) => validate(agencyRules({ associating }), { ...v }),
    noun: 'agency',
    onClose: props.onClose,
    save: {
      associate: async (a, v) =>
        (await associate({ variables: { id: a.id, input: { agency_name: v.agency_name } } })).data?.associateAgency,
      update: (a, v) => update({ variables: { id: a.id, input: inputOf(v) } }),
      create: (v) => create({ variables: { input: inputOf(v) } }),
    },
  });
  const existing = useQuery(AdminAgenciesDocument, {
    ...search,
    context: { silent: true },
    fetchPolicy: 'network-only',
  });

  return (
    <EntityModal
      open={props.open}
      title={title}
      onClose={props.onClose}
      onSubmit={submit}
      submitting={created.loading || updated.loading || associated.loading}
      submitLabel={submitLabel}
      testId="agency-modal"
    >
      {picked && <AssociationBanner what="agency" onClear={clear} />}
      <ExistingNameField
        control={form.control}
        name="agency_name"
        label="Agency Name"
        required
        readOnly={!!picked}
        candidates={offersExisting ? ((existing.data ?? existing.previousData)?.agencies ?? []) : null}
        nameOf={(a) => a.agency_name}
        idOf={(a) => a.id}
        onPick={pick}
        emptyHint={TEXTS.noAgenciesFound}
      />
      <TextField control={form.control} name="domain" label="Domain" placeholder="example.com" readOnly={!!picked} />
      <TextField
        control={form.control}
        name="admin_email"
        label="Admin Email"
        type="email"
        placeholder="admin@example.com"
        readOnly={!!picked}
      />
      {props.showCountry && (
        <SelectField
          control={form.control}
          name="country_code"
          label="Country"
          placeholder="Select country"
          disabled={!!picked}
          options={props.countries.map((c) => ({ value: c.country_code, label: countryLabel(c) }))}
        />
      )}
    </EntityModal>
  );
}
