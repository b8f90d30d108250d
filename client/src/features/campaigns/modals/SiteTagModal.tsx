import { useMutation } from '@apollo/client/react';
import { useForm } from 'react-hook-form';
import { checkSiteTag } from '@infinitum/rules';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField, TextField } from '../../../components/form-fields';
import { rulesResolver } from '../../../components/form-rules';
import { CreateSiteTagDocument, UpdateSiteTagDocument, type SiteTagRowFragment } from '../../../gql/graphql';
import { RECORD_QUERIES } from '../hooks/useRecords';
import { useSave } from '../hooks/useSave';
import { TEXTS } from '../texts';

export interface SiteTagFormValues {
  tag_description: string;
  tag_type: 'main' | 'secondary';
}

export const TAG_TYPE_OPTIONS = [
  { value: 'main', label: 'Main' },
  { value: 'secondary', label: 'Secondary' },
];

/** The site tag modal (spec 2, 5): a name that is not blank, and Main or Secondary (default Secondary). */
export function SiteTagModal(props: { customerId: number; siteTag?: SiteTagRowFragment; onClose(): void }) {
  const { siteTag } = props;
  const form = useForm<SiteTagFormValues>({
    mode: 'onTouched',
    defaultValues: {
      tag_description: siteTag?.tag_description ?? '',
      tag_type: siteTag?.main_site_tag ? 'main' : 'secondary',
    },
    resolver: rulesResolver<SiteTagFormValues>((v) => checkSiteTag({ ...v })),
  });
  const { run, saving, formError } = useSave('site tag', form.setError);
  const [create] = useMutation(CreateSiteTagDocument);
  const [update] = useMutation(UpdateSiteTagDocument);

  const save = form.handleSubmit(async (v) => {
    const input = {
      customer_id: props.customerId,
      tag_description: v.tag_description.trim(),
      main_site_tag: v.tag_type === 'main',
    };
    const opts = { context: { silent: true }, refetchQueries: RECORD_QUERIES };
    const ok = await run(
      () =>
        siteTag ? update({ variables: { id: siteTag.id, input }, ...opts }) : create({ variables: { input }, ...opts }),
      TEXTS.saved('Site tag', !siteTag),
    );
    if (ok) props.onClose();
  });

  return (
    <EntityModal
      open
      title={siteTag ? 'Edit Site Tag' : 'Add Site Tag'}
      onClose={props.onClose}
      onSubmit={save}
      submitting={saving}
      error={formError}
      testId="site-tag-modal"
    >
      <TextField control={form.control} name="tag_description" label="Tag Description" required />
      <SelectField
        control={form.control}
        name="tag_type"
        label="Tag Type"
        options={TAG_TYPE_OPTIONS}
        helperText="A client has one main site tag; making this one main makes the others secondary."
      />
    </EntityModal>
  );
}
