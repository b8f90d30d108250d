import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useEffect } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import { type RuleSet, validate } from '@infinitum/rules';
import { CountryFields, type CountryOption } from '../../../components/country/CountryFields';
import { snackbar } from '../../../components/snackbar';
import { failedTo } from '../../../components/record-texts';

export interface OrgForm {
  name: string;
  country_code: string;
  country_list: string[];
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}

export interface OrgRecord {
  id: number;
  name: string;
  country_code: string;
  country_list: string[];
  requires_job_number?: boolean;
  requires_charged_cpm?: boolean;
}

type Input = Record<string, unknown>;

/**
 * The broadcaster and adtech modals (spec 3, 5): name and primary country required, operational countries
 * optional (the primary always among them); adtechs also say whether bookings need a job number or charged CPM.
 */
export function OrgModal(props: {
  open: boolean;
  kind: 'broadcaster' | 'adtech';
  record: OrgRecord | null;
  countries: readonly CountryOption[];
  rules: RuleSet;
  create: TypedDocumentNode<unknown, { input: Input }>;
  update: TypedDocumentNode<unknown, { id: number; input: Input }>;
  refetch: string[];
  onClose(): void;
}) {
  const nameField = props.kind === 'broadcaster' ? 'broadcaster_name' : 'adtech_name';
  const noun = props.kind === 'broadcaster' ? 'Broadcaster' : 'AdTech';
  const empty: DefaultValues<OrgForm> = {
    name: '',
    country_code: '',
    country_list: [],
    requires_job_number: false,
    requires_charged_cpm: false,
  };
  const form = useForm<OrgForm>({
    defaultValues: empty,
    mode: 'onTouched',
    resolver: rulesResolver((v) => {
      const errors = validate(props.rules, { [nameField]: v.name, country_code: v.country_code });
      const { [nameField]: name, ...rest } = errors;
      return name ? { ...rest, name } : rest;
    }),
  });
  useEffect(() => {
    if (!props.open) return;
    const r = props.record;
    form.reset(
      r
        ? {
            name: r.name,
            country_code: r.country_code,
            country_list: r.country_list,
            requires_job_number: !!r.requires_job_number,
            requires_charged_cpm: !!r.requires_charged_cpm,
          }
        : empty,
    );
  }, [props.open, props.record, form]);

  const opts = { context: { silent: true }, refetchQueries: props.refetch, awaitRefetchQueries: true };
  const [create, created] = useMutation(props.create, opts);
  const [update, updated] = useMutation(props.update, opts);

  const save = async (v: OrgForm) => {
    const input: Input = {
      [nameField]: v.name,
      country_code: v.country_code,
      country_list: v.country_list,
      ...(props.kind === 'adtech'
        ? { requires_job_number: v.requires_job_number, requires_charged_cpm: v.requires_charged_cpm }
        : {}),
    };
    try {
      if (props.record) await update({ variables: { id: props.record.id, input } });
      else await create({ variables: { input } });
      snackbar(`${noun} ${props.record ? 'updated' : 'created'} successfully`);
      props.onClose();
    } catch (e) {
      const err = describeError(e);
      // The API names the field `broadcaster_name` / `adtech_name`; the form calls it `name`.
      if (err.fields?.[nameField]) form.setError('name', { type: 'server', message: err.fields[nameField] });
      if (!applyServerErrors(form.setError, e) && !err.fields?.[nameField]) {
        notify('error', failedTo(props.record ? 'update' : 'create', noun.toLowerCase(), err.message));
      }
    }
  };

  return (
    <EntityModal
      open={props.open}
      title={`${props.record ? 'Edit' : 'Add'} ${noun}`}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading}
      testId={`${props.kind}-modal`}
    >
      <TextField control={form.control} name="name" label={`${noun} Name`} required />
      <CountryFields control={form.control} countries={props.countries} required />
      {props.kind === 'adtech' && (
        <>
          <CheckboxField control={form.control} name="requires_job_number" label="Bookings need a job number" />
          <CheckboxField control={form.control} name="requires_charged_cpm" label="Bookings need a charged CPM" />
        </>
      )}
    </EntityModal>
  );
}
