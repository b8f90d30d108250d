import { useMutation } from '@apollo/client/react';
import { Checkbox, Field, Fieldset, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { checkImpressionTags } from '@infinitum/rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EntityModal } from '../../../components/EntityModal';
import { SelectField } from '../../../components/form-fields';
import { rulesResolver } from '../../../components/form-rules';
import { SaveImpressionTagsDocument } from '../../../gql/graphql';
import { TypeChip } from '../components/badges';
import { RECORD_QUERIES, useBookings, useCampaigns, useCreatives } from '../hooks/useRecords';
import { useSave } from '../hooks/useSave';
import { TEXTS, TYPE_LABELS } from '../texts';

export interface ImpressionTagFormValues {
  campaign_id: string;
  booking_id: string;
  creative_ids: number[];
}

/**
 * Add Tags (spec 2, 4): pick a campaign, then one of its bookings (its creatives are prefilled), then the
 * creatives of the booking's type; saving makes the booking's tags exactly those creatives. Changing the
 * campaign resets booking and creatives, after 'Changing campaigns will reset your selections. Continue?'
 * when both were chosen.
 */
export function ImpressionTagModal(props: { customerId: number; bookingId?: number; onClose(): void }) {
  const campaigns = useCampaigns(props.customerId);
  const bookings = useBookings(props.customerId);
  const creatives = useCreatives(props.customerId);
  const initial = bookings.rows.find((b) => b.id === props.bookingId);

  const form = useForm<ImpressionTagFormValues>({
    mode: 'onTouched',
    defaultValues: {
      campaign_id: initial ? String(initial.campaign_id) : '',
      booking_id: initial ? String(initial.id) : '',
      creative_ids: initial ? [...initial.creative_ids] : [],
    },
    resolver: rulesResolver<ImpressionTagFormValues>((v) => checkImpressionTags({ ...v })),
  });
  const campaign = useController({ control: form.control, name: 'campaign_id' });
  const chosenCreatives = useController({ control: form.control, name: 'creative_ids' });
  const [pendingCampaign, setPendingCampaign] = useState<string | null>(null);

  const campaignId = campaign.field.value;
  const bookingId = form.watch('booking_id');
  const booking = bookings.rows.find((b) => String(b.id) === bookingId);
  const bookingOptions = bookings.rows
    .filter((b) => String(b.campaign_id) === campaignId)
    .map((b) => ({ value: String(b.id), label: `${b.booking_name} (${b.channel_name ?? ''})` }));
  const selected = chosenCreatives.field.value;
  // The booking's type decides which creatives fit; ones already on the booking stay visible either way.
  const offered = useMemo(
    () =>
      creatives.rows.filter((c) => (booking && c.creative_type === booking.booking_type) || selected.includes(c.id)),
    [creatives.rows, booking, selected],
  );

  function changeCampaign(next: string) {
    if (next === campaignId) return;
    if (form.getValues('booking_id') && form.getValues('creative_ids').length > 0) {
      setPendingCampaign(next);
      return;
    }
    applyCampaign(next);
  }
  function applyCampaign(next: string) {
    campaign.field.onChange(next);
    form.setValue('booking_id', '');
    form.setValue('creative_ids', []);
    setPendingCampaign(null);
  }
  function chooseBooking(value: string) {
    const b = bookings.rows.find((row) => String(row.id) === value);
    form.setValue('creative_ids', b ? [...b.creative_ids] : []);
  }
  function toggleCreative(id: number, on: boolean) {
    const next = on ? [...selected, id] : selected.filter((x) => x !== id);
    chosenCreatives.field.onChange(next);
  }

  const { run, saving, formError } = useSave('impression tags', form.setError);
  const [saveTags] = useMutation(SaveImpressionTagsDocument);
  const save = form.handleSubmit(async (v) => {
    const ok = await run(
      () =>
        saveTags({
          variables: {
            booking_id: Number(v.booking_id),
            campaign_id: Number(v.campaign_id),
            creative_ids: v.creative_ids,
          },
          context: { silent: true },
          refetchQueries: RECORD_QUERIES,
        }),
      TEXTS.tagsSaved,
    );
    if (ok) props.onClose();
  });

  const campaignError =
    campaign.fieldState.isTouched || campaign.formState.isSubmitted ? campaign.fieldState.error : null;
  return (
    <>
      <EntityModal
        open
        title="Add Tags"
        onClose={props.onClose}
        onSubmit={save}
        submitting={saving}
        error={formError}
        testId="impression-tag-modal"
      >
        <Field.Root required invalid={!!campaignError}>
          <Field.Label>
            Campaign <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="campaign_id"
              ref={campaign.field.ref}
              value={campaignId}
              onChange={(e) => changeCampaign(e.target.value)}
              onBlur={campaign.field.onBlur}
              placeholder={campaigns.rows.length ? 'Select Campaign' : TEXTS.empty('campaigns')}
            >
              {campaigns.rows.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.campaign_name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {campaignError && <Field.ErrorText>{campaignError.message}</Field.ErrorText>}
        </Field.Root>
        <SelectField
          control={form.control}
          name="booking_id"
          label="Booking"
          required
          disabled={!campaignId}
          placeholder={
            !campaignId ? 'Select a campaign first' : bookingOptions.length ? 'Select Booking' : TEXTS.empty('bookings')
          }
          options={bookingOptions}
          onChosen={chooseBooking}
        />
        <Fieldset.Root disabled={!booking}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            Creatives{booking ? ` (${TYPE_LABELS[booking.booking_type] ?? ''})` : ''}
          </Fieldset.Legend>
          {!booking ? (
            <Text fontSize="sm" color="gray.500">
              Select a booking first
            </Text>
          ) : offered.length === 0 ? (
            <Text fontSize="sm" color="gray.500">
              {TEXTS.empty('creatives')}
            </Text>
          ) : (
            <Stack gap="2" maxH="240px" overflowY="auto" data-testid="creative-choices">
              {offered.map((c) => (
                <Checkbox.Root
                  key={c.id}
                  checked={selected.includes(c.id)}
                  onCheckedChange={(e) => toggleCreative(c.id, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {c.description}{' '}
                    <Text as="span" color="gray.500">
                      {c.creative_format}
                    </Text>{' '}
                    <TypeChip type={c.creative_type} />
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        </Fieldset.Root>
      </EntityModal>
      <ConfirmDialog
        open={pendingCampaign !== null}
        message={TEXTS.confirmCampaignChange}
        confirmLabel="Continue"
        onConfirm={() => pendingCampaign !== null && applyCampaign(pendingCampaign)}
        onClose={() => setPendingCampaign(null)}
      />
    </>
  );
}
