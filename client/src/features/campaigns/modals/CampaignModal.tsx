import { useMutation } from '@apollo/client/react';
import { SimpleGrid } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { checkCampaign } from '@infinitum/rules';
import { EntityModal } from '../../../components/EntityModal';
import { DateField, TextField } from '../../../components/form-fields';
import { rulesResolver } from '../../../components/form-rules';
import { CreateCampaignDocument, UpdateCampaignDocument, type CampaignRowFragment } from '../../../gql/graphql';
import { RECORD_QUERIES } from '../hooks/useRecords';
import { useSave } from '../hooks/useSave';
import { LIMITS, TEXTS } from '../texts';
import { todayIso, useEndFollowsStart } from '../utils/dates';

export interface CampaignFormValues {
  campaign_name: string;
  start_date: string | null;
  end_date: string | null;
}

/** The campaign modal (spec 2): name (more than 3 characters, at most 100) and its dates. */
export function CampaignModal(props: { customerId: number; campaign?: CampaignRowFragment; onClose(): void }) {
  const { campaign } = props;
  const form = useForm<CampaignFormValues>({
    mode: 'onTouched',
    defaultValues: {
      campaign_name: campaign?.campaign_name ?? '',
      start_date: campaign?.start_date ?? todayIso(),
      end_date: campaign?.end_date ?? todayIso(),
    },
    resolver: rulesResolver<CampaignFormValues>((v) => checkCampaign({ ...v })),
  });
  useEndFollowsStart(form, 'start_date', 'end_date');
  const { run, saving, formError } = useSave('campaign', form.setError);
  const [create] = useMutation(CreateCampaignDocument);
  const [update] = useMutation(UpdateCampaignDocument);

  const save = form.handleSubmit(async (v) => {
    const input = {
      campaign_name: v.campaign_name.trim(),
      start_date: v.start_date,
      end_date: v.end_date,
      customer_id: props.customerId,
    };
    const options = { context: { silent: true }, refetchQueries: RECORD_QUERIES };
    const ok = await run(
      () =>
        campaign
          ? update({ variables: { id: campaign.id, input }, ...options })
          : create({ variables: { input }, ...options }),
      TEXTS.saved('Campaign', !campaign),
    );
    if (ok) props.onClose();
  });

  return (
    <EntityModal
      open
      title={campaign ? 'Edit Campaign' : 'Add Campaign'}
      onClose={props.onClose}
      onSubmit={save}
      submitting={saving}
      error={formError}
      testId="campaign-modal"
    >
      <TextField
        control={form.control}
        name="campaign_name"
        label="Campaign Name"
        required
        maxLength={LIMITS.campaign_name.max}
        warnAbove={LIMITS.campaign_name.warn}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <DateField control={form.control} name="start_date" label="Start Date" required />
        <DateField
          control={form.control}
          name="end_date"
          label="End Date"
          required
          minDate={form.watch('start_date')}
        />
      </SimpleGrid>
    </EntityModal>
  );
}
