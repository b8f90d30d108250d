import { COUNTRY_CENTRE, regionOf } from '../../gateway/src/geo/regions';
import { attachTouches, localParts, sessionise } from './sessions';
import {
  checkWindows,
  DAYPARTS,
  DEFAULT_WINDOWS,
  type RefHit,
  type RefImpression,
  type RefVisit,
  type RefWindows,
} from './types';

/**
 * The reference calculator of docs/design.md#visits-and-attribution: every dashboard number recomputed from plain event lists
 * with nothing clever (no SQL, no rollups), to compare the gateway's answers with.
 */

export interface RefFilter {
  customerId: number;
  start: string;
  end: string;
  regions?: string[];
  campaigns?: number[];
  bookings?: number[];
  creatives?: number[];
  channels?: number[];
  weekdays?: number[];
  dayparts?: number[];
  sites?: number[];
}

export interface RefCustomer {
  id: number;
  timeZone: string;
  country: string;
  cpmOfBooking: Map<number, number>;
  creativeName: Map<number, string>;
  creativeFormat: Map<number, string>;
  channelName: Map<number, string>;
  siteName: Map<number, string>;
}

const HOUR = 3_600_000;
const div = (a: number, b: number) => (b === 0 ? 0 : a / b);
const has = <T>(list: T[] | undefined, v: T) => !list || list.length === 0 || list.includes(v);

interface Response {
  visit: RefVisit;
  date: string;
  views: number;
  activating: RefImpression;
  delay: number;
}

/**
 * Everything the calls are made of: I(F) and the responses with their activating touches, at the attribution
 * windows w (default W = 7 x 24 h, S = 24 h).
 */
export function referenceFacts(
  c: RefCustomer,
  impressions: RefImpression[],
  hits: RefHit[],
  f: RefFilter,
  w: RefWindows = DEFAULT_WINDOWS,
) {
  checkWindows(w);
  const inRange = (d: string) => d >= f.start && d <= f.end;
  const unique = new Map<string, RefImpression>();
  for (const i of impressions) if (i.customerId === c.id && !unique.has(i.id)) unique.set(i.id, i);
  const inF = (i: RefImpression) => {
    const lp = localParts(i.ts, c.timeZone);
    return (
      inRange(lp.date) &&
      has(f.regions, i.region) &&
      has(f.campaigns, i.campaignId) &&
      has(f.bookings, i.bookingId) &&
      has(f.creatives, i.creativeId) &&
      has(f.channels, i.channelId) &&
      has(f.weekdays, lp.weekday) &&
      has(f.dayparts, lp.daypart)
    );
  };
  const iF = [...unique.values()].filter(inF);
  const iFIds = new Set(iF.map((i) => i.id));
  const visits = attachTouches(
    sessionise(hits.filter((h) => h.customerId === c.id)),
    impressions.filter((i) => i.customerId === c.id),
    w.touchMs,
  );
  const responses: Response[] = [];
  for (const v of visits) {
    const date = localParts(v.ts, c.timeZone).date;
    if (!inRange(date)) continue;
    if (f.sites && f.sites.length > 0 && !v.siteTagIds.some((s) => f.sites!.includes(s))) continue;
    const touches = v.touches.filter((t) => iFIds.has(t.id));
    if (touches.length === 0) continue;
    // most recent; ties -> smaller id as a string
    let act = touches[0];
    for (const t of touches) if (t.ts > act.ts || (t.ts === act.ts && t.id < act.id)) act = t;
    responses.push({ visit: v, date, views: touches.length, activating: act, delay: v.ts - act.ts });
  }
  return { iF, responses };
}

/**
 * All ten numeric calls' answers (analysis is text), as the gateway must return them (unsorted rows), at the
 * attribution windows w (default W = 7 x 24 h, S = 24 h: the answers every existing suite compares with).
 */
export function referenceAnswers(
  c: RefCustomer,
  impressions: RefImpression[],
  hits: RefHit[],
  f: RefFilter,
  w: RefWindows = DEFAULT_WINDOWS,
) {
  const { iF, responses } = referenceFacts(c, impressions, hits, f, w);
  const spendOf = (list: RefImpression[]) =>
    list.reduce((a, i) => a + (c.cpmOfBooking.get(i.bookingId) ?? 0), 0) / 1000;
  const impressionsN = iF.length;
  const spend = spendOf(iF);
  const total = responses.length;

  const impression_summary = {
    table_data: [],
    summary_data: {
      Ad_Spend: spend,
      Actual_Impressions: impressionsN,
      Total_Responses: total,
      CPM_Actual: div(spend, impressionsN) * 1000,
      Response_Rate: div(total, impressionsN),
      Current_CPR: div(spend, total),
    },
  };

  const dates: string[] = [];
  for (
    let d = new Date(`${f.start}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= f.end;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    dates.push(d.toISOString().slice(0, 10));
  }
  const overRows = dates.map((d) => ({
    Date: d,
    Total_Impressions: iF.filter((i) => localParts(i.ts, c.timeZone).date === d).length,
    Same_Day: responses.filter((r) => r.date === d && r.delay <= w.sameDayMs).length,
    Total_Responses: responses.filter((r) => r.date === d).length,
  }));
  const responses_over_time = {
    table_data: overRows,
    summary_data: {
      correlation: pearson(
        overRows.map((r) => r.Total_Impressions),
        overRows.map((r) => r.Total_Responses),
      ),
    },
  };

  // Buckets cut at W (every delay is < W already, touches being within W): Hour_1 <= 1 h; Day_1 1 h < d <= 24 h;
  // Week_1 24 h < d < 7 x 24 h; Beyond_Week 7 x 24 h <= d, present only when W > 7 x 24 h.
  const h1 = responses.filter((r) => r.delay <= HOUR).length;
  const d1 = responses.filter((r) => r.delay > HOUR && r.delay <= 24 * HOUR).length;
  const w1 = responses.filter((r) => r.delay > 24 * HOUR && r.delay < 7 * 24 * HOUR).length;
  const bw = responses.filter((r) => r.delay >= 7 * 24 * HOUR).length;
  const beyond = w.touchMs > 7 * 24 * HOUR;
  const visit_response_timing = {
    table_data: [],
    summary_data: {
      Hour_1: h1,
      Day_1: d1,
      Week_1: w1,
      ...(beyond ? { Beyond_Week: bw } : {}),
      Hour_1_Perc: div(h1, total),
      Day_1_Perc: div(d1, total),
      Week_1_Perc: div(w1, total),
      ...(beyond ? { Beyond_Week_Perc: div(bw, total) } : {}),
    },
  };

  const viewsSeen = [...new Set(responses.map((r) => r.views))].sort((a, b) => b - a);
  let k80 = 0;
  for (const k of [...viewsSeen].reverse()) {
    if (5 * responses.filter((r) => r.views <= k).length >= 4 * total) {
      k80 = k;
      break;
    }
  }
  const impressions_before_visit = {
    table_data: viewsSeen.map((k) => ({
      Views: k,
      Impressions_Before_Visit: responses.filter((r) => r.views === k).length,
    })),
    summary_data: {
      Views_for_80_Percent: total === 0 ? 0 : k80,
      Total_Views_Occurrence: div(
        responses.reduce((a, r) => a + r.views, 0),
        total,
      ),
    },
  };

  const cols = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const grid = (cell: (daypart: number, weekday: number) => number) =>
    DAYPARTS.map((dp) => {
      const row: Record<string, string | number> = { time: dp.name };
      let sum = 0;
      cols.forEach((col, i) => {
        const weekday = i === 0 ? 7 : i;
        row[col] = cell(dp.id, weekday);
        sum += row[col] as number;
      });
      row.Total = sum;
      return row;
    });
  const impGrid = grid((dp, wd) => iF.filter((i) => partsMatch(i.ts, c.timeZone, dp, wd)).length);
  const hitGrid = grid((dp, wd) => responses.filter((r) => partsMatch(r.activating.ts, c.timeZone, dp, wd)).length);
  const ratioGrid = impGrid.map((row, i) => {
    const out: Record<string, string | number> = { time: row.time };
    for (const col of [...cols, 'Total']) out[col] = div(hitGrid[i][col] as number, row[col] as number);
    return out;
  });
  const impression_heatmap = {
    table_data: { impressions: impGrid, webhits: hitGrid, response_ratio: ratioGrid },
    summary_data: {},
  };

  const regionCounts = countBy(responses, (r) => r.activating.region);
  const centre = COUNTRY_CENTRE[c.country] ?? COUNTRY_CENTRE.NZ;
  const responses_by_region = {
    table_data: [...regionCounts].map(([code, n]) => ({
      Region: regionOf(code)?.name ?? code,
      Responses: n,
      Percentage: div(n, total),
      Latitude: regionOf(code)?.latitude ?? null,
      Longitude: regionOf(code)?.longitude ?? null,
    })),
    summary_data: { centre_lat: centre.lat, centre_long: centre.long, zoom: centre.zoom },
  };

  const siteCounts = new Map<number, number>();
  for (const r of responses) for (const s of r.visit.siteTagIds) siteCounts.set(s, (siteCounts.get(s) ?? 0) + 1);
  const responses_by_site = {
    table_data: [...siteCounts].map(([id, n]) => ({
      Site: c.siteName.get(id),
      Responses: n,
      Response_Rate_Percent: div(n, impressionsN),
      CPR: div(spend, n),
    })),
    summary_data: {},
  };

  const creativeIds = [...new Set(iF.map((i) => i.creativeId))];
  const perCreative = creativeIds.map((id) => {
    const imps = iF.filter((i) => i.creativeId === id);
    const n = responses.filter((r) => r.activating.creativeId === id).length;
    return { id, imps: imps.length, spend: spendOf(imps), n };
  });
  const creative_performance_summary = {
    table_data: perCreative.map((x) => ({
      Creative: c.creativeName.get(x.id),
      Duration: c.creativeFormat.get(x.id),
      Total_Impressions: x.imps,
      Ad_Spend: x.spend,
      Total_Responses: x.n,
      Response_Rate_Percent: div(x.n, x.imps),
      Current_CPR: div(x.spend, x.n),
    })),
    summary_data: {},
  };
  const creative_performance_cost = {
    table_data: perCreative.map((x) => ({
      Creative: c.creativeName.get(x.id),
      Ad_Spend: x.spend,
      Total_Responses: x.n,
      Current_CPR: div(x.spend, x.n),
    })),
    summary_data: {},
  };

  const pairs = [...new Set(iF.map((i) => `${i.channelId}:${i.creativeId}`))];
  const platform_creative_performance = {
    table_data: pairs.map((p) => {
      const [ch, cr] = p.split(':').map(Number);
      return {
        Platform: c.channelName.get(ch),
        Creative: c.creativeName.get(cr),
        Impressions_Perc: div(iF.filter((i) => i.channelId === ch && i.creativeId === cr).length, impressionsN),
        Responses_Perc: div(
          responses.filter((r) => r.activating.channelId === ch && r.activating.creativeId === cr).length,
          total,
        ),
      };
    }),
    summary_data: {},
  };

  return {
    impression_summary,
    responses_over_time,
    visit_response_timing,
    impressions_before_visit,
    impression_heatmap,
    responses_by_region,
    responses_by_site,
    creative_performance_summary,
    creative_performance_cost,
    platform_creative_performance,
  };
}

export type ReferenceAnswers = ReturnType<typeof referenceAnswers>;

/** The touch windows the what-if reports, in hours: 1 h, 6 h, 1 d, 2 d, 3 d, 7 d, 14 d, 30 d. */
export const WHAT_IF_HOURS = [1, 6, 24, 48, 72, 168, 336, 720];

/**
 * The attribution what-if the slow, obvious way: docs/design.md#visits-and-attribution rerun at each touch
 * window W (S as set, but never above W), keeping Total_Responses, Response_Rate and Current_CPR (the cost per
 * visit) of impression_summary.
 */
export function referenceWhatIf(
  c: RefCustomer,
  impressions: RefImpression[],
  hits: RefHit[],
  f: RefFilter,
  sameDayMs: number = DEFAULT_WINDOWS.sameDayMs,
) {
  return WHAT_IF_HOURS.map((hours) => {
    const touchMs = hours * HOUR;
    const s = referenceAnswers(c, impressions, hits, f, { touchMs, sameDayMs: Math.min(sameDayMs, touchMs) })
      .impression_summary.summary_data;
    return {
      Window_Hours: hours,
      Total_Responses: s.Total_Responses,
      Response_Rate: s.Response_Rate,
      Current_CPR: s.Current_CPR,
    };
  });
}

function partsMatch(ts: number, zone: string, daypart: number, weekday: number): boolean {
  const lp = localParts(ts, zone);
  return lp.daypart === daypart && lp.weekday === weekday;
}

function countBy<T>(list: T[], key: (t: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

/** Pearson r by the textbook formula; 0 when either series has no variance. */
export function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  const cov = xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0);
  const vx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const vy = ys.reduce((s, y) => s + (y - my) ** 2, 0);
  return vx === 0 || vy === 0 ? 0 : cov / Math.sqrt(vx * vy);
}
