import { tsvCell } from './bulk-load';
import type { ImpressionRow, SiteHitRow } from './rows';

/**
 * The tables the ETL writes: each one's column list, and the one builder of its rows, whose tuple
 * is typed by that list (one cell per column, in its order, of the column's type). A bulk insert
 * takes `columnList(X_COLUMNS)` and rows from `xRow`, so the statement and its cells cannot drift.
 */

/** Cell types by column name (a name means the same thing in every table the ETL writes). */
interface ColumnTypes {
  event_id: string;
  customer_id: number;
  impression_tag_id: number;
  site_tag_id: number;
  booking_id: number;
  campaign_id: number;
  creative_id: number;
  channel_id: number;
  household_id: string | bigint;
  ts: string;
  local_date: string;
  weekday: number;
  daypart: number;
  region: string;
  url: string | null;
  impressions: number;
  start_ts: string;
  end_ts: string;
  hits: number;
  visit_id: number;
  impression_event_id: string;
  visit_local_date: string;
  visit_ts: string;
  impression_ts: string;
  impression_local_date: string;
}
type Column = keyof ColumnTypes;

/** A row of the columns `C`, in their order. */
export type RowOf<C extends readonly Column[]> = { -readonly [K in keyof C]: ColumnTypes[C[K]] };

export const columnList = (columns: readonly Column[]): string => columns.join(', ');

const p2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const p3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * A UTC instant as DATETIME(3) text. Built from its parts (a few calls per event, the writer's
 * hottest helper; toISOString's slice and replace cost twice as much); years outside 1000-9999 and
 * invalid times go the toISOString way (which throws a RangeError on an invalid time).
 */
export const sqlTime = (ms: number): string => {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (!(y >= 1000 && y <= 9999)) return d.toISOString().slice(0, 23).replace('T', ' ');
  return `${y}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}.${p3(d.getUTCMilliseconds())}`;
};

/** impression_event and control_impression_event (the same columns, docs/design.md#reach-frequency-and-lift). */
export const IMPRESSION_EVENT_COLUMNS = [
  'event_id',
  'customer_id',
  'impression_tag_id',
  'booking_id',
  'campaign_id',
  'creative_id',
  'channel_id',
  'household_id',
  'ts',
  'local_date',
  'weekday',
  'daypart',
  'region',
] as const;
export const impressionEventRow = (r: ImpressionRow): RowOf<typeof IMPRESSION_EVENT_COLUMNS> => [
  r.eventId,
  r.customerId,
  r.tagId,
  r.bookingId,
  r.campaignId,
  r.creativeId,
  r.channelId,
  r.household,
  sqlTime(r.ts),
  r.localDate,
  r.weekday,
  r.daypart,
  r.region,
];

/**
 * impressionEventRow as a LOAD DATA line (see tsvCell): the same cells in the same order, written straight
 * into the text (no tuple per row to walk and type-test: the raw write's JS cost per event).
 */
export const impressionEventText = (r: ImpressionRow): string =>
  `${tsvCell(r.eventId)}\t${r.customerId}\t${r.tagId}\t${r.bookingId}\t${r.campaignId}\t${r.creativeId}\t${r.channelId}\t${tsvCell(r.household)}\t${sqlTime(r.ts)}\t${r.localDate}\t${r.weekday}\t${r.daypart}\t${tsvCell(r.region)}\n`;

export const SITE_HIT_COLUMNS = [
  'event_id',
  'customer_id',
  'site_tag_id',
  'household_id',
  'ts',
  'region',
  'url',
] as const;
export const siteHitRow = (r: SiteHitRow): RowOf<typeof SITE_HIT_COLUMNS> => [
  r.eventId,
  r.customerId,
  r.siteTagId,
  r.household,
  sqlTime(r.ts),
  r.region,
  r.url,
];

/** siteHitRow as a LOAD DATA line (a missing url is \\N, NULL). */
export const siteHitText = (r: SiteHitRow): string =>
  `${tsvCell(r.eventId)}\t${r.customerId}\t${r.siteTagId}\t${tsvCell(r.household)}\t${sqlTime(r.ts)}\t${tsvCell(r.region)}\t${r.url === null ? '\\N' : tsvCell(r.url)}\n`;

export const IMPRESSION_ROLLUP_COLUMNS = [
  'customer_id',
  'local_date',
  'booking_id',
  'campaign_id',
  'creative_id',
  'channel_id',
  'region',
  'weekday',
  'daypart',
  'impressions',
] as const;
/** One rollup cell: the dimensions of `r` (any impression of the cell) and the cell's count. */
export const impressionRollupRow = (r: ImpressionRow, impressions: number): RowOf<typeof IMPRESSION_ROLLUP_COLUMNS> => [
  r.customerId,
  r.localDate,
  r.bookingId,
  r.campaignId,
  r.creativeId,
  r.channelId,
  r.region,
  r.weekday,
  r.daypart,
  impressions,
];

/** A visit before it is stored (its id comes from the insert). */
export interface NewVisit {
  household: string;
  start: number;
  end: number;
  localDate: string;
  region: string;
  hits: number;
  siteTagIds: number[];
}

export const VISIT_COLUMNS = [
  'customer_id',
  'household_id',
  'start_ts',
  'end_ts',
  'local_date',
  'region',
  'hits',
] as const;
export const visitRow = (customerId: number, v: NewVisit): RowOf<typeof VISIT_COLUMNS> => [
  customerId,
  v.household,
  sqlTime(v.start),
  sqlTime(v.end),
  v.localDate,
  v.region,
  v.hits,
];

/** visitRow as a LOAD DATA line (see tsvCell). */
export const visitText = (customerId: number, v: NewVisit): string =>
  `${customerId}\t${tsvCell(v.household)}\t${sqlTime(v.start)}\t${sqlTime(v.end)}\t${v.localDate}\t${tsvCell(v.region)}\t${v.hits}\n`;

export const VISIT_PAGE_COLUMNS = ['visit_id', 'site_tag_id', 'customer_id', 'local_date'] as const;
export const visitPageRow = (
  visitId: number,
  siteTagId: number,
  customerId: number,
  v: NewVisit,
): RowOf<typeof VISIT_PAGE_COLUMNS> => [visitId, siteTagId, customerId, v.localDate];
/** visitPageRow as a LOAD DATA line. */
export const visitPageText = (visitId: number, siteTagId: number, customerId: number, v: NewVisit): string =>
  `${visitId}\t${siteTagId}\t${customerId}\t${v.localDate}\n`;

/** The visit side of a touch. */
export interface TouchedVisit {
  id: number;
  start: number;
  localDate: string;
  /** sqlTime(start), when the caller made it once for all of the visit's touches. */
  startSql?: string;
  /** touchVisitText, made once for all of the visit's touches. */
  text?: string;
}
/** The impression side of a touch: a batch's ImpressionRow or one read back from impression_event. */
export interface TouchingImpression {
  eventId: string;
  ts: number;
  localDate: string;
  bookingId: number;
  campaignId: number;
  creativeId: number;
  channelId: number;
  region: string;
  weekday: number;
  daypart: number;
  /** sqlTime(ts), when the caller made it once for all of the impression's touches. */
  tsSql?: string;
  /** touchImpressionText, made once for all of the impression's touches. */
  text?: string;
}

/**
 * A touch's columns, the visit's first and the impression's after: as a LOAD DATA line it is its
 * visit's text and its impression's text, each made once however many touches share it (a visit has
 * a touch per impression of its household in the week before it); the portable path's rows follow
 * the same order.
 */
export const TOUCH_COLUMNS = [
  'visit_id',
  'customer_id',
  'visit_local_date',
  'visit_ts',
  'impression_event_id',
  'impression_ts',
  'impression_local_date',
  'booking_id',
  'campaign_id',
  'creative_id',
  'channel_id',
  'region',
  'weekday',
  'daypart',
] as const satisfies readonly Column[];
export const touchRow = (customerId: number, v: TouchedVisit, i: TouchingImpression): RowOf<typeof TOUCH_COLUMNS> => [
  v.id,
  customerId,
  v.localDate,
  v.startSql ?? sqlTime(v.start),
  i.eventId,
  i.tsSql ?? sqlTime(i.ts),
  i.localDate,
  i.bookingId,
  i.campaignId,
  i.creativeId,
  i.channelId,
  i.region,
  i.weekday,
  i.daypart,
];
export const touchVisitText = (customerId: number, v: TouchedVisit): string =>
  (v.text ??= `${v.id}\t${customerId}\t${v.localDate}\t${v.startSql ?? sqlTime(v.start)}`);
export const touchImpressionText = (i: TouchingImpression): string =>
  (i.text ??= `${tsvCell(i.eventId)}\t${i.tsSql ?? sqlTime(i.ts)}\t${i.localDate}\t${i.bookingId}\t${i.campaignId}\t${i.creativeId}\t${i.channelId}\t${tsvCell(i.region)}\t${i.weekday}\t${i.daypart}`);
