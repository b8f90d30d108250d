import { useMutation } from '@apollo/client/react';
import { Field, Input, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { EntityModal } from '../../../components/EntityModal';
import { DateField, SelectField, TextField } from '../../../components/form-fields';
import { rulesResolver } from '../../../components/form-rules';
import { CreateBookingDocument, UpdateBookingDocument, type BookingRowFragment } from '../../../gql/graphql';
import { useAuth } from '../../auth/AuthProvider';
import { TypeToggle } from '../components/TypeToggle';
import { RECORD_QUERIES, useBookingOptions, useCampaigns } from '../hooks/useRecords';
import { useSave } from '../hooks/useSave';
import { LIMITS, TEXTS } from '../texts';
import {
  channelsFor,
  checkBookingForm,
  DIRECT,
  publisherIdOf,
  publisherMode,
  type BookingFormValues,
  type BookingRules,
} from '../utils/booking-choices';
import { todayIso, useEndFollowsStart } from '../utils/dates';

const numberText = (n: number | null | undefined) => (n == null ? '' : String(n));

/**
 * The booking modal (spec 2, 5, 6): a broadcaster books its own channels; an adtech user's publisher is
 * their adtech, with job number and charged CPM; customers and agencies choose direct or an adtech and
 * the channels follow that choice.
 */
export function BookingModal(props: { customerId: number; booking?: BookingRowFragment; onClose(): void }) {
  const { booking } = props;
  const { user } = useAuth();
  const mode = publisherMode(user?.entity_type);
  const { options, loading } = useBookingOptions(props.customerId);
  const campaigns = useCampaigns(props.customerId);
  const publishers = options?.publishers ?? [];
  const rules = useRef<BookingRules>({ mode, publishers: 0, requires_job_number: false, requires_charged_cpm: false });
  rules.current = {
    mode,
    publishers: publishers.length,
    requires_job_number: !!options?.requires_job_number,
    requires_charged_cpm: !!options?.requires_charged_cpm,
  };

  const form = useForm<BookingFormValues>({
    mode: 'onTouched',
    defaultValues: {
      booking_name: booking?.booking_name ?? '',
      campaign_id: booking ? String(booking.campaign_id) : '',
      publisher_id: booking ? (booking.publisher_id ? String(booking.publisher_id) : DIRECT) : '',
      channel_id: booking ? String(booking.channel_id) : '',
      booking_type: String(booking?.booking_type ?? 1),
      cpm: numberText(booking?.cpm),
      start_date: booking?.start_date ?? todayIso(),
      end_date: booking?.end_date ?? todayIso(),
      job_number: booking?.job_number ?? '',
      charged_cpm: numberText(booking?.charged_cpm),
      planned_impressions: booking?.planned_impressions == null ? '' : String(booking.planned_impressions),
    },
    // The rules depend on the options, which arrive after the form is made: read them at check time.
    resolver: rulesResolver<BookingFormValues>((v) => checkBookingForm(v, rules.current)),
  });
  useEndFollowsStart(form, 'start_date', 'end_date');

  // A new booking runs with its campaign until the user picks other dates.
  const campaignId = form.watch('campaign_id');
  useEffect(() => {
    if (booking || !campaignId) return;
    const chosen = campaigns.rows.find((c) => String(c.id) === campaignId);
    if (!chosen) return;
    for (const field of ['start_date', 'end_date'] as const) {
      if (!form.getFieldState(field).isDirty) form.setValue(field, chosen[field] ?? todayIso());
    }
  }, [booking, campaignId, campaigns.rows, form]);

  const publisher = form.watch('publisher_id');
  const channels = useMemo(
    () => channelsFor(mode, options?.channels ?? [], publisher),
    [mode, options?.channels, publisher],
  );
  // A channel that the newly chosen publisher does not sell is no longer a valid choice.
  useEffect(() => {
    const current = form.getValues('channel_id');
    if (options && current && !channels.some((c) => String(c.id) === current)) form.setValue('channel_id', '');
  }, [channels, options, form]);

  const { run, saving, formError } = useSave('booking', form.setError);
  const [create] = useMutation(CreateBookingDocument);
  const [update] = useMutation(UpdateBookingDocument);

  const save = form.handleSubmit(async (v) => {
    const input = {
      customer_id: props.customerId,
      booking_name: v.booking_name.trim(),
      campaign_id: Number(v.campaign_id),
      channel_id: Number(v.channel_id),
      booking_type: Number(v.booking_type),
      cpm: Number(v.cpm),
      start_date: v.start_date,
      end_date: v.end_date,
      planned_impressions: v.planned_impressions?.trim() ? Number(v.planned_impressions.trim()) : null,
      ...(mode === 'choose' ? { publisher_id: publisherIdOf(mode, v.publisher_id) } : {}),
      ...(mode === 'forced'
        ? { job_number: v.job_number.trim() || null, charged_cpm: v.charged_cpm === '' ? null : Number(v.charged_cpm) }
        : {}),
    };
    const opts = { context: { silent: true }, refetchQueries: RECORD_QUERIES };
    const ok = await run(
      () =>
        booking ? update({ variables: { id: booking.id, input }, ...opts }) : create({ variables: { input }, ...opts }),
      TEXTS.saved('Booking', !booking),
    );
    if (ok) props.onClose();
  });

  const campaignOptions = campaigns.rows.map((c) => ({ value: String(c.id), label: c.campaign_name }));
  const channelOptions = channels.map((c) => ({
    value: String(c.id),
    label: c.owner_name ? `${c.channel_name} (${c.owner_name})` : c.channel_name,
  }));
  const publisherOptions = [
    { value: DIRECT, label: TEXTS.direct },
    ...publishers.map((p) => ({ value: String(p.id), label: p.adtech_name })),
  ];

  return (
    <EntityModal
      open
      title={booking ? 'Edit Booking' : 'Add Booking'}
      onClose={props.onClose}
      onSubmit={save}
      submitting={saving}
      error={formError}
      size="lg"
      testId="booking-modal"
    >
      <TextField
        control={form.control}
        name="booking_name"
        label="Booking Name"
        required
        maxLength={LIMITS.booking_name.max}
        warnAbove={LIMITS.booking_name.warn}
      />
      <SelectField
        control={form.control}
        name="campaign_id"
        label="Campaign"
        required
        placeholder={campaignOptions.length ? 'Select Campaign' : TEXTS.empty('campaigns')}
        options={campaignOptions}
      />
      <Skeleton loading={loading}>
        <Stack gap="4">
          {mode === 'choose' && (
            <SelectField
              control={form.control}
              name="publisher_id"
              label="Publisher"
              required={publishers.length > 0}
              placeholder="Select Publisher"
              options={publisherOptions}
            />
          )}
          {mode === 'forced' && (
            <Field.Root readOnly>
              <Field.Label>Publisher</Field.Label>
              <Input value={publishers[0]?.adtech_name ?? ''} readOnly data-testid="forced-publisher" />
              <Field.HelperText>Bookings you make are published by your ad-tech company.</Field.HelperText>
            </Field.Root>
          )}
          <SelectField
            control={form.control}
            name="channel_id"
            label="Channel"
            required
            disabled={mode === 'choose' && !publisher}
            placeholder={
              mode === 'choose' && !publisher
                ? 'Select a publisher first'
                : channelOptions.length
                  ? 'Select Channel'
                  : TEXTS.empty('channels')
            }
            options={channelOptions}
          />
        </Stack>
      </Skeleton>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TypeToggle control={form.control} name="booking_type" label="Type" />
        <TextField control={form.control} name="cpm" label="CPM ($)" type="number" required />
      </SimpleGrid>
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
      <TextField
        control={form.control}
        name="planned_impressions"
        label="Planned Impressions"
        type="number"
        helperText="Optional: alerts when delivery falls behind this plan's pace"
      />
      {mode === 'forced' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            control={form.control}
            name="job_number"
            label="Job Number"
            required={!!options?.requires_job_number}
          />
          <TextField
            control={form.control}
            name="charged_cpm"
            label="Charged CPM ($)"
            type="number"
            required={!!options?.requires_charged_cpm}
          />
        </SimpleGrid>
      )}
    </EntityModal>
  );
}
