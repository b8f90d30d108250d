import { checkBooking } from '@infinitum/rules';

/** How the booking form looks for a role (spec 6, booking channels). */
export type PublisherMode =
  /** A broadcaster books its own channels direct: no publisher field. */
  | 'none'
  /** An adtech user: the publisher is their own adtech, shown but not changeable; job number and charged CPM. */
  | 'forced'
  /** Customer, agency and super admin: direct to broadcaster or a listed adtech; channels follow. */
  | 'choose';

export const DIRECT = 'direct';

export function publisherMode(entityType: string | undefined): PublisherMode {
  if (entityType === 'BROADCASTER') return 'none';
  if (entityType === 'ADTECH') return 'forced';
  return 'choose';
}

export interface ChannelChoice {
  id: number;
  channel_name: string;
  owner_type: string;
  owner_id: number;
  owner_name?: string | null;
}

/**
 * Channels offered for the chosen publisher: the server already answers only what the role may book;
 * when choosing, direct means broadcaster channels and an adtech means that adtech's channels.
 */
export function channelsFor(mode: PublisherMode, channels: readonly ChannelChoice[], publisher: string) {
  if (mode !== 'choose') return channels;
  if (!publisher) return [];
  if (publisher === DIRECT) return channels.filter((c) => c.owner_type === 'broadcaster');
  return channels.filter((c) => c.owner_type === 'adtech' && String(c.owner_id) === publisher);
}

export const PUBLISHER_REQUIRED = 'Publisher is required';

/** The server's own message for a bad plan (gateway booking.service). */
export const PLANNED_IMPRESSIONS_INVALID = 'Planned impressions must be a whole number above 0, or empty';

export interface BookingFormValues {
  booking_name: string;
  campaign_id: string;
  publisher_id: string;
  channel_id: string;
  booking_type: string;
  cpm: string;
  start_date: string | null;
  end_date: string | null;
  job_number: string;
  charged_cpm: string;
  /** Optional: empty, or a whole number above 0 (the under-delivery alert's plan). */
  planned_impressions?: string;
}

export interface BookingRules {
  mode: PublisherMode;
  publishers: number;
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}

/** The form's publisher value as the API's publisher_id: null for direct or not applicable. */
export function publisherIdOf(mode: PublisherMode, value: string): number | null {
  if (mode !== 'choose' || !value || value === DIRECT) return null;
  return Number(value);
}

/** Spec 5 booking rules (the server's own) plus the publisher choice the form asks of customers and agencies. */
export function checkBookingForm(values: BookingFormValues, rules: BookingRules): Record<string, string> {
  const errors = checkBooking(
    {
      ...values,
      publisher_id: publisherIdOf(rules.mode, values.publisher_id),
      job_number: rules.mode === 'forced' ? values.job_number : null,
      charged_cpm: rules.mode === 'forced' ? values.charged_cpm : null,
    },
    rules.mode === 'forced'
      ? { requires_job_number: rules.requires_job_number, requires_charged_cpm: rules.requires_charged_cpm }
      : undefined,
  );
  const planned = (values.planned_impressions ?? '').trim();
  if (planned !== '' && !(/^\d+$/.test(planned) && Number(planned) > 0 && Number(planned) <= 2_000_000_000)) {
    errors.planned_impressions = PLANNED_IMPRESSIONS_INVALID;
  }
  // Spec 5: a customer or agency user picks a publisher (direct counts) whenever adtechs exist.
  if (rules.mode === 'choose' && rules.publishers > 0 && !values.publisher_id) {
    errors.publisher_id = PUBLISHER_REQUIRED;
  }
  return errors;
}
