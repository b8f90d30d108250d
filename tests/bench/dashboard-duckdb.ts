import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Connection } from 'mysql2/promise';
import { localParts } from '../reference/sessions';

/**
 * The comparison of DESIGN 6: DuckDB, in process, computing the dashboard numbers straight from the
 * raw events (impression_event, site_hit) — sessionising, finding touches and the activating touch
 * itself on every refresh, as a tool without the ETL's tables would have to.
 */
export interface BenchFilter {
  start: string;
  end: string;
  regions: string[];
  creatives: number[];
  dayparts: number[];
}

async function exportCsv(db: Connection, sql: string, params: unknown[], file: string, line: (r: any) => string) {
  const out = createWriteStream(file);
  const raw = (db as unknown as { connection: { query: (s: string, p: unknown[]) => any } }).connection;
  const stream = raw.query(sql, params).stream({ highWaterMark: 10_000 });
  for await (const row of stream) {
    if (!out.write(line(row) + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Exports the customer's raw events from MySQL to CSV and loads them into an in-memory DuckDB (once). */
export async function loadDuckDb(db: Connection, customerId: number, dir: string): Promise<DuckDBConnection> {
  const impFile = `${dir}/impressions.csv`;
  const hitFile = `${dir}/hits.csv`;
  await exportCsv(
    db,
    `SELECT i.event_id, CAST(i.household_id AS CHAR) AS household, DATE_FORMAT(i.ts, '%Y-%m-%d %H:%i:%s.%f') AS ts,
            i.local_date, i.weekday, i.daypart, i.region, i.booking_id, i.campaign_id, i.creative_id, i.channel_id, b.cpm
       FROM impression_event i JOIN booking b ON b.id = i.booking_id WHERE i.customer_id = ?`,
    [customerId],
    impFile,
    (r) =>
      [
        r.event_id,
        r.household,
        r.ts,
        r.local_date,
        r.weekday,
        r.daypart,
        r.region,
        r.booking_id,
        r.campaign_id,
        r.creative_id,
        r.channel_id,
        r.cpm,
      ].join(','),
  );
  // Visit local dates need the customer's zone; the raw hit has none, so the export adds it.
  const dates = new Map<number, string>();
  const localDate = (ms: number) => {
    const slot = Math.floor(ms / 900_000);
    let d = dates.get(slot);
    if (!d) dates.set(slot, (d = localParts(slot * 900_000, 'Pacific/Auckland').date));
    return d;
  };
  await exportCsv(
    db,
    `SELECT event_id, CAST(household_id AS CHAR) AS household, DATE_FORMAT(ts, '%Y-%m-%d %H:%i:%s.%f') AS ts, site_tag_id
       FROM site_hit WHERE customer_id = ?`,
    [customerId],
    hitFile,
    (r) =>
      [r.event_id, r.household, r.ts, localDate(Date.parse(`${r.ts.replace(' ', 'T')}Z`)), r.site_tag_id].join(','),
  );
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const con = await instance.connect();
  await con.run(`CREATE TABLE imp AS SELECT * FROM read_csv('${impFile}', header=false, columns={
    'event_id':'VARCHAR','household':'UBIGINT','ts':'TIMESTAMP','local_date':'DATE','weekday':'INTEGER','daypart':'INTEGER',
    'region':'VARCHAR','booking_id':'INTEGER','campaign_id':'INTEGER','creative_id':'INTEGER','channel_id':'INTEGER','cpm':'DOUBLE'})`);
  await con.run(`CREATE TABLE hit AS SELECT * FROM read_csv('${hitFile}', header=false, columns={
    'event_id':'VARCHAR','household':'UBIGINT','ts':'TIMESTAMP','local_date':'DATE','site_tag_id':'INTEGER'})`);
  return con;
}

const list = (xs: (string | number)[]) => xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',');

/** Computes every dashboard number of one filter in DuckDB; answers the elapsed milliseconds. */
export async function duckDbRefresh(con: DuckDBConnection, f: BenchFilter): Promise<{ ms: number; responses: number }> {
  const t0 = performance.now();
  const impWhere = [
    `local_date BETWEEN DATE '${f.start}' AND DATE '${f.end}'`,
    f.regions.length ? `region IN (${list(f.regions)})` : '',
    f.creatives.length ? `creative_id IN (${list(f.creatives)})` : '',
    f.dayparts.length ? `daypart IN (${list(f.dayparts)})` : '',
  ]
    .filter(Boolean)
    .join(' AND ');
  // Sessions (30 min gap) from the hits around the range, then visits of the range.
  await con.run(`CREATE OR REPLACE TEMP TABLE v AS
    WITH h AS (SELECT *, CASE WHEN ts - LAG(ts) OVER w <= INTERVAL 30 MINUTE THEN 0 ELSE 1 END AS first
                 FROM hit WHERE ts BETWEEN TIMESTAMP '${f.start}' - INTERVAL 2 DAY AND TIMESTAMP '${f.end}' + INTERVAL 2 DAY
               WINDOW w AS (PARTITION BY household ORDER BY ts, event_id)),
         s AS (SELECT *, SUM(first) OVER (PARTITION BY household ORDER BY ts, event_id ROWS UNBOUNDED PRECEDING) AS sid FROM h)
    SELECT household, sid, MIN(ts) AS ts, arg_min(local_date, ts) AS local_date, list(DISTINCT site_tag_id) AS sites
      FROM s GROUP BY household, sid
    HAVING arg_min(local_date, ts) BETWEEN DATE '${f.start}' AND DATE '${f.end}'`);
  await con.run(`CREATE OR REPLACE TEMP TABLE fi AS SELECT * FROM imp WHERE ${impWhere}`);
  // Touches in I(F), views and the activating touch (latest; ties -> smaller id).
  await con.run(`CREATE OR REPLACE TEMP TABLE r AS
    SELECT * FROM (
      SELECT v.household, v.sid, v.ts AS vts, v.local_date AS vdate, v.sites, fi.*,
             COUNT(*) OVER (PARTITION BY v.household, v.sid) AS views,
             ROW_NUMBER() OVER (PARTITION BY v.household, v.sid ORDER BY fi.ts DESC, fi.event_id) AS rn
        FROM v JOIN fi ON fi.household = v.household AND fi.ts > v.ts - INTERVAL 7 DAY AND fi.ts <= v.ts)
    WHERE rn = 1`);
  const queries = [
    'SELECT COUNT(*), SUM(cpm) / 1000 FROM fi',
    'SELECT COUNT(*) FROM r',
    'SELECT local_date, COUNT(*) FROM fi GROUP BY 1',
    `SELECT vdate, COUNT(*), COUNT(*) FILTER (WHERE vts - ts <= INTERVAL 24 HOUR) FROM r GROUP BY 1`,
    `SELECT COUNT(*) FILTER (WHERE vts - ts <= INTERVAL 1 HOUR), COUNT(*) FILTER (WHERE vts - ts > INTERVAL 1 HOUR AND vts - ts <= INTERVAL 24 HOUR), COUNT(*) FILTER (WHERE vts - ts > INTERVAL 24 HOUR) FROM r`,
    'SELECT views, COUNT(*) FROM r GROUP BY 1',
    'SELECT weekday, daypart, COUNT(*) FROM fi GROUP BY 1, 2',
    'SELECT weekday, daypart, COUNT(*) FROM r GROUP BY 1, 2',
    'SELECT region, COUNT(*) FROM r GROUP BY 1',
    'SELECT s, COUNT(*) FROM (SELECT unnest(sites) AS s FROM r) GROUP BY 1',
    'SELECT creative_id, channel_id, COUNT(*), SUM(cpm) / 1000 FROM fi GROUP BY 1, 2',
    'SELECT creative_id, channel_id, COUNT(*) FROM r GROUP BY 1, 2',
  ];
  let responses = 0;
  for (const q of queries) {
    const reader = await con.runAndReadAll(q);
    if (q === 'SELECT COUNT(*) FROM r') responses = Number(reader.getRows()[0][0]);
  }
  return { ms: performance.now() - t0, responses };
}
