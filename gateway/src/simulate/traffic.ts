import { NZ_REGIONS } from '../geo/regions';
import { zoneOffsetMs } from '../shared/time';
import { cumulate, exponential, prng, weighted, type Rand } from './prng';
import type { SimCustomer } from './world';

/**
 * The traffic model: households in NZ regions weighted by population; impressions through the day
 * with an evening peak; households that saw an ad visit the site with a response that decays after
 * the exposure; plus unexposed baseline visitors. Visits are 1-4 page hits minutes apart.
 */
export interface SimEvent {
  type: 'impression' | 'visit';
  tag: string;
  ts: number;
  household: string;
  region: string;
  id: string;
  url?: string;
  /** docs/design.md#reach-frequency-and-lift: a control (holdout) impression: the household saw a placeholder, not the ad. */
  control?: boolean;
  /**
   * Ground truth, never sent: this page hit belongs to a visit the exposure caused (the household
   * would not have made it without the ad). Every other visit happens at the baseline rate.
   */
  caused?: boolean;
}

export interface TrafficOptions {
  seed: number;
  /** Impressions per customer per day on average. */
  impressionsPerDay: number;
  households: number;
  /** Chance that an impression leads to a visit. */
  responseRate: number;
  /** Baseline (unexposed) visits per customer per day. */
  baselineVisitsPerDay: number;
  /**
   * docs/design.md#reach-frequency-and-lift holdout: the share of households the ad server puts in the control group. Their
   * impressions are control impressions and cause no visit; they visit only at the baseline rate.
   */
  holdoutShare?: number;
}

export const DEFAULT_TRAFFIC: TrafficOptions = {
  seed: 2026,
  impressionsPerDay: 800,
  households: 12_000,
  responseRate: 0.03,
  baselineVisitsPerDay: 40,
};

/** Relative audience by local hour: quiet nights, breakfast, lunch, a strong evening peak. */
const HOURS = [2, 1, 1, 1, 1, 2, 5, 8, 7, 5, 5, 6, 7, 6, 5, 5, 6, 8, 12, 16, 20, 19, 14, 7];
const HOUR_CUM = cumulate(HOURS);
const REGION_CUM = cumulate(NZ_REGIONS.map((r) => r.population));
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

interface Household {
  id: string;
  region: string;
  control: boolean;
}

export class TrafficModel {
  private readonly rand: Rand;
  private readonly households: Household[];
  private serial = 0;

  constructor(
    private readonly customer: SimCustomer,
    private readonly options: TrafficOptions = DEFAULT_TRAFFIC,
  ) {
    this.rand = prng(options.seed * 7919 + customer.id);
    // The holdout draws from its own stream: without one, the traffic is exactly as before.
    const holdout = prng(options.seed * 104_729 + customer.id);
    const share = options.holdoutShare ?? 0;
    this.households = Array.from({ length: options.households }, (_, n) => ({
      // Stable ids per customer: a publisher-style household id.
      id: String(customer.id * 1_000_000_007 + n * 7 + 1),
      region: this.rand() < 0.03 ? 'UNK' : NZ_REGIONS[weighted(this.rand, REGION_CUM)].code,
      control: share > 0 && holdout() < share,
    }));
  }

  /** Events of one local day starting at `dayStart` (UTC ms of local midnight), up to `until`. */
  day(dayStart: number, localDate: string, until: number): SimEvent[] {
    const out: SimEvent[] = [];
    const active = this.customer.bookings.filter((b) => b.startDate <= localDate && localDate <= b.endDate);
    const bookings = active.length ? active : this.customer.bookings;
    const weekday = new Date(`${localDate}T00:00:00Z`).getUTCDay();
    const volume =
      this.options.impressionsPerDay * (weekday === 0 || weekday === 6 ? 1.2 : 1) * (0.8 + 0.4 * this.rand());
    for (let n = 0; n < volume; n++) {
      const ts = this.timeOfDay(dayStart);
      if (ts > until) continue;
      // Heavier viewers: a skewed pick of households.
      const hh = this.households[Math.floor(this.households.length * this.rand() ** 1.6)];
      const booking = bookings[Math.floor(this.rand() * bookings.length)];
      const tag = booking.tagKeys[Math.floor(this.rand() * booking.tagKeys.length)];
      const impression = this.event('impression', tag, ts, hh);
      if (hh.control) impression.control = true;
      out.push(impression);
      if (this.rand() < this.options.responseRate) {
        // Response decays after exposure: most within the hour, a tail over the week.
        const delay = this.rand() < 0.55 ? exponential(this.rand, 0.3 * HOUR_MS) : exponential(this.rand, 30 * HOUR_MS);
        // A placeholder causes nothing: control households visit only at the baseline rate.
        if (!hh.control && delay < 7 * DAY_MS && ts + delay <= until) {
          for (const e of this.visit(ts + 60_000 + delay, hh)) out.push({ ...e, caused: true });
        }
      }
    }
    const baseline = this.options.baselineVisitsPerDay * (0.7 + 0.6 * this.rand());
    for (let n = 0; n < baseline; n++) {
      const ts = this.timeOfDay(dayStart);
      const hh = this.households[Math.floor(this.rand() * this.households.length)];
      if (ts <= until) out.push(...this.visit(ts, hh));
    }
    return out.filter((e) => e.ts <= until);
  }

  /** A local time of day drawn from the hourly audience, as UTC ms. */
  private timeOfDay(dayStart: number): number {
    return dayStart + weighted(this.rand, HOUR_CUM) * HOUR_MS + Math.floor(this.rand() * HOUR_MS);
  }

  private visit(start: number, hh: Household): SimEvent[] {
    const pages = 1 + Math.floor(this.rand() ** 2 * 4);
    const out: SimEvent[] = [];
    let ts = start;
    for (let p = 0; p < pages; p++) {
      const keys = this.customer.siteTagKeys;
      const tag =
        p === 0 && this.customer.mainSiteTagKey
          ? this.customer.mainSiteTagKey
          : keys[Math.floor(this.rand() * keys.length)];
      const e = this.event('visit', tag, Math.floor(ts), hh);
      e.url = `https://shop.example/${p === 0 ? '' : `page-${p}`}`;
      out.push(e);
      ts += 30_000 + this.rand() * 5 * 60_000;
    }
    return out;
  }

  private event(type: SimEvent['type'], tag: string, ts: number, hh: Household): SimEvent {
    return {
      type,
      tag,
      ts: Math.floor(ts),
      household: hh.id,
      region: hh.region,
      id: `sim-${this.options.seed}-${this.customer.id}-${++this.serial}`,
    };
  }
}

/** UTC ms of local midnight of the local date that contains `ts` in the zone, and that date. */
export function localMidnight(ts: number, timeZone: string): { start: number; date: string } {
  const local = ts + zoneOffsetMs(ts, timeZone);
  const date = new Date(local).toISOString().slice(0, 10);
  const midnightLocal = Date.parse(`${date}T00:00:00Z`);
  // The offset at midnight itself may differ (DST days): correct once.
  const start = midnightLocal - zoneOffsetMs(midnightLocal - zoneOffsetMs(ts, timeZone), timeZone);
  return { start, date };
}
