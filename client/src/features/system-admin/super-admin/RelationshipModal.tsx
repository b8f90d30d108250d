import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import { CreateRelationshipDocument, type SysOrganisationsQuery } from '../../../gql/graphql';
import { RELATIONSHIP_TYPES, type RelationshipType } from '@infinitum/rules';
import type { CountryOption } from '../../../components/country/CountryFields';
import { countryLabel } from '../../../components/country/country-form';
import { snackbar } from '../../../components/snackbar';
import {
  checkRelationship,
  EMPTY_RELATIONSHIP,
  entitiesIn,
  RELATIONSHIP_TYPE_LABELS,
  targetTypesFor,
  withCountry,
  withSourceType,
  withTargetType,
  type RelationshipForm,
} from './relationship';

/**
 * The directRelationship modal (spec 3-6): the country first, then only organisations operating there;
 * targets follow the source type; the same organisation on both sides is refused.
 */
export function RelationshipModal(props: {
  open: boolean;
  orgs: SysOrganisationsQuery | undefined;
  countries: readonly CountryOption[];
  onClose(): void;
}) {
  const form = useForm<RelationshipForm>({
    defaultValues: EMPTY_RELATIONSHIP,
    mode: 'onTouched',
    resolver: rulesResolver(checkRelationship),
  });
  useEffect(() => {
    if (props.open) form.reset(EMPTY_RELATIONSHIP);
  }, [props.open, form]);
  const [create, { loading }] = useMutation(CreateRelationshipDocument, {
    context: { silent: true },
    refetchQueries: ['AdminClients', 'AdminAgencies'],
  });
  const v = form.watch();
  const apply = (next: RelationshipForm) => {
    for (const [k, val] of Object.entries(next)) {
      form.setValue(k as keyof RelationshipForm, val as never, { shouldValidate: form.formState.isSubmitted });
    }
  };
  const label = (t: RelationshipType) => RELATIONSHIP_TYPE_LABELS[t];
  const sources = entitiesIn(props.orgs, v.source_type, v.country_code);
  const targets = entitiesIn(props.orgs, v.target_type, v.country_code);
  const chooseHint = (list: unknown[], type: RelationshipType) =>
    !v.country_code
      ? 'Select a country first'
      : list.length
        ? `Select ${label(type).toLowerCase()}`
        : `No ${label(type).toLowerCase()} available`;

  const save = async (values: RelationshipForm) => {
    try {
      await create({
        variables: {
          input: {
            country_code: values.country_code,
            source_type: values.source_type,
            source_id: Number(values.source_id),
            target_type: values.target_type,
            target_id: Number(values.target_id),
          },
        },
      });
      snackbar('Relationship created successfully');
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e))
        notify('error', `Failed to create relationship. ${describeError(e).message || 'Please try again.'}`);
    }
  };

  return (
    <EntityModal
      open={props.open}
      title="Manage Relationships"
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={loading}
      submitLabel="Create Relationship"
      testId="relationship-modal"
    >
      <SelectField
        control={form.control}
        name="country_code"
        label="Country"
        required
        placeholder="Select country"
        options={props.countries.map((c) => ({ value: c.country_code, label: countryLabel(c) }))}
        onChosen={(c) => apply(withCountry(form.getValues(), c))}
      />
      <SelectField
        control={form.control}
        name="source_type"
        label="Source Type"
        options={RELATIONSHIP_TYPES.map((t) => ({ value: t, label: label(t) }))}
        onChosen={(t) => apply(withSourceType(form.getValues(), t as RelationshipType))}
      />
      <SelectField
        control={form.control}
        name="source_id"
        label={`Source ${label(v.source_type)}`}
        required
        disabled={!v.country_code}
        placeholder={chooseHint(sources, v.source_type)}
        options={sources.map((o) => ({ value: String(o.id), label: o.name }))}
      />
      <SelectField
        control={form.control}
        name="target_type"
        label="Target Type"
        options={targetTypesFor(v.source_type).map((t) => ({ value: t, label: label(t) }))}
        onChosen={(t) => apply(withTargetType(form.getValues(), t as RelationshipType))}
      />
      <SelectField
        control={form.control}
        name="target_id"
        label={`Target ${label(v.target_type)}`}
        required
        disabled={!v.country_code}
        placeholder={chooseHint(targets, v.target_type)}
        options={targets.map((o) => ({ value: String(o.id), label: o.name }))}
      />
    </EntityModal>
  );
}
