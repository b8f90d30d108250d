/**
 * node -r @swc-node/register tests/bench/reach-live.ts — what a day of live visits costs the next
 * reach read, on an already loaded bench database (default bench:dashboard's 10M one, its
 * busy customer). Brings the household sample of the 30 days ending on the data's last day up to date,
 * then writes a day of new visits through the ETL's own transaction (writeBatch): the visits of the
 * day a week before the last, each moved 7 days later (one new hit each, skipped when the household
 * has a visit within an hour of it, so every new hit is a visit of its own). Times the next cold
 * 30-day reach_frequency call and the one after. Then takes every written row out again (hits, visits,
 * pages, touches, daily_activity restored; the changed days marked and the households noted, as a
 * writer deleting them would), times the read after that too, and checks the customer's hit and visit
 * counts are back: bench:dashboard compares its answers with DuckDB over the raw events.
 * Then the same for an hour of live impressions (liveImpressions): the customer's busiest hour of the
 * day a week before the last, each moved 7 days later with a new event id, written through writeBatch;
 * the next cold read timed; then taken out again (events, touches, rollup and daily_activity rows
 * restored, the days marked as a deleting writer would) and the counts checked.
 * REACH_LIVE=impressions runs that part alone, REACH_LIVE=visits the visits alone; REACH_LIVE_MINUTES=5
 * writes the hour's first 5 minutes only.
 * Prints JSON lines, with the load average.
 */
import { loadavg } from 'node:os';
import type { EntityManager } from 'typeorm';
import { migrate } from '../../gateway/src/db/migrate';
import type { ImpressionRow, PreparedBatch, SiteHitRow } from '../../gateway/src/etl/rows';
import * as staleDays from '../../gateway/src/summaries/marks';
import { sqlTime } from '../../gateway/src/etl/tables';
import { writeBatch } from '../../gateway/src/etl/writer';
import { reachFrequency } from '../../gateway/src/modules/analytics/calls/reach-frequency';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { rangeFilter } from '../../gateway/src/modules/analytics/filters/filter';
import { REACH_SAMPLE_MIN_IMPRESSIONS } from '../../gateway/src/modules/analytics/reach/estimate';
import { inReachSample } from '../../gateway/src/summaries/sample';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { chunks } from '../../gateway/src/shared/chunks';
import { localParts } from '../../gateway/src/shared/time';

const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const DATABASE = process.env.BENCH_DATABASE ?? 'infinitum_bench_dashboard_10000000';
const CUSTOMER = Number(process.env.BENCH_CUSTOMER_ID ?? 1);
const BATCH = 2000;
const PARTS = process.env.REACH_LIVE ?? 'visits,impressions';
/** The first minutes of the busiest hour written as live impressions (60: the whole hour). */
const MINUTES = Number(process.env.REACH_LIVE_MINUTES ?? 60);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const print = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'reach-live', load: loadavg().map((l) => Number(l.toFixed(2))), ...o }));
const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function main() {
  const ds = await migrate(`${SERVER}/${DATABASE}`);
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  const [{ time_zone: timeZone }] = await q('SELECT time_zone FROM customer WHERE id = ?', [CUSTOMER]);
  const [{ last }] = await q('SELECT MAX(local_date) AS last FROM impression_rollup WHERE customer_id = ?', [CUSTOMER]);
  const end = day(last);
  const start = shift(end, -29);
  const reach = async () => {
    dashboardFlights.clear();
    const t0 = performance.now();
    const answer = await reachFrequency(
      new DashboardData(ds.manager, rangeFilter(CUSTOMER, start, end, {}), REACH_SAMPLE_MIN_IMPRESSIONS),
    );
    return { ms: Math.round(performance.now() - t0), reach: answer.summary_data.Reach };
  };
  print({ step: 'warm', start, end, ...(await reach()) });
  print({ step: 'warm again', ...(await reach()) });
  if (PARTS.includes('visits')) await liveVisits(ds, timeZone, end, reach);
  if (PARTS.includes('impressions')) await liveImpressions(ds, timeZone, end, reach);
  await ds.destroy();
}

type Reach = () => Promise<{ ms: number; reach: number }>;

/** The customer's daily_activity rows of these days and subject, and how to put them back. */
async function keepActivity(ds: Awaited<ReturnType<typeof migrate>>, dates: string[], subject: number) {
  const rows: { d: string; subject_id: number; hits: number }[] = await ds.query(
    `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS d, subject_id, hits FROM daily_activity
      WHERE local_date IN (?) AND customer_id = ? AND subject = ?`,
    [dates, CUSTOMER, subject],
  );
  return async (tx: EntityManager) => {
    await tx.query('DELETE FROM daily_activity WHERE local_date IN (?) AND customer_id = ? AND subject = ?', [
      dates,
      CUSTOMER,
      subject,
    ]);
    if (rows.length > 0)
      await tx.query('INSERT INTO daily_activity (local_date, customer_id, subject, subject_id, hits) VALUES ?', [
        rows.map((a) => [a.d, CUSTOMER, subject, a.subject_id, a.hits]),
      ]);
  };
}

/** Writes the batches through the ETL's own transaction, then times the next two cold reach reads. */
async function writeThenRead(
  ds: Awaited<ReturnType<typeof migrate>>,
  reach: Reach,
  what: string,
  { batches, ...info }: { batches: PreparedBatch[] } & Record<string, unknown>,
) {
  const t0 = performance.now();
  for (const batch of batches) await writeBatch(ds, batch);
  print({ step: `etl ${what}`, ...info, ms: Math.round(performance.now() - t0) });
  print({ step: `cold read after ${what}`, ...(await reach()) });
  print({ step: 'next read', ...(await reach()) });
}

async function liveVisits(ds: Awaited<ReturnType<typeof migrate>>, timeZone: string, end: string, reach: Reach) {
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  const counts = async () => {
    const [r] = await q(
      `SELECT (SELECT COUNT(*) FROM site_hit WHERE customer_id = ?) AS hits,
              (SELECT COUNT(*) FROM visit WHERE customer_id = ?) AS visits`,
      [CUSTOMER, CUSTOMER],
    );
    return { hits: Number(r.hits), visits: Number(r.visits) };
  };
  const before = await counts();

  // The day a week before the last, moved to the last: its visits' households and times.
  const week: { hh: string; start_ts: Date; region: string; tag: number }[] = await q(
    `SELECT CAST(v.household_id AS CHAR) AS hh, v.start_ts, v.region,
            (SELECT MIN(p.site_tag_id) FROM visit_page p WHERE p.visit_id = v.id) AS tag
       FROM visit v WHERE v.customer_id = ? AND v.local_date = ?`,
    [CUSTOMER, shift(end, -7)],
  );
  const candidates = week.map((v) => ({ ...v, ts: v.start_ts.getTime() + 7 * DAY_MS + 1000 }));
  // Only households with no visit within an hour of the new hit (it stays a visit of its own).
  const busy = new Set<string>();
  for (const part of chunks(candidates, BATCH)) {
    const rows: { hh: string }[] = await q(
      `SELECT DISTINCT CAST(household_id AS CHAR) AS hh FROM visit WHERE customer_id = ? AND (${part
        .map(() => '(household_id = ? AND start_ts <= ? AND end_ts >= ?)')
        .join(' OR ')})`,
      [CUSTOMER, ...part.flatMap((c) => [BigInt(c.hh), sqlTime(c.ts + HOUR_MS), sqlTime(c.ts - HOUR_MS)])],
    );
    for (const r of rows) busy.add(r.hh);
  }
  const seen = new Set<string>();
  const added = candidates.filter((c) => !busy.has(c.hh) && !seen.has(c.hh) && seen.add(c.hh));
  const hits: SiteHitRow[] = added.map((c, n) => ({
    eventId: `reach-live-${n}`,
    customerId: CUSTOMER,
    siteTagId: Number(c.tag),
    household: c.hh,
    ts: c.ts,
    region: c.region,
    url: null,
    timeZone,
  }));
  const dates = [...new Set(hits.map((h) => localParts(h.ts, timeZone).date))];
  const activity = await keepActivity(ds, dates, 2);

  await writeThenRead(ds, reach, 'a day of visits', {
    batches: chunks(hits, BATCH).map((part) => ({ impressions: [], hits: part, controls: [], rejected: {} })),
    visits_of_day_before: week.length,
    written: hits.length,
    sampled_households: hits.filter((h) => inReachSample(h.household)).length,
    dates,
  });

  // Out again, as one writer's transaction.
  const t0 = performance.now();
  await ds.transaction('READ COMMITTED', async (tx) => {
    const ids: number[] = [];
    for (const part of chunks(hits, BATCH)) {
      const rows: { id: number }[] = await tx.query(
        `SELECT id FROM visit WHERE customer_id = ? AND (${part.map(() => '(household_id = ? AND start_ts = ?)').join(' OR ')})`,
        [CUSTOMER, ...part.flatMap((h) => [BigInt(h.household), sqlTime(h.ts)])],
      );
      ids.push(...rows.map((r) => Number(r.id)));
    }
    for (const part of chunks(ids, BATCH)) {
      for (const table of ['touch', 'visit_page']) await tx.query(`DELETE FROM ${table} WHERE visit_id IN (?)`, [part]);
      await tx.query('DELETE FROM visit WHERE id IN (?)', [part]);
    }
    for (const part of chunks(hits, BATCH))
      await tx.query('DELETE FROM site_hit WHERE event_id IN (?)', [part.map((h) => h.eventId)]);
    await activity(tx);
    await staleDays.writeMarks(
      tx,
      dates.map((d) => [CUSTOMER, staleDays.SUMMARY.visits, d]),
    );
    const sampled = hits.filter((h) => inReachSample(h.household));
    await staleDays.noteReachVisits(
      tx,
      CUSTOMER,
      new Map(
        sampled.map((h) => [
          h.household,
          { first: localParts(h.ts, timeZone).date, last: localParts(h.ts, timeZone).date },
        ]),
      ),
    );
  });
  print({ step: 'removed', ms: Math.round(performance.now() - t0) });
  print({ step: 'cold read after the removal', ...(await reach()) });
  const after = await counts();
  print({ step: 'restored', before, after, same: before.hits === after.hits && before.visits === after.visits });
  if (before.hits !== after.hits || before.visits !== after.visits) process.exit(2);
}

/** An hour of live impressions through the ETL, the next cold reads, and every row taken out again. */
async function liveImpressions(ds: Awaited<ReturnType<typeof migrate>>, timeZone: string, end: string, reach: Reach) {
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  const counts = async () => {
    const [r] = await q(
      `SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?) AS impressions,
              (SELECT COALESCE(SUM(impressions), 0) FROM impression_rollup WHERE customer_id = ?) AS rollup,
              (SELECT COUNT(*) FROM touch WHERE customer_id = ?) AS touches,
              (SELECT COALESCE(SUM(hits), 0) FROM daily_activity WHERE customer_id = ?) AS activity`,
      [CUSTOMER, CUSTOMER, CUSTOMER, CUSTOMER],
    );
    return {
      impressions: Number(r.impressions),
      rollup: Number(r.rollup),
      touches: Number(r.touches),
      activity: Number(r.activity),
    };
  };
  const before = await counts();
  const weekBefore = shift(end, -7);
  const [{ hour }] = await q(
    `SELECT HOUR(ts) AS hour FROM impression_event WHERE customer_id = ? AND local_date = ?
      GROUP BY HOUR(ts) ORDER BY COUNT(*) DESC, hour LIMIT 1`,
    [CUSTOMER, weekBefore],
  );
  const source: {
    impression_tag_id: number;
    booking_id: number;
    campaign_id: number;
    creative_id: number;
    channel_id: number;
    hh: string;
    ts: Date;
    region: string;
  }[] = await q(
    `SELECT impression_tag_id, booking_id, campaign_id, creative_id, channel_id, CAST(household_id AS CHAR) AS hh, ts, region
       FROM impression_event WHERE customer_id = ? AND local_date = ? AND HOUR(ts) = ? AND MINUTE(ts) < ?`,
    [CUSTOMER, weekBefore, hour, MINUTES],
  );
  const rows: ImpressionRow[] = source.map((r, n) => {
    const ts = r.ts.getTime() + 7 * DAY_MS;
    const lp = localParts(ts, timeZone);
    return {
      eventId: `reach-live-imp-${n}`,
      customerId: CUSTOMER,
      tagId: Number(r.impression_tag_id),
      bookingId: Number(r.booking_id),
      campaignId: Number(r.campaign_id),
      creativeId: Number(r.creative_id),
      channelId: Number(r.channel_id),
      household: r.hh,
      ts,
      localDate: lp.date,
      weekday: lp.weekday,
      daypart: lp.daypart,
      region: r.region,
    };
  });
  const dates = [...new Set(rows.map((r) => r.localDate))];
  const rollup: unknown[][] = (
    await q(
      `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS d, booking_id, campaign_id, creative_id, channel_id, region, weekday,
              daypart, impressions FROM impression_rollup WHERE customer_id = ? AND local_date IN (?)`,
      [CUSTOMER, dates],
    )
  ).map((r: Record<string, unknown>) => [
    CUSTOMER,
    r.d,
    r.booking_id,
    r.campaign_id,
    r.creative_id,
    r.channel_id,
    r.region,
    r.weekday,
    r.daypart,
    r.impressions,
  ]);
  const activity = await keepActivity(ds, dates, 1);

  await writeThenRead(ds, reach, MINUTES === 60 ? 'an hour of impressions' : `${MINUTES} minutes of impressions`, {
    batches: chunks(rows, BATCH).map((part) => ({ impressions: part, hits: [], controls: [], rejected: {} })),
    utc_hour: Number(hour),
    minutes: MINUTES,
    written: rows.length,
    sampled_households: new Set(rows.filter((r) => inReachSample(r.household)).map((r) => r.household)).size,
    dates,
  });

  // Out again, as one writer's transaction (a deletion: its days marked, so rebuilt whole).
  const t0 = performance.now();
  await ds.transaction('READ COMMITTED', async (tx) => {
    for (const part of chunks(rows, BATCH)) {
      const ids = part.map((r) => r.eventId);
      await tx.query('DELETE FROM touch WHERE impression_event_id IN (?)', [ids]);
      await tx.query('DELETE FROM impression_event WHERE event_id IN (?)', [ids]);
    }
    await tx.query('DELETE FROM impression_rollup WHERE customer_id = ? AND local_date IN (?)', [CUSTOMER, dates]);
    for (const part of chunks(rollup, BATCH))
      await tx.query(
        `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region,
                weekday, daypart, impressions) VALUES ?`,
        [part],
      );
    await activity(tx);
    await staleDays.writeMarks(tx, [
      ...dates.map((d): [number, staleDays.SummaryKind, string] => [CUSTOMER, staleDays.SUMMARY.impressions, d]),
      ...dates.flatMap((d) =>
        Array.from({ length: 9 }, (_, k): [number, staleDays.SummaryKind, string] => [
          CUSTOMER,
          staleDays.SUMMARY.visits,
          shift(d, k),
        ]),
      ),
    ]);
  });
  print({ step: 'impressions removed', ms: Math.round(performance.now() - t0) });
  print({ step: 'cold read after the removal', ...(await reach()) });
  const after = await counts();
  const same = JSON.stringify(before) === JSON.stringify(after);
  print({ step: 'impressions restored', before, after, same });
  if (!same) process.exit(2);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
