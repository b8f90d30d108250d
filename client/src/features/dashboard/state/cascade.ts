import { ALL, isAll, type FilterId } from './filter-selection';

export interface BookingOption {
  id: FilterId;
  display_name: string;
  campaign_id: number;
}

const same = (a: FilterId, b: FilterId) => String(a) === String(b);

/** Booking options follow the campaign filter: all bookings for All, else those of the chosen campaigns. */
export function bookingOptionsFor<T extends BookingOption>(
  campaigns: readonly FilterId[],
  bookings: readonly T[],
): T[] {
  if (isAll(campaigns)) return [...bookings];
  return bookings.filter((b) => campaigns.some((c) => same(c, b.campaign_id)));
}

export interface CascadeState {
  campaign: FilterId[];
  booking: FilterId[];
}

/** Applying campaigns drops chosen bookings that no longer belong to them (none left: All). */
export function applyCampaigns(
  state: CascadeState,
  campaign: FilterId[],
  bookings: readonly BookingOption[],
): CascadeState {
  if (isAll(state.booking)) return { campaign, booking: state.booking };
  const allowed = bookingOptionsFor(campaign, bookings);
  const kept = state.booking.filter((id) => allowed.some((b) => same(b.id, id)));
  return { campaign, booking: kept.length ? kept : [ALL] };
}

/** Applying bookings auto-selects their campaigns (added to a narrowed campaign choice, replacing All). */
export function applyBookings(
  state: CascadeState,
  booking: FilterId[],
  bookings: readonly BookingOption[],
): CascadeState {
  if (isAll(booking)) return { campaign: state.campaign, booking };
  const owners: FilterId[] = [];
  for (const id of booking) {
    const b = bookings.find((x) => same(x.id, id));
    if (b && !owners.some((c) => same(c, b.campaign_id))) owners.push(b.campaign_id);
  }
  if (owners.length === 0) return { campaign: state.campaign, booking };
  const campaign = isAll(state.campaign)
    ? owners
    : [...state.campaign, ...owners.filter((o) => !state.campaign.some((c) => same(c, o)))];
  return { campaign, booking };
}
