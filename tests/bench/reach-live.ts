/**
 * node -r @swc-node/register tests/bench/reach-live.ts — what a day of live visits costs the next
 * reach read (issue 16), on an already loaded bench database (default bench:dashboard's 10M one, its
 * busy customer). Brings the household sample of the 30 days ending on the data's last day up to date,
 * then writes a day of new visits through the ETL's own transaction (writeBatch): the visits of the
 * day a week before the last, each moved 7 days later (one new hit each, skipped when the household
 * has a visit within an hour of it, so every new hit is a visit of its own). Times the next cold
 * 30-day reach_frequency call and the one after. Then takes every written row out again (hits, visits,
 * pages, touches, daily_activity restored; the changed days marked and the households noted, as a
 * writer deleting them would), times the read after that too, and checks the customer's hit and visit
 * counts are back: bench:dashboard compares its answers with DuckDB over the raw events.
 * Prints JSON lines, with the load average.
 */
import { loadavg } from 'node:os';
import { crc32 } from 'node:zlib';
import { migrate } from '../../gateway/src/db/migrate';
import type { SiteHitRow } from '../../gateway/src/etl/rows';
import * as staleDays from '../../gateway/src/etl/stale-days';
import { writeBatch } from '../../gateway/src/etl/writer';
import { reachFrequency } from '../../gateway/src/modules/analytics/calls/reach-frequency';
import { DashboardData } from '../../gateway/src/modules/analytics/dashboard-data';
import { rangeFilter } from '../../gateway/src/modules/analytics/filter';
import { REACH_SAMPLE_MIN_IMPRESSIONS } from '../../gateway/src/modules/analytics/reach-estimate';
import { dashboardFlights } from '../../gateway/src/modules/analytics/single-flight';
import { localParts } from '../../gateway/src/shared/time';

const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
const DATABASE = process.env.BENCH_DATABASE ?? 'infinitum_bench_dashboard_10000000';
const CUSTOMER = Number(process.env.BENCH_CUSTOMER_ID ?? 1);
const BATCH = 2000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const print = (o: Record<string, unknown>) =>
  console.log(JSON.stringify({ bench: 'reach-live', load: loadavg().map((l) => Number(l.toFixed(2))), ...o }));
const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
// reach_exposure's households (CRC32 mod 256 below 64), here so that the code before this change runs it too.
const inReachSample = (household: string) => crc32(household) % 256 < 64;
const sqlTs = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

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
  const counts = async () => {
    const [r] = await q(
      `SELECT (SELECT COUNT(*) FROM site_hit WHERE customer_id = ?) AS hits,
              (SELECT COUNT(*) FROM visit WHERE customer_id = ?) AS visits`,
      [CUSTOMER, CUSTOMER],
    );
    return { hits: Number(r.hits), visits: Number(r.visits) };
  };
  print({ step: 'warm', start, end, ...(await reach()) });
  print({ step: 'warm again', ...(await reach()) });
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
  for (let i = 0; i < candidates.length; i += BATCH) {
    const part = candidates.slice(i, i + BATCH);
    const rows: { hh: string }[] = await q(
      `SELECT DISTINCT CAST(household_id AS CHAR) AS hh FROM visit WHERE customer_id = ? AND (${part
        .map(() => '(household_id = ? AND start_ts <= ? AND end_ts >= ?)')
        .join(' OR ')})`,
      [CUSTOMER, ...part.flatMap((c) => [BigInt(c.hh), sqlTs(c.ts + HOUR_MS), sqlTs(c.ts - HOUR_MS)])],
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
  const activity: { d: string; subject_id: number; hits: number }[] = await q(
    `SELECT DATE_FORMAT(local_date, '%Y-%m-%d') AS d, subject_id, hits FROM daily_activity
      WHERE local_date IN (?) AND customer_id = ? AND subject = 2`,
    [dates, CUSTOMER],
  );

  let t0 = performance.now();
  for (let i = 0; i < hits.length; i += BATCH)
    await writeBatch(ds, { impressions: [], hits: hits.slice(i, i + BATCH), controls: [], rejected: {} });
  print({
    step: 'etl',
    visits_of_day_before: week.length,
    written: hits.length,
    sampled_households: hits.filter((h) => inReachSample(h.household)).length,
    dates,
    ms: Math.round(performance.now() - t0),
  });
  print({ step: 'cold read after a day of visits', ...(await reach()) });
  print({ step: 'next read', ...(await reach()) });

  // Out again, as one writer's transaction.
  t0 = performance.now();
  await ds.transaction('READ COMMITTED', async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < hits.length; i += BATCH) {
      const part = hits.slice(i, i + BATCH);
      const rows: { id: number }[] = await tx.query(
        `SELECT id FROM visit WHERE customer_id = ? AND (${part.map(() => '(household_id = ? AND start_ts = ?)').join(' OR ')})`,
        [CUSTOMER, ...part.flatMap((h) => [BigInt(h.household), sqlTs(h.ts)])],
      );
      ids.push(...rows.map((r) => Number(r.id)));
    }
    for (let i = 0; i < ids.length; i += BATCH) {
      const part = ids.slice(i, i + BATCH);
      for (const table of ['touch', 'visit_page']) await tx.query(`DELETE FROM ${table} WHERE visit_id IN (?)`, [part]);
      await tx.query('DELETE FROM visit WHERE id IN (?)', [part]);
    }
    for (let i = 0; i < hits.length; i += BATCH)
      await tx.query('DELETE FROM site_hit WHERE event_id IN (?)', [hits.slice(i, i + BATCH).map((h) => h.eventId)]);
    await tx.query('DELETE FROM daily_activity WHERE local_date IN (?) AND customer_id = ? AND subject = 2', [
      dates,
      CUSTOMER,
    ]);
    if (activity.length > 0)
      await tx.query('INSERT INTO daily_activity (local_date, customer_id, subject, subject_id, hits) VALUES ?', [
        activity.map((a) => [a.d, CUSTOMER, 2, a.subject_id, a.hits]),
      ]);
    await staleDays.writeMarks(
      tx,
      dates.map((d) => [CUSTOMER, staleDays.SUMMARY.visits, d]),
    );
    // The code before this change has no notes: its visit marks rebuild the days around.
    const note = (staleDays as Partial<typeof staleDays>).noteReachVisits;
    if (note) {
      const sampled = hits.filter((h) => inReachSample(h.household));
      await note(
        tx,
        CUSTOMER,
        new Map(
          sampled.map((h) => [
            h.household,
            { first: localParts(h.ts, timeZone).date, last: localParts(h.ts, timeZone).date },
          ]),
        ),
      );
    }
  });
  print({ step: 'removed', ms: Math.round(performance.now() - t0) });
  print({ step: 'cold read after the removal', ...(await reach()) });
  const after = await counts();
  print({ step: 'restored', before, after, same: before.hits === after.hits && before.visits === after.visits });
  await ds.destroy();
  if (before.hits !== after.hits || before.visits !== after.visits) process.exit(2);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
