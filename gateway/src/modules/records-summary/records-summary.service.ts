import type { AppContext } from '../../shared/app-context';
import type { Actor } from '@infinitum/rules';
import { listBookings } from '../bookings/booking.service';
import { listCampaigns } from '../campaigns/campaign.service';
import { listCreatives } from '../creatives/creative.service';
import { listSiteTags } from '../tags/site-tag.service';

/** The cards of the Campaign management tabs (spec 2), counted by the server from the same rows its lists answer. */
export interface RecordSummary {
  customer_id: number;
  campaigns: { active: number; upcoming: number; total: number };
  bookings: { active: number; video: number; image: number; total: number; average_cpm: number | null };
  creatives: { total: number; video: number; image: number };
  site_tags: { total: number; active: number; low_traffic: number; not_detected: number };
}

const VIDEO = 1;
const IMAGE = 2;

const count = <T>(rows: readonly T[], test: (r: T) => boolean) => rows.reduce((n, r) => n + (test(r) ? 1 : 0), 0);

/**
 * One customer's record cards. Each list checks that the caller may see the customer (404 otherwise),
 * and statuses come from the lists themselves, so a card can never disagree with its grid.
 */
export async function recordSummary(app: AppContext, actor: Actor, customerId: number): Promise<RecordSummary> {
  // Each list checks the customer's visibility itself: no need to wait for one before the others.
  const [campaigns, bookings, creatives, siteTags] = await Promise.all([
    listCampaigns(app, actor, customerId),
    listBookings(app, actor, customerId),
    listCreatives(app, actor, customerId),
    listSiteTags(app, actor, customerId),
  ]);
  const cpmTotal = bookings.reduce((s, b) => s + Number(b.cpm), 0);
  return {
    customer_id: customerId,
    campaigns: {
      active: count(campaigns, (c) => c.status === 'Active'),
      upcoming: count(campaigns, (c) => c.status === 'Upcoming'),
      total: campaigns.length,
    },
    bookings: {
      active: count(bookings, (b) => b.status === 'Active'),
      video: count(bookings, (b) => b.booking_type === VIDEO),
      image: count(bookings, (b) => b.booking_type === IMAGE),
      total: bookings.length,
      // Spec 2: the average CPM over the client's bookings; none -> null (shown as '-').
      average_cpm: bookings.length ? Math.round((cpmTotal / bookings.length) * 100) / 100 : null,
    },
    creatives: {
      total: creatives.length,
      video: count(creatives, (c) => c.creative_type === VIDEO),
      image: count(creatives, (c) => c.creative_type === IMAGE),
    },
    site_tags: {
      total: siteTags.length,
      active: count(siteTags, (s) => s.status === 'Active'),
      low_traffic: count(siteTags, (s) => s.status === 'Low traffic'),
      not_detected: count(siteTags, (s) => s.status === 'Not detected'),
    },
  };
}
