import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import {
  AdminAgenciesDocument,
  AssociateAgencyDocument,
  CreateAgencyDocument,
  UpdateAgencyDocument,
  type AdminAgencyFieldsFragment,
} from '../../../gql/graphql';
import { agencyRules } from '../../../../../gateway/src/shared/validation/agency.rules';
import { validate } from '../../../../../gateway/src/shared/validation/rules';
import { associationOutcome } from '../association';
import { AssociationBanner, ExistingNameField } from '../components/ExistingNameField';
import type { CountryOption } from '../components/CountryFields';
import { countryLabel } from '../country-form';
import { snackbar } from '../snackbar';
import { failedTo, SEARCH_FROM, TEXTS } from '../texts';
import { useDebounced } from '../useDebounced';

export interface AgencyForm {
  agency_name: string;
  domain: string;
  admin_email: string;
  country_code: string;
}

const EMPTY: AgencyForm = { agency_name: '', domain: '', admin_email: '', country_code: '' };

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
  const editing = props.agency !== null;
  const [picked, setPicked] = useState<AdminAgencyFieldsFragment | null>(null);
  const associating = useRef(false);
  associating.current = picked !== null;
  const form = useForm<AgencyForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver: rulesResolver((v) => validate(agencyRules({ associating: associating.current }), { ...v })),
  });

  useEffect(() => {
    if (!props.open) return;
    setPicked(null);
    form.reset(props.agency ? formOf(props.agency) : EMPTY);
  }, [props.open, props.agency, form]);

  // The association search asks the server per pause in typing (spec 5: from 2 characters, at most 10).
  const typed = useDebounced((form.watch('agency_name') ?? '').trim());
  const existing = useQuery(AdminAgenciesDocument, {
    variables: { associated: false, q: typed },
    skip: !props.open || editing || !props.searchExisting || picked !== null || typed.length < SEARCH_FROM,
    context: { silent: true },
    fetchPolicy: 'network-only',
  });
  const opts = {
    context: { silent: true },
    refetchQueries: ['AdminAgencies', 'AdminSummary', 'AssociationRequests'],
    awaitRefetchQueries: true,
  };
  const [create, created] = useMutation(CreateAgencyDocument, opts);
  const [update, updated] = useMutation(UpdateAgencyDocument, opts);
  const [associate, associated] = useMutation(AssociateAgencyDocument, opts);

  const save = async (v: AgencyForm) => {
    const verb = picked ? 'associate' : editing ? 'update' : 'create';
    const input = {
      agency_name: v.agency_name,
      domain: v.domain || null,
      admin_email: v.admin_email || null,
      ...(props.showCountry ? { country_code: v.country_code || null } : {}),
    };
    try {
      if (picked) {
        const r = await associate({ variables: { id: picked.id, input: { agency_name: v.agency_name } } });
        snackbar(
          associationOutcome(r.data?.associateAgency) === 'associated'
            ? 'Agency associated successfully'
            : TEXTS.associationRequestSent,
        );
      } else if (props.agency) {
        await update({ variables: { id: props.agency.id, input } });
        snackbar('Agency updated successfully');
      } else {
        await create({ variables: { input } });
        snackbar('Agency created successfully');
      }
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e)) notify('error', failedTo(verb, 'agency', describeError(e).message));
    }
  };

  const pick = (a: AdminAgencyFieldsFragment) => {
    setPicked(a);
    form.reset(formOf(a));
  };
  const clear = () => {
    setPicked(null);
    form.reset(EMPTY);
  };

  const title = picked ? 'Associate Existing Agency' : editing ? 'Edit Agency' : 'Add New Agency';
  return (
    <EntityModal
      open={props.open}
      title={title}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading || associated.loading}
      submitLabel={picked ? 'Associate' : 'Save'}
      testId="agency-modal"
    >
      {picked && <AssociationBanner what="agency" onClear={clear} />}
      <ExistingNameField
        control={form.control}
        name="agency_name"
        label="Agency Name"
        required
        readOnly={!!picked}
        candidates={
          !editing && props.searchExisting && !picked
            ? ((existing.data ?? existing.previousData)?.agencies ?? [])
            : null
        }
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
