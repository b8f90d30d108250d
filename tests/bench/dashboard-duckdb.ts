import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Connection } from 'mysql2/promise';
import sanitizeHtml from 'sanitize-html';
import { COUNTRY_CENTRE, regionOf } from '../../gateway/src/geo/regions';
import { TemplateAnalysisWriter } from '../../gateway/src/modules/analytics/analysis/template-writer';
import { ROW_ORDER } from '../dashboard/compare';
import { pearson } from '../reference/metrics';

/**
 * The comparison of docs/design.md#performance-targets: DuckDB, in process, computing the dashboard numbers straight from the
 * raw events (impression_event, site_hit) — sessionising, finding touches and the activating touch
 * itself on every refresh, as a tool without the ETL's tables would have to — and answering them
 * in the shape of the 11 calls, so the bench can check the gateway's answers against them.
 *
 * Independent of the gateway's analytics: only the raw columns are exported (event id, household,
 * UTC time, region, booking and creative of the tag, and the booking's channel and cpm); local
 * date, weekday and daypart come from DuckDB's own time-zone support (ICU), sessions and touches
 * from DuckDB SQL below. Names (creative description and format, channel name, site tag
 * description) and the regions' display names and centroids are lookups, not computations.
 */
export interface BenchFilter {
  start: string;
  end: string;
  regions: string[];
  creatives: number[];
  dayparts: number[];
}

/** Names and the customer's zone, read once (not computed). */
export interface DuckNames {
  timeZone: string;
  country: string;
  creatives: Map<number, { description: string; format: string }>;
  channels: Map<number, string>;
  sites: Map<number, string>;
}

export interface DuckDb {
  con: DuckDBConnection;
  names: DuckNames;
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

/** Local date, ISO weekday and daypart (docs/design.md#identity-time-and-geography) of a UTC `ts` column, in DuckDB with ICU. */
const localColumns = (zone: string) => `
  CAST(lt AS DATE) AS local_date, CAST(isodow(lt) AS INTEGER) AS weekday,
  CASE WHEN m < 360 THEN 1 WHEN m < 540 THEN 2 WHEN m < 720 THEN 3 WHEN m < 840 THEN 4
       WHEN m < 1080 THEN 5 WHEN m < 1170 THEN 6 WHEN m < 1350 THEN 7 ELSE 8 END AS daypart
  FROM (SELECT *, hour(lt) * 60 + minute(lt) AS m
          FROM (SELECT *, timezone('${zone}', ts AT TIME ZONE 'UTC') AS lt FROM raw))`;

/** Exports the customer's raw events from MySQL to CSV and loads them into an in-memory DuckDB (once). */
export async function loadDuckDb(db: Connection, customerId: number, dir: string): Promise<DuckDb> {
  const [[customer]] = (await db.query('SELECT time_zone, country_code FROM customer WHERE id = ?', [
    customerId,
  ])) as any;
  const [creatives] = (await db.query('SELECT id, description, creative_format FROM creative WHERE customer_id = ?', [
    customerId,
  ])) as any;
  const [channels] = (await db.query(
    'SELECT DISTINCT c.id, c.channel_name FROM channel c JOIN booking b ON b.channel_id = c.id WHERE b.customer_id = ?',
    [customerId],
  )) as any;
  const [sites] = (await db.query('SELECT id, tag_description FROM site_tag WHERE customer_id = ?', [
    customerId,
  ])) as any;
  const names: DuckNames = {
    timeZone: customer.time_zone,
    country: customer.country_code,
    creatives: new Map(
      creatives.map((c: any) => [Number(c.id), { description: c.description, format: c.creative_format }]),
    ),
    channels: new Map(channels.map((c: any) => [Number(c.id), c.channel_name])),
    sites: new Map(sites.map((s: any) => [Number(s.id), s.tag_description])),
  };
  if (!/^[A-Za-z0-9_+\-/]+$/.test(names.timeZone)) throw new Error(`unexpected time zone ${names.timeZone}`);
  const impFile = `${dir}/impressions.csv`;
  const hitFile = `${dir}/hits.csv`;
  await exportCsv(
    db,
    `SELECT i.event_id, CAST(i.household_id AS CHAR) AS household, DATE_FORMAT(i.ts, '%Y-%m-%d %H:%i:%s.%f') AS ts,
            i.region, i.booking_id, i.creative_id, b.channel_id, b.cpm
       FROM impression_event i JOIN booking b ON b.id = i.booking_id WHERE i.customer_id = ?`,
    [customerId],
    impFile,
    (r) => [r.event_id, r.household, r.ts, r.region, r.booking_id, r.creative_id, r.channel_id, r.cpm].join(','),
  );
  await exportCsv(
    db,
    `SELECT event_id, CAST(household_id AS CHAR) AS household, DATE_FORMAT(ts, '%Y-%m-%d %H:%i:%s.%f') AS ts, site_tag_id
       FROM site_hit WHERE customer_id = ?`,
    [customerId],
    hitFile,
    (r) => [r.event_id, r.household, r.ts, r.site_tag_id].join(','),
  );
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const con = await instance.connect();
  await con.run(`CREATE TEMP VIEW raw AS SELECT * FROM read_csv('${impFile}', header=false, columns={
    'event_id':'VARCHAR','household':'UBIGINT','ts':'TIMESTAMP','region':'VARCHAR','booking_id':'INTEGER',
    'creative_id':'INTEGER','channel_id':'INTEGER','cpm':'DOUBLE'})`);
  await con.run(`CREATE TABLE imp AS SELECT * EXCLUDE (lt, m), ${localColumns(names.timeZone)}`);
  await con.run(`CREATE OR REPLACE TEMP VIEW raw AS SELECT * FROM read_csv('${hitFile}', header=false, columns={
    'event_id':'VARCHAR','household':'UBIGINT','ts':'TIMESTAMP','site_tag_id':'INTEGER'})`);
  await con.run(`CREATE TABLE hit AS SELECT event_id, household, ts, site_tag_id, ${localColumns(names.timeZone)}`);
  await con.run('DROP VIEW raw');
  return { con, names };
}

const list = (xs: (string | number)[]) => xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(',');
const div = (a: number, b: number) => (b === 0 ? 0 : a / b);
const HOUR_MS = 3_600_000;
const DAYPARTS = ['Night', 'Breakfast', 'Morning', 'Lunch', 'Afternoon', 'Access', 'Peak', 'Off-Peak'];
const COLUMNS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Rows sorted by their main number, highest first (docs/design.md#visits-and-attribution); ties by name, only to be deterministic. */
const byMain =
  <T>(main: (r: T) => number, name: (r: T) => string) =>
  (a: T, b: T) =>
    main(b) - main(a) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

async function rows(con: DuckDBConnection, sql: string): Promise<any[][]> {
  return (await con.runAndReadAll(sql)).getRows().map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
}

/**
 * Computes every dashboard number of one filter in DuckDB and answers them in the shape of the 11
 * calls (`answers`), with the elapsed milliseconds (SQL and answer assembly).
 */
export async function duckDbRefresh(
  duck: DuckDb,
  f: BenchFilter,
): Promise<{ ms: number; answers: Record<string, { table_data: any; summary_data: any }> }> {
  const { con, names } = duck;
  const t0 = performance.now();
  const impWhere = [
    `local_date BETWEEN DATE '${f.start}' AND DATE '${f.end}'`,
    f.regions.length ? `region IN (${list(f.regions)})` : '',
    f.creatives.length ? `creative_id IN (${list(f.creatives)})` : '',
    f.dayparts.length ? `daypart IN (${list(f.dayparts)})` : '',
  ]
    .filter(Boolean)
    .join(' AND ');
  // Sessions (30 min gap) from the hits around the range, then visits of the range. A session whose
  // real first hit lies before the 2-day margin would start there, more than a day before the
  // range's first local midnight, so it is left out by its date all the same; a visit in the range
  // only misses pages if it lasts past the margin after the range (no such sessions in this data).
  await con.run(`CREATE OR REPLACE TEMP TABLE v AS
    WITH h AS (SELECT *, CASE WHEN ts - LAG(ts) OVER w <= INTERVAL 30 MINUTE THEN 0 ELSE 1 END AS first
                 FROM hit WHERE ts BETWEEN TIMESTAMP '${f.start}' - INTERVAL 2 DAY AND TIMESTAMP '${f.end}' + INTERVAL 2 DAY
               WINDOW w AS (PARTITION BY household ORDER BY ts, event_id)),
         s AS (SELECT *, SUM(first) OVER (PARTITION BY household ORDER BY ts, event_id ROWS UNBOUNDED PRECEDING) AS sid FROM h)
    SELECT household, sid, MIN(ts) AS ts, arg_min(local_date, ts) AS local_date, list(DISTINCT site_tag_id) AS sites
      FROM s GROUP BY household, sid
    HAVING arg_min(local_date, ts) BETWEEN DATE '${f.start}' AND DATE '${f.end}'`);
  await con.run(`CREATE OR REPLACE TEMP TABLE fi AS SELECT * FROM imp WHERE ${impWhere}`);
  // Responses: visits with touches in I(F); views and the activating touch (latest; ties -> smaller id).
  await con.run(`CREATE OR REPLACE TEMP TABLE r AS
    SELECT *, epoch_ms(vts) - epoch_ms(ts) AS delay FROM (
      SELECT v.household, v.sid, v.ts AS vts, v.local_date AS vdate, v.sites, fi.*,
             COUNT(*) OVER (PARTITION BY v.household, v.sid) AS views,
             ROW_NUMBER() OVER (PARTITION BY v.household, v.sid ORDER BY fi.ts DESC, fi.event_id) AS rn
        FROM v JOIN fi ON fi.household = v.household AND fi.ts > v.ts - INTERVAL 7 DAY AND fi.ts <= v.ts)
    WHERE rn = 1`);
  const [
    [[impressions, spendCpm]],
    [[total]],
    impByDate,
    respByDate,
    [[h1, d1, w1]],
    byViews,
    impBySlot,
    respBySlot,
    respByRegion,
    respBySite,
    impByCell,
    respByCell,
  ] = [
    await rows(con, 'SELECT COUNT(*), COALESCE(SUM(cpm), 0) FROM fi'),
    await rows(con, 'SELECT COUNT(*) FROM r'),
    await rows(con, `SELECT strftime(local_date, '%Y-%m-%d'), COUNT(*) FROM fi GROUP BY 1`),
    await rows(
      con,
      `SELECT strftime(vdate, '%Y-%m-%d'), COUNT(*), COUNT(*) FILTER (WHERE delay <= ${24 * HOUR_MS}) FROM r GROUP BY 1`,
    ),
    await rows(
      con,
      `SELECT COUNT(*) FILTER (WHERE delay <= ${HOUR_MS}),
              COUNT(*) FILTER (WHERE delay > ${HOUR_MS} AND delay <= ${24 * HOUR_MS}),
              COUNT(*) FILTER (WHERE delay > ${24 * HOUR_MS}) FROM r`,
    ),
    await rows(con, 'SELECT views, COUNT(*) FROM r GROUP BY 1'),
    await rows(con, 'SELECT weekday, daypart, COUNT(*) FROM fi GROUP BY 1, 2'),
    await rows(con, 'SELECT weekday, daypart, COUNT(*) FROM r GROUP BY 1, 2'),
    await rows(con, 'SELECT region, COUNT(*) FROM r GROUP BY 1'),
    await rows(con, 'SELECT s, COUNT(*) FROM (SELECT unnest(sites) AS s FROM r) GROUP BY 1'),
    await rows(con, 'SELECT creative_id, channel_id, COUNT(*), SUM(cpm) FROM fi GROUP BY 1, 2'),
    await rows(con, 'SELECT creative_id, channel_id, COUNT(*) FROM r GROUP BY 1, 2'),
  ];

  // Answer assembly: ratios, names and row order of docs/design.md#visits-and-attribution over the DuckDB aggregates.
  const spend = spendCpm / 1000;
  const impression_summary = {
    table_data: [],
    summary_data: {
      Ad_Spend: spend,
      Actual_Impressions: impressions,
      Total_Responses: total,
      CPM_Actual: div(spend, impressions) * 1000,
      Response_Rate: div(total, impressions),
      Current_CPR: div(spend, total),
    },
  };

  const impOn = new Map<string, number>(impByDate.map(([d, n]) => [d, n]));
  const respOn = new Map<string, [number, number]>(respByDate.map(([d, n, same]) => [d, [n, same]]));
  const overRows: { Date: string; Total_Impressions: number; Same_Day: number; Total_Responses: number }[] = [];
  for (let t = Date.parse(`${f.start}T00:00:00Z`); t <= Date.parse(`${f.end}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    overRows.push({
      Date: d,
      Total_Impressions: impOn.get(d) ?? 0,
      Same_Day: respOn.get(d)?.[1] ?? 0,
      Total_Responses: respOn.get(d)?.[0] ?? 0,
    });
  }
  const responses_over_time = {
    table_data: overRows,
    summary_data: {
      correlation: pearson(
        overRows.map((r) => r.Total_Impressions),
        overRows.map((r) => r.Total_Responses),
      ),
    },
  };

  const visit_response_timing = {
    table_data: [],
    summary_data: {
      Hour_1: h1,
      Day_1: d1,
      Week_1: w1,
      Hour_1_Perc: div(h1, total),
      Day_1_Perc: div(d1, total),
      Week_1_Perc: div(w1, total),
    },
  };

  const views = byViews.map(([k, n]) => ({ Views: k as number, Impressions_Before_Visit: n as number }));
  views.sort((a, b) => b.Views - a.Views);
  let k80 = 0;
  let running = 0;
  for (const v of [...views].reverse()) {
    running += v.Impressions_Before_Visit;
    if (5 * running >= 4 * total) {
      k80 = v.Views;
      break;
    }
  }
  const impressions_before_visit = {
    table_data: views,
    summary_data: {
      Views_for_80_Percent: total === 0 ? 0 : k80,
      Total_Views_Occurrence: div(
        views.reduce((a, v) => a + v.Views * v.Impressions_Before_Visit, 0),
        total,
      ),
    },
  };

  const grid = (slots: any[][]) => {
    const cells = DAYPARTS.map(() => new Array<number>(7).fill(0));
    for (const [weekday, daypart, n] of slots) cells[daypart - 1][weekday % 7] += n;
    return cells;
  };
  const toRows = (cells: number[][], total: (i: number) => number) =>
    cells.map((row, i) => ({
      time: DAYPARTS[i],
      ...Object.fromEntries(COLUMNS.map((c, w) => [c, row[w]])),
      Total: total(i),
    }));
  const impCells = grid(impBySlot);
  const hitCells = grid(respBySlot);
  const rowSum = (cells: number[][], i: number) => cells[i].reduce((a, b) => a + b, 0);
  const impression_heatmap = {
    table_data: {
      impressions: toRows(impCells, (i) => rowSum(impCells, i)),
      webhits: toRows(hitCells, (i) => rowSum(hitCells, i)),
      response_ratio: toRows(
        impCells.map((row, i) => row.map((n, w) => div(hitCells[i][w], n))),
        (i) => div(rowSum(hitCells, i), rowSum(impCells, i)),
      ),
    },
    summary_data: {},
  };

  const centre = COUNTRY_CENTRE[names.country] ?? COUNTRY_CENTRE.NZ;
  const responses_by_region = {
    table_data: respByRegion
      .map(([code, n]) => ({
        Region: regionOf(code)?.name ?? code,
        Responses: n,
        Percentage: div(n, total),
        Latitude: regionOf(code)?.latitude ?? null,
        Longitude: regionOf(code)?.longitude ?? null,
      }))
      .sort(
        byMain(
          (r) => r.Responses,
          (r) => r.Region,
        ),
      ),
    summary_data: { centre_lat: centre.lat, centre_long: centre.long, zoom: centre.zoom },
  };

  const responses_by_site = {
    table_data: respBySite
      .map(([id, n]) => ({
        Site: names.sites.get(id) ?? `Site ${id}`,
        Responses: n,
        Response_Rate_Percent: div(n, impressions),
        CPR: div(spend, n),
      }))
      .sort(
        byMain(
          (r) => r.Responses,
          (r) => r.Site,
        ),
      ),
    summary_data: {},
  };

  const perCreative = new Map<number, { impressions: number; spend: number; responses: number }>();
  const creativeOf = (id: number) => {
    let c = perCreative.get(id);
    if (!c) perCreative.set(id, (c = { impressions: 0, spend: 0, responses: 0 }));
    return c;
  };
  for (const [creative, , n, cpm] of impByCell) {
    creativeOf(creative).impressions += n;
    creativeOf(creative).spend += cpm / 1000;
  }
  for (const [creative, , n] of respByCell) creativeOf(creative).responses += n;
  const creativeName = (id: number) => names.creatives.get(id)?.description ?? `Creative ${id}`;
  const creative_performance_summary = {
    table_data: [...perCreative]
      .map(([id, c]) => ({
        Creative: creativeName(id),
        Duration: names.creatives.get(id)?.format ?? '',
        Total_Impressions: c.impressions,
        Ad_Spend: c.spend,
        Total_Responses: c.responses,
        Response_Rate_Percent: div(c.responses, c.impressions),
        Current_CPR: div(c.spend, c.responses),
      }))
      .sort(
        byMain(
          (r) => r.Total_Responses,
          (r) => r.Creative,
        ),
      ),
    summary_data: {},
  };
  const creative_performance_cost = {
    table_data: [...perCreative]
      .map(([id, c]) => ({
        Creative: creativeName(id),
        Ad_Spend: c.spend,
        Total_Responses: c.responses,
        Current_CPR: div(c.spend, c.responses),
      }))
      .sort(
        byMain(
          (r) => r.Ad_Spend,
          (r) => r.Creative,
        ),
      ),
    summary_data: {},
  };

  const cells = new Map<string, { creative: number; channel: number; impressions: number; responses: number }>();
  const cellOf = (creative: number, channel: number) => {
    let c = cells.get(`${channel}:${creative}`);
    if (!c) cells.set(`${channel}:${creative}`, (c = { creative, channel, impressions: 0, responses: 0 }));
    return c;
  };
  for (const [creative, channel, n] of impByCell) cellOf(creative, channel).impressions += n;
  for (const [creative, channel, n] of respByCell) cellOf(creative, channel).responses += n;
  const platform_creative_performance = {
    table_data: [...cells.values()]
      .map((c) => ({
        Platform: names.channels.get(c.channel) ?? `Channel ${c.channel}`,
        Creative: creativeName(c.creative),
        Impressions_Perc: div(c.impressions, impressions),
        Responses_Perc: div(c.responses, total),
      }))
      .sort(
        byMain(
          (r) => r.Responses_Perc,
          (r) => `${r.Platform}\u0000${r.Creative}`,
        ),
      ),
    summary_data: {},
  };

  // analysis is prose, not numbers: DuckDB's figures written by the gateway's template writer and
  // sanitised as the call does, so the check is that the text quotes the same figures.
  const written = await new TemplateAnalysisWriter().write({
    start: f.start,
    end: f.end,
    summary: impression_summary.summary_data,
    correlation: responses_over_time.summary_data.correlation,
    creatives: creative_performance_summary.table_data,
    heatmap: impression_heatmap.table_data as any,
    regions: responses_by_region.table_data,
    timing: visit_response_timing.summary_data,
    viewsFor80Percent: impressions_before_visit.summary_data.Views_for_80_Percent,
    meanViews: impressions_before_visit.summary_data.Total_Views_Occurrence,
  });
  const safe: sanitizeHtml.IOptions = {
    allowedTags: ['p', 'strong', 'em', 'ul', 'ol', 'li', 'br'],
    allowedAttributes: {},
  };
  const analysis = {
    table_data: [],
    summary_data: Object.fromEntries(Object.entries(written).map(([k, html]) => [k, sanitizeHtml(html, safe)])),
  };

  return {
    ms: performance.now() - t0,
    answers: {
      impression_summary,
      impressions_before_visit,
      responses_by_region,
      responses_by_site,
      responses_over_time,
      visit_response_timing,
      platform_creative_performance,
      creative_performance_summary,
      creative_performance_cost,
      impression_heatmap,
      analysis,
    },
  };
}

/**
 * The first difference between the gateway's answer to a call and DuckDB's, as
 * `call.table_data[row].field: gateway x, duckdb y`; null when they agree. Numbers are returned unrounded (docs/design.md#visits-and-attribution), so they
 * must agree up to the order of floating-point sums (relative 1e-9); strings exactly. Rows are
 * matched by their name (ties in the main number may come in either order), rows whose numbers are
 * all zero may be left out by either side, and the gateway's rows must be sorted by the main number.
 */
export function firstDifference(call: string, gateway: any, duck: any): string | null {
  if (call === 'analysis') {
    for (const k of new Set([...Object.keys(duck.summary_data), ...Object.keys(gateway?.summary_data ?? {})])) {
      const diff = textDifference(gateway?.summary_data?.[k], duck.summary_data[k]);
      if (diff) return `analysis.summary_data.${k}: ${diff}`;
    }
    return differ(gateway?.table_data, duck.table_data, 'analysis.table_data');
  }
  const order = ROW_ORDER[call];
  if (order) {
    const rows: any[] = gateway?.table_data ?? [];
    for (let i = 1; i < rows.length; i++) {
      if (rows[i - 1][order.main] < rows[i][order.main])
        return `${call}.table_data[${i}]: rows not sorted by ${order.main}`;
    }
    const nonZero = (list: any[]) => list.filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0));
    const byKey = (list: any[]) => new Map(nonZero(list).map((r) => [order.key(r), r]));
    const g = byKey(rows);
    const d = byKey(duck.table_data);
    for (const [key, row] of d) {
      const diff = differ(g.get(key), row, `${call}.table_data[${key}]`);
      if (diff) return diff;
    }
    for (const key of g.keys())
      if (!d.has(key)) return `${call}.table_data[${key}]: in the gateway's answer, not DuckDB's`;
    return differ(gateway?.summary_data, duck.summary_data, `${call}.summary_data`);
  }
  return differ(gateway, duck, call);
}

/**
 * The analysis quotes the figures rounded for reading ($6,736.07, 7.2%): the same words, and each
 * quoted number within one unit of its last digit, since a figure on a rounding boundary (an exact
 * spend of $6,736.075 summed in another order) may round either way on either side.
 */
function textDifference(actual: unknown, expected: string): string | null {
  const number = /\d[\d,]*(?:\.\d+)?/g;
  const words = (t: string) => t.replace(number, '#');
  const numbers = (t: string) => t.match(number) ?? [];
  if (typeof actual !== 'string' || words(actual) !== words(expected)) {
    return `gateway ${JSON.stringify(actual)}, duckdb ${JSON.stringify(expected)}`;
  }
  const a = numbers(actual);
  const e = numbers(expected);
  for (let i = 0; i < e.length; i++) {
    const unit = 10 ** -(e[i].split('.')[1]?.length ?? 0);
    if (Math.abs(Number(a[i].replace(/,/g, '')) - Number(e[i].replace(/,/g, ''))) > unit * 1.000001) {
      return `gateway ${JSON.stringify(actual)}, duckdb ${JSON.stringify(expected)}`;
    }
  }
  return null;
}

function differ(actual: unknown, expected: unknown, path: string): string | null {
  if (typeof expected === 'number') {
    const close = typeof actual === 'number' && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
    return close ? null : `${path}: gateway ${JSON.stringify(actual)}, duckdb ${expected}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: gateway ${JSON.stringify(actual)?.slice(0, 200)}, duckdb an array`;
    for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
      const key = expected[i]?.Date ?? expected[i]?.time ?? actual[i]?.Date ?? actual[i]?.time ?? i;
      const diff = differ(actual[i], expected[i], `${path}[${key}]`);
      if (diff) return diff;
    }
    return null;
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return `${path}: gateway ${JSON.stringify(actual)}, duckdb an object`;
    for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const diff = differ((actual as any)[k], (expected as any)[k], `${path}.${k}`);
      if (diff) return diff;
    }
    return null;
  }
  return actual === expected ? null : `${path}: gateway ${JSON.stringify(actual)}, duckdb ${JSON.stringify(expected)}`;
}
