import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { CreateDirectUserDocument, type SysOrganisationsQuery } from '../../../gql/graphql';
import { ORGANISATION_FIELD } from '@infinitum/rules';
import { snackbar } from '../../../components/snackbar';
import { checkDirectUser, directUserPayload, EMPTY_DIRECT_USER, type DirectUserForm } from './direct-user';
import { entitiesIn } from './relationship';
import { FormError } from '../../../components/form-fields';
import { useState } from 'react';

const TYPES = [
  { value: 'broadcaster', label: 'Broadcaster' },
  { value: 'agency', label: 'Agency' },
  { value: 'client', label: 'Client' },
  { value: 'adtech', label: 'AdTech' },
];

/** Every organisation of a type, whatever its countries. */
function organisationsOf(orgs: SysOrganisationsQuery | undefined, type: DirectUserForm['entity_type']) {
  if (!orgs) return [];
  const all = new Set<string>();
  for (const list of [orgs.broadcasters, orgs.adtechs, orgs.customers])
    for (const o of list) o.country_list.forEach((c) => all.add(c));
  for (const a of orgs.agencies) if (a.country_code) all.add(a.country_code);
  const seen = new Map<number, string>();
  for (const c of all) for (const o of entitiesIn(orgs, type, c)) seen.set(o.id, o.name);
  return [...seen.entries()]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The directUser modal (spec 3, 5): the super admin creates an active user with a preset password in a
 * broadcaster (default), agency, client or adtech. A failed save is silent as a toast (spec 8) but said
 * inside the form.
 */
export function DirectUserModal(props: { open: boolean; orgs: SysOrganisationsQuery | undefined; onClose(): void }) {
  const form = useForm<DirectUserForm>({
    defaultValues: EMPTY_DIRECT_USER,
    mode: 'onTouched',
    resolver: rulesResolver((v) => checkDirectUser(v, true)),
  });
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (props.open) {
      form.reset(EMPTY_DIRECT_USER);
      setFailure(undefined);
    }
  }, [props.open, form]);
  const [create, { loading }] = useMutation(CreateDirectUserDocument, {
    context: { silent: true },
    refetchQueries: ['AdminUsers'],
  });
  const type = form.watch('entity_type');
  const field = ORGANISATION_FIELD[type] as keyof DirectUserForm;

  const save = async (v: DirectUserForm) => {
    setFailure(undefined);
    try {
      await create({ variables: { input: directUserPayload(v, false) } });
      snackbar(`User ${v.email.trim().toLowerCase()} created`);
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e)) setFailure(`Failed to create user. ${describeError(e).message}`);
    }
  };

  return (
    <EntityModal
      open={props.open}
      title="Create User Directly"
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={loading}
      submitLabel="Create User"
      testId="direct-user-modal"
    >
      <TextField control={form.control} name="name" label="Name" required autoComplete="off" />
      <TextField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
      <TextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        required
        autoComplete="new-password"
      />
      <SelectField
        control={form.control}
        name="role_id"
        label="Role"
        options={[
          { value: '2', label: 'User' },
          { value: '1', label: 'Admin' },
        ]}
      />
      <SelectField
        control={form.control}
        name="entity_type"
        label="Organisation Type"
        options={TYPES}
        onChosen={() => {
          for (const f of ['broadcaster_id', 'agency_id', 'customer_id', 'adtech_id'] as const) form.setValue(f, '');
        }}
      />
      <SelectField
        key={field}
        control={form.control}
        name={field}
        label="Organisation"
        required
        placeholder="Select organisation"
        options={organisationsOf(props.orgs, type)}
      />
      <FormError>{failure}</FormError>
    </EntityModal>
  );
}
