import { Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import {
  AdminClientsDocument,
  AssociateClientDocument,
  CreateClientDocument,
  UpdateClientDocument,
  type AdminClientFieldsFragment,
} from '../../../gql/graphql';
import { clientRules, validate } from '@infinitum/rules';
import { CountryFields, type CountryOption } from '../../../components/country/CountryFields';
import { AssociationBanner, ExistingNameField } from '../components/ExistingNameField';
import { useAssociableForm } from '../components/useAssociableForm';
import { TEXTS } from '../texts';
import { ClientAttributionWindows } from './ClientAttributionWindows';

export interface ClientForm {
  cust_name: string;
  display_name: string;
  domain: string;
  admin_email: string;
  taxonomy_id: string;
  country_code: string;
  country_list: string[];
  billing_entity: string;
  retention_months: string;
}

/** 0 No Charge, 1 Customer, 2 Booking Entity (spec 3; default 2). */
export const BILLING_OPTIONS = [
  { value: '0', label: 'No Charge' },
  { value: '1', label: 'Customer' },
  { value: '2', label: 'Booking Entity' },
];

const EMPTY: ClientForm = {
  cust_name: '',
  display_name: '',
  domain: '',
  admin_email: '',
  taxonomy_id: '0',
  country_code: '',
  country_list: [],
  billing_entity: '2',
  retention_months: '13',
};

const REFRESH = {
  context: { silent: true },
  refetchQueries: ['AdminClients', 'AdminSummary', 'AssociationRequests'],
  awaitRefetchQueries: true,
};

const formOf = (c: AdminClientFieldsFragment): ClientForm => ({
  cust_name: c.cust_name,
  display_name: c.display_name ?? '',
  domain: c.domain ?? '',
  admin_email: c.admin_email ?? '',
  taxonomy_id: String(c.taxonomy_id ?? 0),
  country_code: c.country_code ?? '',
  country_list: c.country_list ?? [],
  billing_entity: String(c.billing_entity ?? 2),
  retention_months: String(c.retention_months ?? 13),
});

/**
 * The client modal (spec 2-6): create, edit, or associate an existing unassociated client. Countries for those
 * who choose them (super admin, multi-country users, a client's own user editing it); Billing Entity for
 * ROLE_ADMIN only.
 */
export function ClientModal(props: {
  open: boolean;
  client: AdminClientFieldsFragment | null;
  /** Super admin, a multi-country user, or the client's own user editing it (spec 6). */
  choosesCountry: boolean;
  showBilling: boolean;
  searchExisting: boolean;
  /** A single-country user's own country: a new client gets it as primary and operational (spec 6). */
  ownCountry?: string;
  countries: readonly CountryOption[];
  taxonomies: readonly { id: number; taxonomy_desc: string }[];
  onClose(): void;
}) {
  // The payload drops operational_countries, is_multi_country, status and taxonomy_desc (spec 7).
  const inputOf = (v: ClientForm) => ({
    cust_name: v.cust_name,
    display_name: v.display_name || null,
    domain: v.domain || null,
    admin_email: v.admin_email || null,
    taxonomy_id: Number(v.taxonomy_id || 0),
    ...(props.choosesCountry ? { country_code: v.country_code, country_list: v.country_list } : {}),
    ...(props.showBilling ? { billing_entity: Number(v.billing_entity) } : {}),
    retention_months: Number(v.retention_months),
  });
  const [create, created] = useMutation(CreateClientDocument, REFRESH);
  const [update, updated] = useMutation(UpdateClientDocument, REFRESH);
  const [associate, associated] = useMutation(AssociateClientDocument, REFRESH);
  const { form, editing, picked, offersExisting, search, pick, clear, title, submitLabel, submit } = useAssociableForm<
    ClientForm,
    AdminClientFieldsFragment
  >({
    open: props.open,
    record: props.client,
    empty: EMPTY,
    formOf,
    nameField: 'cust_name',
    searchExisting: props.searchExisting,
    check: (v, associating) => validate(clientRules({ associating, choosesCountry: props.choosesCountry }), { ...v }),
    noun: 'client',
    onClose: props.onClose,
    save: {
      associate: async (c, v) =>
        (await associate({ variables: { id: c.id, input: { cust_name: v.cust_name } } })).data?.associateCustomer,
      update: (c, v) => update({ variables: { id: c.id, input: inputOf(v) } }),
      create: (v) => create({ variables: { input: inputOf(v) } }),
    },
  });
  const existing = useQuery(AdminClientsDocument, {
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
      size="lg"
      testId="client-modal"
    >
      {picked && <AssociationBanner what="client" onClear={clear} />}
      <ExistingNameField
        control={form.control}
        name="cust_name"
        label="Client Name"
        required
        readOnly={!!picked}
        candidates={offersExisting ? ((existing.data ?? existing.previousData)?.customers ?? []) : null}
        nameOf={(c) => c.cust_name}
        idOf={(c) => c.id}
        onPick={pick}
        emptyHint={TEXTS.noClientsFound}
      />
      <TextField control={form.control} name="display_name" label="Display Name" readOnly={!!picked} />
      <TextField control={form.control} name="domain" label="Domain" placeholder="example.com" readOnly={!!picked} />
      <TextField
        control={form.control}
        name="admin_email"
        label="Admin Email"
        type="email"
        placeholder="admin@example.com"
        readOnly={!!picked}
      />
      <SelectField
        control={form.control}
        name="taxonomy_id"
        label="Category"
        disabled={!!picked}
        options={[
          { value: '0', label: 'No category' },
          ...props.taxonomies.map((t) => ({ value: String(t.id), label: t.taxonomy_desc })),
        ]}
      />
      {props.choosesCountry && !picked && <CountryFields control={form.control} countries={props.countries} required />}
      {!props.choosesCountry && !editing && !picked && props.ownCountry && (
        <Text fontSize="sm" color="gray.600" data-testid="own-country">
          Country: {props.ownCountry}, your own, as primary and operational country.
        </Text>
      )}
      {!picked && (
        <TextField control={form.control} name="retention_months" label="Data Retention (months)" type="number" />
      )}
      {props.client && !picked && <ClientAttributionWindows customerId={props.client.id} />}
      {props.showBilling && !picked && (
        <SelectField control={form.control} name="billing_entity" label="Billing Entity" options={BILLING_OPTIONS} />
      )}
    </EntityModal>
  );
}
