import { dateRangeErrors } from './campaign.rules';
import {
  atMost,
  dateRule,
  isBlank,
  maxLength,
  moreThan,
  nonNegativeNumber,
  required,
  type Rule,
  type RuleSet,
  validate,
} from './rules';

/** A chosen record: required, and a positive whole number (an id). */
export const chosenId =
  (label: string): Rule =>
  (v) => {
    if (isBlank(v)) return `${label} is required`;
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? null : `${label} is required`;
  };

/** One of a fixed list of numbers (types 1 video, 2 image, 3 audio). */
export const oneOf =
  (values: readonly number[], message: string): Rule =>
  (v) =>
    isBlank(v) || values.includes(Number(v)) ? null : message;

export const BOOKING_TYPES = [1, 2, 3] as const;

/** cpm and charged_cpm are DECIMAL(12,4): anything larger cannot be stored (and no real CPM comes close). */
export const MAX_CPM = 99_999_999;

/** An optional chosen record: empty, null or 0 mean none; anything else must be a positive whole number. */
export const optionalChosenId =
  (message: string): Rule =>
  (v) => {
    if (v === null || v === undefined || isBlank(v) || Number(v) === 0) return null;
    const n = typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN;
    return Number.isInteger(n) && n > 0 && n <= 4294967295 ? null : message;
  };

export const PUBLISHER_NOT_FOUND = 'Publisher not found';

export const bookingRules: RuleSet = {
  booking_name: [moreThan('Booking name', 3), maxLength('Booking name', 100)],
  cpm: [required('CPM'), nonNegativeNumber('CPM'), atMost('CPM', MAX_CPM)],
  channel_id: [chosenId('Channel')],
  campaign_id: [chosenId('Campaign')],
  publisher_id: [optionalChosenId(PUBLISHER_NOT_FOUND)],
  booking_type: [oneOf(BOOKING_TYPES, 'Booking type must be 1 (video), 2 (image) or 3 (audio)')],
  start_date: [dateRule('Start date')],
  end_date: [dateRule('End date')],
};

/** Adtech bookings (spec 5): job number and charged CPM when the adtech requires them. */
export const adtechBookingRules = (needs: {
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}): RuleSet => ({
  job_number: [...(needs.requires_job_number ? [required('Job number')] : []), maxLength('Job number', 100)],
  charged_cpm: [
    ...(needs.requires_charged_cpm ? [required('Charged CPM')] : []),
    nonNegativeNumber('Charged CPM'),
    atMost('Charged CPM', MAX_CPM),
  ],
});

/** Field -> message for every problem of a booking form; `adtech` when the user books as an adtech. */
export function checkBooking(
  input: Record<string, unknown>,
  adtech?: { requires_job_number: boolean; requires_charged_cpm: boolean },
): Record<string, string> {
  const errors = { ...validate(bookingRules, input), ...(adtech ? validate(adtechBookingRules(adtech), input) : {}) };
  return dateRangeErrors(input, errors);
}
