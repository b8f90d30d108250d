import { Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import {
  AdminClientsDocument,
  AssociateClientDocument,
  CreateClientDocument,
  UpdateClientDocument,
  type AdminClientFieldsFragment,
} from '../../../gql/graphql';
import { clientRules } from '../../../../../gateway/src/shared/validation/client.rules';
import { validate } from '../../../../../gateway/src/shared/validation/rules';
import { associationOutcome } from '../association';
import { CountryFields, type CountryOption } from '../components/CountryFields';
import { AssociationBanner, ExistingNameField } from '../components/ExistingNameField';
import { snackbar } from '../snackbar';
import { failedTo, SEARCH_FROM, TEXTS } from '../texts';
import { useDebounced } from '../useDebounced';

export interface ClientForm {
  cust_name: string;
  display_name: string;
  domain: string;
  admin_email: string;
  taxonomy_id: string;
  country_code: string;
  country_list: string[];
  billing_entity: string;
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
  const editing = props.client !== null;
  const [picked, setPicked] = useState<AdminClientFieldsFragment | null>(null);
  const mode = useRef({ associating: false, choosesCountry: props.choosesCountry });
  mode.current = { associating: picked !== null, choosesCountry: props.choosesCountry };
  const form = useForm<ClientForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver: rulesResolver((v) => validate(clientRules(mode.current), { ...v })),
  });

  useEffect(() => {
    if (!props.open) return;
    setPicked(null);
    form.reset(props.client ? formOf(props.client) : EMPTY);
  }, [props.open, props.client, form]);

  // The association search asks the server per pause in typing (spec 5: from 2 characters, at most 10).
  const typed = useDebounced((form.watch('cust_name') ?? '').trim());
  const existing = useQuery(AdminClientsDocument, {
    variables: { associated: false, q: typed },
    skip: !props.open || editing || !props.searchExisting || picked !== null || typed.length < SEARCH_FROM,
    context: { silent: true },
    fetchPolicy: 'network-only',
  });
  const opts = {
    context: { silent: true },
    refetchQueries: ['AdminClients', 'AdminSummary', 'AssociationRequests'],
    awaitRefetchQueries: true,
  };
  const [create, created] = useMutation(CreateClientDocument, opts);
  const [update, updated] = useMutation(UpdateClientDocument, opts);
  const [associate, associated] = useMutation(AssociateClientDocument, opts);

  const save = async (v: ClientForm) => {
    const verb = picked ? 'associate' : editing ? 'update' : 'create';
    // The payload drops operational_countries, is_multi_country, status and taxonomy_desc (spec 7).
    const input = {
      cust_name: v.cust_name,
      display_name: v.display_name || null,
      domain: v.domain || null,
      admin_email: v.admin_email || null,
      taxonomy_id: Number(v.taxonomy_id || 0),
      ...(props.choosesCountry ? { country_code: v.country_code, country_list: v.country_list } : {}),
      ...(props.showBilling ? { billing_entity: Number(v.billing_entity) } : {}),
    };
    try {
      if (picked) {
        const r = await associate({ variables: { id: picked.id, input: { cust_name: v.cust_name } } });
        snackbar(
          associationOutcome(r.data?.associateCustomer) === 'associated'
            ? 'Client associated successfully'
            : TEXTS.associationRequestSent,
        );
      } else if (props.client) {
        await update({ variables: { id: props.client.id, input } });
        snackbar('Client updated successfully');
      } else {
        await create({ variables: { input } });
        snackbar('Client created successfully');
      }
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e)) notify('error', failedTo(verb, 'client', describeError(e).message));
    }
  };

  const pick = (c: AdminClientFieldsFragment) => {
    setPicked(c);
    form.reset(formOf(c));
  };
  const clear = () => {
    setPicked(null);
    form.reset(EMPTY);
  };

  const title = picked ? 'Associate Existing Client' : editing ? 'Edit Client' : 'Add New Client';
  return (
    <EntityModal
      open={props.open}
      title={title}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading || associated.loading}
      submitLabel={picked ? 'Associate' : 'Save'}
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
        candidates={
          !editing && props.searchExisting && !picked
            ? ((existing.data ?? existing.previousData)?.customers ?? [])
            : null
        }
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
      {props.showBilling && !picked && (
        <SelectField control={form.control} name="billing_entity" label="Billing Entity" options={BILLING_OPTIONS} />
      )}
    </EntityModal>
  );
}
