import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../app/api-errors';
import { EntityModal } from '../../../components/EntityModal';
import { CheckboxField, SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, rulesResolver } from '../../../components/form-rules';
import { notify } from '../../../components/toaster';
import {
  CreateUserDocument,
  SysOrganisationsDocument,
  UpdateUserDocument,
  type AdminUserFieldsFragment,
} from '../../../gql/graphql';
import { userRules, validate } from '@infinitum/rules';
import { snackbar } from '../../../components/snackbar';
import { failedTo } from '../texts';
import { organisationOptions, ORGANISATION_TYPES } from '../../../components/organisations';

export interface UserForm {
  name: string;
  email: string;
  admin: boolean;
  entity_type: string;
  entity_id: string;
}

const EMPTY: UserForm = { name: '', email: '', admin: false, entity_type: '3', entity_id: '' };

const ORGANISATION_REQUIRED = 'Please select an organisation';

/**
 * The user modal (spec 2, 3, 5): Full Name and Email Address; Add New User sends the invitation. The super
 * admin also names the user's organisation; everyone else invites into their own.
 */
export function UserModal(props: {
  open: boolean;
  user: AdminUserFieldsFragment | null;
  choosesOrganisation: boolean;
  onClose(): void;
}) {
  const editing = props.user !== null;
  const picksOrg = useRef(false);
  picksOrg.current = props.choosesOrganisation && !editing;
  const form = useForm<UserForm>({
    defaultValues: EMPTY,
    mode: 'onTouched',
    resolver: rulesResolver((v) => ({
      ...validate(userRules, { ...v }),
      ...(picksOrg.current && !v.entity_id ? { entity_id: ORGANISATION_REQUIRED } : {}),
    })),
  });
  useEffect(() => {
    if (!props.open) return;
    form.reset(
      props.user
        ? {
            name: props.user.name,
            email: props.user.email,
            admin: props.user.admin,
            entity_type: String(props.user.entity_type),
            entity_id: String(props.user.entity_id),
          }
        : EMPTY,
    );
  }, [props.open, props.user, form]);

  const orgs = useQuery(SysOrganisationsDocument, {
    skip: !props.open || !props.choosesOrganisation || editing,
    context: { silent: true },
  });
  const entityType = form.watch('entity_type');
  const opts = { context: { silent: true }, refetchQueries: ['AdminUsers', 'AdminSummary'], awaitRefetchQueries: true };
  const [create, created] = useMutation(CreateUserDocument, opts);
  const [update, updated] = useMutation(UpdateUserDocument, opts);

  const save = async (v: UserForm) => {
    const input = {
      name: v.name,
      email: v.email,
      admin: v.admin,
      ...(picksOrg.current ? { entity_type: Number(v.entity_type), entity_id: Number(v.entity_id) } : {}),
    };
    try {
      if (props.user) {
        await update({ variables: { id: props.user.id, input } });
        snackbar('User updated successfully');
      } else {
        await create({ variables: { input } });
        snackbar(`Invitation sent to ${v.email.trim().toLowerCase()}`);
      }
      props.onClose();
    } catch (e) {
      if (!applyServerErrors(form.setError, e))
        notify('error', failedTo(editing ? 'update' : 'create', 'user', describeError(e).message));
    }
  };

  return (
    <EntityModal
      open={props.open}
      title={editing ? 'Edit User' : 'Add New User'}
      onClose={props.onClose}
      onSubmit={form.handleSubmit(save)}
      submitting={created.loading || updated.loading}
      submitLabel={editing ? 'Save' : 'Send Invitation'}
      testId="user-modal"
    >
      <TextField control={form.control} name="name" label="Full Name" required autoComplete="off" />
      <TextField control={form.control} name="email" label="Email Address" type="email" required autoComplete="off" />
      {picksOrg.current && (
        <>
          <SelectField
            control={form.control}
            name="entity_type"
            label="Organisation Type"
            options={ORGANISATION_TYPES}
            onChosen={() => form.setValue('entity_id', '')}
          />
          <SelectField
            control={form.control}
            name="entity_id"
            label="Organisation"
            required
            placeholder={orgs.loading ? 'Loading...' : 'Select organisation'}
            options={organisationOptions(orgs.data, Number(entityType))}
          />
        </>
      )}
      <CheckboxField control={form.control} name="admin" label="Administrator" />
    </EntityModal>
  );
}
