import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../../shared/app-context';
import { datesOf, dayFromNumber, dayNumber } from '../../../summaries/days';
import { SUMMARY } from '../../../summaries/marks';
import { startLeasedTask } from '../../../shared/leased-task';
import { refreshReachExposure } from '../reach/refresh-exposure';
import { refreshAttribution } from './attribution/refresh-attribution';
import { refreshImpressionCells } from './impression-cells';
import type { SummaryRefresh } from './refresh';
import { SAME_DAY_WINDOW_DEFAULT_HOURS, TOUCH_WINDOW_DEFAULT_HOURS } from '@infinitum/rules';

const KEEPER_LEASE = 'summary-keeper';
/** Days a build covers at once: a first load's hundreds of stale days go in small transactions. */
const SPAN_DAYS = 14;
/** How far back the keeper looks: the longest range the dashboard serves (docs/design.md#performance-targets). */
const HORIZON_DAYS = 400;

/**
 * The summaries every unfiltered or region-free range reads first, each with the writers' marks it is built
 * from (`source`), built over the span of their stale days each round.
 */
const KEPT: { kind: number; source: number; refresh: SummaryRefresh; windowed?: boolean }[] = [
  { kind: SUMMARY.impressions, source: SUMMARY.impressions, refresh: refreshImpressionCells },
  { kind: SUMMARY.visits, source: SUMMARY.visits, refresh: refreshAttribution, windowed: true },
];

/**
 * A summary built for the default attribution windows (`windowed`) serves only customers whose windows in force
 * are the defaults (docs/architecture.md#summaries): for the others every read takes the raw path, so building it
 * is wasted work. This condition on a customer id column keeps the others out of the keeper's rounds and sweep.
 */
const DEFAULT_WINDOWS_ONLY = (customerId: string) =>
  `AND ${customerId} IN (SELECT id FROM customer WHERE touch_window_hours = ${TOUCH_WINDOW_DEFAULT_HOURS}
       AND same_day_window_hours = ${SAME_DAY_WINDOW_DEFAULT_HOURS})`;

/**
 * The reach household sample (reach_exposure and reach_holdout, from the impressions' marks) is kept only for
 * settled days: stale with the same mark in two rounds running. Rebuilding a day whole each round while the ETL
 * still appended to it took a 10M load from 15k to 4k events/s; once a settled day is built, the ETL's own
 * appends keep it up to date (summaries/marks.ts followAppends), so a late hit costs no rebuild.
 */
const SETTLED = {
  kind: SUMMARY.reachExposure,
  source: SUMMARY.impressions,
  refresh: refreshReachExposure,
  windowed: true,
};

/**
 * Builds a summary over the given days (ascending): each run of consecutive days in spans of SPAN_DAYS, never
 * across a day left out (a day still loading, or built already). Answers the days built.
 */
async function buildRuns(em: EntityManager, refresh: SummaryRefresh, customerId: number, dates: string[]) {
  let built = 0;
  const spans: string[][] = [];
  for (const date of dates) {
    const span = spans[spans.length - 1];
    const follows = span && datesOf(span[span.length - 1], date).length === 2;
    if (follows && span.length < SPAN_DAYS) span.push(date);
    else spans.push([date]);
  }
  for (const span of spans) {
    await refresh(em, customerId, span[0], span[span.length - 1]);
    built += span.length;
  }
  return built;
}

/** A keeper's memory between rounds: the sample's stale days and their marks, `customer|date` -> version. */
export type KeeperMemory = Map<string, string>;

/**
 * One round: for every customer with marked days not built since (a mark newer than the day's built version,
 * built-days.ts), the kept summaries brought up to date over the span of those days, and the reach sample for
 * the days that have settled since the last round (`memory`). A round with nothing stale is one small read per
 * summary. Answers the days examined.
 */
export async function keepSummaries(em: EntityManager, memory: KeeperMemory = new Map()): Promise<number> {
  let days = 0;
  for (const kept of KEPT) {
    const marked = (await em.query(
      `SELECT s.customer_id, MIN(s.local_date) AS lo, MAX(s.local_date) AS hi
         FROM summary_stale_day s
         LEFT JOIN summary_built_day b
           ON b.customer_id = s.customer_id AND b.summary = ? AND b.local_date = s.local_date
        WHERE s.summary = ? AND s.local_date >= CURDATE() - INTERVAL ? DAY
          AND (b.version IS NULL OR b.version < s.version) ${kept.windowed ? DEFAULT_WINDOWS_ONLY('s.customer_id') : ''}
        GROUP BY s.customer_id`,
      [kept.kind, kept.source, HORIZON_DAYS],
    )) as { customer_id: number; lo: string; hi: string }[];
    for (const m of marked)
      days += await buildRuns(em, kept.refresh, Number(m.customer_id), datesOf(String(m.lo), String(m.hi)));
  }
  const stale = (await em.query(
    `SELECT s.customer_id, CAST(s.local_date AS CHAR) AS local_date, CAST(s.version AS CHAR) AS version
       FROM summary_stale_day s
       LEFT JOIN summary_built_day b
         ON b.customer_id = s.customer_id AND b.summary = ? AND b.local_date = s.local_date
      WHERE s.summary = ? AND s.local_date >= CURDATE() - INTERVAL ? DAY
        AND (b.version IS NULL OR b.version < s.version) ${DEFAULT_WINDOWS_ONLY('s.customer_id')}
      ORDER BY s.customer_id, s.local_date`,
    [SETTLED.kind, SETTLED.source, HORIZON_DAYS],
  )) as { customer_id: number; local_date: string; version: string }[];
  const settled = new Map<number, string[]>();
  const seen = new Map(stale.map((r) => [`${r.customer_id}|${r.local_date}`, r.version]));
  for (const r of stale) {
    if (memory.get(`${r.customer_id}|${r.local_date}`) !== r.version) continue;
    const customerId = Number(r.customer_id);
    settled.set(customerId, [...(settled.get(customerId) ?? []), r.local_date]);
  }
  memory.clear();
  for (const [key, version] of seen) memory.set(key, version);
  // A gap between settled days is a day still loading or already built: buildRuns builds around it.
  for (const [customerId, dates] of settled) days += await buildRuns(em, SETTLED.refresh, customerId, dates);
  return days;
}

/**
 * Days no writer has marked are not built by the rounds above: a range reaching before a customer's data (a year
 * asked of 90 days of traffic), or the days of a database upgraded from before the marks. Their first reader
 * waited the whole budget for them, then read the raw tables. The sweep builds, for every customer with
 * impressions, each summary's days of the horizon that have neither a built version nor a mark (a marked one is
 * the rounds' work), in runs of consecutive days; once all are built it is one small read per summary.
 */
export async function sweepUnbuilt(em: EntityManager): Promise<number> {
  const [{ today }] = (await em.query('SELECT CAST(CURDATE() AS CHAR) AS today')) as { today: string }[];
  const start = dayFromNumber(dayNumber(today) - HORIZON_DAYS);
  const horizon = datesOf(start, today);
  const withData = (windowed?: boolean) =>
    em
      .query(
        `SELECT c.id FROM customer c WHERE EXISTS (SELECT 1 FROM impression_rollup r WHERE r.customer_id = c.id)
          ${windowed ? DEFAULT_WINDOWS_ONLY('c.id') : ''}`,
      )
      .then((rows: { id: number }[]) => rows.map((r) => Number(r.id)));
  let days = 0;
  for (const kept of [...KEPT, SETTLED]) {
    const customers = await withData(kept.windowed);
    const counted = (await em.query(
      `SELECT customer_id, COUNT(*) AS n FROM summary_built_day
        WHERE summary = ? AND local_date BETWEEN ? AND ? GROUP BY customer_id`,
      [kept.kind, start, today],
    )) as { customer_id: number; n: number | string }[];
    const built = new Map(counted.map((r) => [Number(r.customer_id), Number(r.n)]));
    for (const customerId of customers) {
      if ((built.get(customerId) ?? 0) >= horizon.length) continue;
      const taken = (await em.query(
        `SELECT CAST(local_date AS CHAR) AS d FROM summary_built_day
          WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?
         UNION SELECT CAST(local_date AS CHAR) FROM summary_stale_day
          WHERE customer_id = ? AND summary = ? AND local_date BETWEEN ? AND ?`,
        [customerId, kept.kind, start, today, customerId, kept.source, start, today],
      )) as { d: string }[];
      const skip = new Set(taken.map((r) => r.d));
      days += await buildRuns(
        em,
        kept.refresh,
        customerId,
        horizon.filter((d) => !skip.has(d)),
      );
    }
  }
  return days;
}

/**
 * The summary keeper (a background task): builds the dashboard's per-day summaries for the days the ETL
 * marked, a moment after it commits them, so the first reader of a range finds them built instead of
 * building them while it waits (a cold 90-day view took seconds at 1M when its reader built them). One
 * process at a time holds the lease; readers still build whatever is stale when they come first, and both
 * paths give the same numbers. SUMMARY_KEEP_MS between rounds; 0 turns it off.
 */
export async function startSummaryKeeper(app: AppContext): Promise<() => Promise<void>> {
  const every = app.config.SUMMARY_KEEP_MS;
  if (every === 0) return async () => undefined;
  const memory: KeeperMemory = new Map();
  let rounds = 0;
  // A build that lost a deadlock to a reader's fails its round at warn: the next round finds the day still stale.
  return startLeasedTask(app, {
    lease: KEEPER_LEASE,
    everyMs: every,
    leaseMs: Math.max(every * 5, 30_000),
    failLevel: 'warn',
    round: async () => {
      await keepSummaries(app.ds.manager, memory);
      // The never-marked days: on the first round, then about once a minute.
      if (rounds++ % Math.max(1, Math.round(60_000 / every)) === 0) await sweepUnbuilt(app.ds.manager);
    },
  });
}
