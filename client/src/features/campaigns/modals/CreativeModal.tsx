import { useMutation } from '@apollo/client/react';
import { SimpleGrid } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { checkCreative } from '@infinitum/rules';
import { EntityModal } from '../../../components/EntityModal';
import { TextField } from '../../../components/form-fields';
import { rulesResolver } from '../../../components/form-rules';
import { CreateCreativeDocument, UpdateCreativeDocument, type CreativeRowFragment } from '../../../gql/graphql';
import { TypeToggle } from '../components/TypeToggle';
import { RECORD_QUERIES } from '../hooks/useRecords';
import { useSave } from '../hooks/useSave';
import { LIMITS, TEXTS } from '../texts';

export interface CreativeFormValues {
  description: string;
  creative_type: string;
  creative_format: string;
  url: string;
}

/** The creative modal (spec 2, 5): description (200), type, format (50, a length or size) and an http(s) link. */
export function CreativeModal(props: { customerId: number; creative?: CreativeRowFragment; onClose(): void }) {
  const { creative } = props;
  const form = useForm<CreativeFormValues>({
    mode: 'onTouched',
    defaultValues: {
      description: creative?.description ?? '',
      creative_type: String(creative?.creative_type ?? 1),
      creative_format: creative?.creative_format ?? '',
      url: creative?.url ?? '',
    },
    resolver: rulesResolver<CreativeFormValues>((v) => checkCreative({ ...v })),
  });
  const { run, saving, formError } = useSave('creative', form.setError);
  const [create] = useMutation(CreateCreativeDocument);
  const [update] = useMutation(UpdateCreativeDocument);

  const save = form.handleSubmit(async (v) => {
    const input = {
      customer_id: props.customerId,
      description: v.description.trim(),
      creative_type: Number(v.creative_type),
      creative_format: v.creative_format.trim(),
      url: v.url.trim() || null,
    };
    const opts = { context: { silent: true }, refetchQueries: RECORD_QUERIES };
    const ok = await run(
      () =>
        creative
          ? update({ variables: { id: creative.id, input }, ...opts })
          : create({ variables: { input }, ...opts }),
      TEXTS.saved('Creative', !creative),
    );
    if (ok) props.onClose();
  });

  return (
    <EntityModal
      open
      title={creative ? 'Edit Creative' : 'Add Creative'}
      onClose={props.onClose}
      onSubmit={save}
      submitting={saving}
      error={formError}
      testId="creative-modal"
    >
      <TextField
        control={form.control}
        name="description"
        label="Description"
        required
        maxLength={LIMITS.description.max}
        warnAbove={LIMITS.description.warn}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TypeToggle control={form.control} name="creative_type" label="Type" />
        <TextField
          control={form.control}
          name="creative_format"
          label="Format"
          required
          placeholder="30s or 300x250"
          maxLength={LIMITS.creative_format.max}
          warnAbove={LIMITS.creative_format.warn}
        />
      </SimpleGrid>
      <TextField control={form.control} name="url" label="URL" type="url" placeholder="https://" />
    </EntityModal>
  );
}
