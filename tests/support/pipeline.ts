import { randomBytes } from 'node:crypto';
import type { RefHit, RefImpression, RefVisit } from '../reference/types';
import { makeUser } from './actors';
import { call, type Reply } from './http';
import { startTestGateway, type TestGateway } from './gateway';

/**
 * Pushing events through the real pipeline (POST /api/ingest/events -> Redis stream -> ETL -> MySQL)
 * and reading the result back, for the pipeline and dashboard suites.
 */

/** A gateway that also runs the ETL worker in-process (WORKER=1). */
export function startPipelineGateway(env: Record<string, string> = {}): Promise<TestGateway> {
  return startTestGateway({ WORKER: '1', ...env });
}

/** A valid super admin access token for the gateway (bulk ingest and status need it). */
export async function superAdminToken(t: TestGateway): Promise<string> {
  const { token } = await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true });
  return token;
}

export interface WorldImpressionTag {
  id: number;
  key: string;
  bookingId: number;
  campaignId: number;
  creativeId: number;
  channelId: number;
  cpm: number;
}
export interface WorldSiteTag {
  id: number;
  key: string;
}
export interface WorldCustomer {
  id: number;
  timeZone: string;
  impressionTags: WorldImpressionTag[];
  siteTags: WorldSiteTag[];
}

const tagKey = () => randomBytes(12).toString('base64url');

/**
 * Inserts a customer with its campaign, channels, bookings, creatives, impression tags and site tags
 * straight into the database (the management services are other suites' business).
 */
export async function seedCustomer(
  t: TestGateway,
  opts: { name?: string; timeZone?: string; bookings?: number; creativesPerBooking?: number; siteTags?: number } = {},
): Promise<WorldCustomer> {
  const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);
  const timeZone = opts.timeZone ?? 'Pacific/Auckland';
  const customer: { insertId: number } = await q(
    'INSERT INTO customer (cust_name, country_code, time_zone) VALUES (?, ?, ?)',
    [opts.name ?? `Customer ${tagKey().slice(0, 6)}`, 'NZ', timeZone],
  );
  const customerId = customer.insertId;
  const campaign: { insertId: number } = await q(
    "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, 'Campaign', '2024-01-01', '2030-12-31')",
    [customerId],
  );
  const impressionTags: WorldImpressionTag[] = [];
  for (let b = 0; b < (opts.bookings ?? 2); b++) {
    const channel: { insertId: number } = await q(
      "INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', 1)",
      [`Channel ${b + 1}`],
    );
    const cpm = 10 + b * 5;
    const booking: { insertId: number } = await q(
      "INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, cpm, start_date, end_date) VALUES (?, ?, ?, ?, ?, '2024-01-01', '2030-12-31')",
      [customerId, campaign.insertId, channel.insertId, `Booking ${b + 1}`, cpm],
    );
    for (let c = 0; c < (opts.creativesPerBooking ?? 2); c++) {
      const creative: { insertId: number } = await q(
        "INSERT INTO creative (customer_id, description, creative_format) VALUES (?, ?, '30s')",
        [customerId, `Creative ${b + 1}.${c + 1}`],
      );
      await q('INSERT INTO booking_creative (booking_id, creative_id) VALUES (?, ?)', [
        booking.insertId,
        creative.insertId,
      ]);
      const key = tagKey();
      const tag: { insertId: number } = await q(
        'INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?)',
        [customerId, booking.insertId, creative.insertId, key],
      );
      impressionTags.push({
        id: tag.insertId,
        key,
        bookingId: booking.insertId,
        campaignId: campaign.insertId,
        creativeId: creative.insertId,
        channelId: channel.insertId,
        cpm,
      });
    }
  }
  const siteTags: WorldSiteTag[] = [];
  for (let s = 0; s < (opts.siteTags ?? 2); s++) {
    const key = tagKey();
    const tag: { insertId: number } = await q(
      'INSERT INTO site_tag (customer_id, tag_description, tag_key, main_site_tag) VALUES (?, ?, ?, ?)',
      [customerId, s === 0 ? 'Home page' : `Page ${s + 1}`, key, s === 0 ? 1 : 0],
    );
    siteTags.push({ id: tag.insertId, key });
  }
  return { id: customerId, timeZone, impressionTags, siteTags };
}

/** One NDJSON line of docs/design.md#collection. */
export interface IngestLine {
  type: 'impression' | 'visit';
  tag: string;
  ts: string;
  ip?: string;
  household?: string;
  region?: string;
  url?: string;
  id?: string;
  /** docs/design.md#reach-frequency-and-lift: a control (holdout) impression. */
  control?: boolean;
}

export interface IngestAnswer {
  accepted: number;
  rejected: number;
  errors: { line: number; reason: string }[];
}

/** POST /api/ingest/events with the lines as NDJSON (strings are sent as they are). */
export function ingest(
  t: TestGateway,
  token: string | undefined,
  lines: (IngestLine | string)[],
): Promise<Reply<IngestAnswer>> {
  const body = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
  return call<IngestAnswer>(t.url, 'POST', '/api/ingest/events', {
    token,
    rawBody: body,
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

/** GET /api/ingest/status. */
export async function ingestStatus(t: TestGateway, token: string): Promise<Record<string, any>> {
  const r = await call(t.url, 'GET', '/api/ingest/status', { token });
  if (r.status !== 200) throw new Error(`ingest status answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Polls the status until `idle: true` (everything accepted so far is committed). */
export async function waitForIdle(t: TestGateway, token: string, timeoutMs = 60_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  let last: Record<string, any> = {};
  while (Date.now() < deadline) {
    last = await ingestStatus(t, token);
    if (last.idle === true) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pipeline not idle after ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Sends lines in chunks and waits until the pipeline is idle; answers the summed ingest answers. */
export async function ingestAndSettle(
  t: TestGateway,
  token: string,
  lines: (IngestLine | string)[],
  chunk = 5000,
): Promise<IngestAnswer> {
  const total: IngestAnswer = { accepted: 0, rejected: 0, errors: [] };
  for (let i = 0; i < lines.length; i += chunk) {
    const r = await ingest(t, token, lines.slice(i, i + chunk));
    if (r.status !== 200) throw new Error(`ingest answered ${r.status}: ${JSON.stringify(r.body)}`);
    total.accepted += r.body.accepted;
    total.rejected += r.body.rejected;
    total.errors.push(...r.body.errors.map((e) => ({ line: e.line + i, reason: e.reason })));
  }
  await waitForIdle(t, token);
  return total;
}

/** The NDJSON line of a reference impression (household given, region overridden). */
export function impressionLine(imp: RefImpression, tagKeyOf: (imp: RefImpression) => string): IngestLine {
  return {
    type: 'impression',
    tag: tagKeyOf(imp),
    ts: new Date(imp.ts).toISOString(),
    household: imp.household,
    region: imp.region,
    id: imp.id,
  };
}

/** The NDJSON line of a reference site hit. */
export function hitLine(hit: RefHit, tagKeyOf: (hit: RefHit) => string): IngestLine {
  return {
    type: 'visit',
    tag: tagKeyOf(hit),
    ts: new Date(hit.ts).toISOString(),
    household: hit.household,
    region: hit.region,
    id: hit.id,
    url: `https://shop.example/p/${hit.siteTagId}`,
  };
}

/** A stored visit with its pages and touches, in the reference's shape and order. */
export interface StoredVisit extends Omit<RefVisit, 'touches'> {
  id: number;
  localDate: string;
  touches: { id: string; ts: number }[];
}

const ms = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(`${d.replace(' ', 'T')}Z`));

/** Visits of a customer as the ETL stored them, ordered like `sessionise` (customer, household, time). */
export async function storedVisits(t: TestGateway, customerId: number): Promise<StoredVisit[]> {
  const q = t.gateway.app.ds;
  const visits: { id: string; household_id: string; start_ts: Date; local_date: string; region: string }[] =
    await q.query(
      `SELECT id, CAST(household_id AS CHAR) AS household_id, start_ts, DATE_FORMAT(local_date, '%Y-%m-%d') AS local_date, region
       FROM visit WHERE customer_id = ?`,
      [customerId],
    );
  const pages: { visit_id: string; site_tag_id: number }[] = await q.query(
    'SELECT visit_id, site_tag_id FROM visit_page WHERE customer_id = ?',
    [customerId],
  );
  const touches: { visit_id: string; impression_event_id: string; impression_ts: Date }[] = await q.query(
    'SELECT visit_id, impression_event_id, impression_ts FROM touch WHERE customer_id = ?',
    [customerId],
  );
  const byId = new Map<string, StoredVisit>();
  for (const v of visits) {
    byId.set(String(v.id), {
      id: Number(v.id),
      customerId,
      household: v.household_id,
      ts: ms(v.start_ts),
      localDate: v.local_date,
      region: v.region,
      siteTagIds: [],
      touches: [],
    });
  }
  for (const p of pages) byId.get(String(p.visit_id))?.siteTagIds.push(Number(p.site_tag_id));
  for (const tch of touches) {
    byId.get(String(tch.visit_id))?.touches.push({ id: tch.impression_event_id, ts: ms(tch.impression_ts) });
  }
  const list = [...byId.values()];
  for (const v of list) {
    v.siteTagIds.sort((a, b) => a - b);
    v.touches.sort((a, b) => a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return list.sort((a, b) => (a.household < b.household ? -1 : a.household > b.household ? 1 : 0) || a.ts - b.ts);
}
