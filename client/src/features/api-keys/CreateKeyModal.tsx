import { Fieldset, Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../app/api-errors';
import { EntityModal } from '../../components/EntityModal';
import { CheckboxField, DateField, SelectField, TextField } from '../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../components/form-rules';
import { notify } from '../../components/toaster';
import { CreateApiKeyDocument, SysOrganisationsDocument } from '../../gql/graphql';
import { ORGANISATION_TYPES, organisationOptions } from '../../components/organisations';
import { KEYS_TEXT } from './texts';

interface KeyForm {
  name: string;
  read: boolean;
  write: boolean;
  ingest: boolean;
  expires_at: string | null;
  /** Super admin only: '0' a system key, else an organisation type (spec 3 numbers) and one of its organisations. */
  entity_type: string;
  entity_id: string;
}

const EMPTY: KeyForm = {
  name: '',
  read: true,
  write: false,
  ingest: false,
  expires_at: null,
  entity_type: '0',
  entity_id: '',
};
const OWNER_TYPES = [{ value: '0', label: 'System' }, ...ORGANISATION_TYPES];
const SCOPES = ['read', 'write', 'ingest'] as const;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Name, scopes and an optional expiry; on success the caller shows the secret once. */
export function CreateKeyModal(props: {
  open: boolean;
  /** The super admin names the key's organisation; an organisation admin's keys are its own. */
  choosesOrganisation: boolean;
  onClose(): void;
  onCreated(secret: string, name: string): void;
}) {
  const picks = props.choosesOrganisation;
  const form = useForm<KeyForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver: rulesResolver((v) => ({
      ...(v.name.trim() ? {} : { name: KEYS_TEXT.nameRequired }),
      ...(v.name.trim().length > 100 ? { name: 'Name must be at most 100 characters' } : {}),
      ...(SCOPES.some((s) => v[s]) ? {} : { read: KEYS_TEXT.scopesRequired }),
      ...(picks && v.entity_type !== '0' && !v.entity_id ? { entity_id: KEYS_TEXT.organisationRequired } : {}),
    })),
  });
  useEffect(() => {
    if (props.open) form.reset(EMPTY);
  }, [props.open, form]);
  const [create, created] = useMutation(CreateApiKeyDocument, {
    context: { silent: true },
    refetchQueries: ['ApiKeys'],
    awaitRefetchQueries: true,
  });
  const orgs = useQuery(SysOrganisationsDocument, { skip: !props.open || !picks, context: { silent: true } });
  const entityType = form.watch('entity_type');
  const scopeError = form.formState.errors.read?.message;

  const save = async (v: KeyForm) => {
    try {
      const r = await create({
        variables: {
          input: {
            name: v.name,
            scopes: SCOPES.filter((s) => v[s]),
            expires_at: v.expires_at || null,
            ...(picks ? { entity_type: Number(v.entity_type), entity_id: Number(v.entity_id) || null } : {}),
          },
        },
      });
      const issued = r.data?.createApiKey;
      if (issued) props.onCreated(issued.secret, issued.key.name);
    } catch (e) {
      const scopes = describeError(e).fields?.scopes;
      if (scopes) form.setError('read', { type: 'server', message: scopes });
      else if (!applyServerErrors(form.setError, e))
        notify('error', 'Failed to create API key', describeError(e).message);
    }
  };

  return (
    <EntityModal
      open={props.open}
      title={KEYS_TEXT.createTitle}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading}
      submitLabel={KEYS_TEXT.createSubmit}
      testId="api-key-modal"
    >
      <TextField
        control={form.control}
        name="name"
        label={KEYS_TEXT.name}
        required
        maxLength={100}
        autoComplete="off"
      />
      {picks && (
        <>
          <SelectField
            control={form.control}
            name="entity_type"
            label={KEYS_TEXT.ownerType}
            options={OWNER_TYPES}
            onChosen={() => form.setValue('entity_id', '')}
          />
          {entityType !== '0' && (
            <SelectField
              control={form.control}
              name="entity_id"
              label={KEYS_TEXT.owner}
              required
              placeholder={orgs.loading ? 'Loading...' : 'Select organisation'}
              options={organisationOptions(orgs.data, Number(entityType))}
            />
          )}
        </>
      )}
      <Fieldset.Root invalid={!!scopeError}>
        <Fieldset.Legend>{KEYS_TEXT.scopes}</Fieldset.Legend>
        <Stack gap="2" pt="1">
          {SCOPES.map((s) => (
            <CheckboxField key={s} control={form.control} name={s} label={KEYS_TEXT.scopeHelp[s]} />
          ))}
        </Stack>
        {scopeError && <Fieldset.ErrorText>{scopeError}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <DateField control={form.control} name="expires_at" label={KEYS_TEXT.expires} minDate={tomorrow()} />
    </EntityModal>
  );
}
