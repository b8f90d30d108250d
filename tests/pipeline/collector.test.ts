import { createHmac } from 'node:crypto';
import { BROWSER_UA } from '../support/browser-agent';
import { gzipSync } from 'node:zlib';
import { makeUser } from '../support/actors';
import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import {
  ingest,
  ingestStatus,
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';

/** The collection contract of docs/design.md#collection as an ad server, a web page and a bulk sender see it. */
let t: TestGateway;
let proxied: TestGateway;
let token: string;
let world: WorldCustomer;

beforeAll(async () => {
  t = await startPipelineGateway();
  proxied = await startPipelineGateway({ TRUSTED_PROXIES: '127.0.0.1', INGEST_BODY_LIMIT: '2kb' });
  token = await superAdminToken(t);
  world = await seedCustomer(t);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const householdOf = (salt: string, ip: string) =>
  createHmac('sha256', salt).update(ip).digest().readBigUInt64BE(0).toString();

async function pixel(base: string, path: string, headers: Record<string, string> = {}) {
  // A browser's agent unless the test says otherwise: Node's own (`node`) is a bot (docs/invalid-traffic.md).
  const res = await fetch(base + path, { headers: { 'user-agent': BROWSER_UA, ...headers } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

function expectGif(r: { status: number; headers: Headers; body: Buffer }) {
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('image/gif');
  expect(r.headers.get('cache-control')).toContain('no-store');
  expect(r.body.length).toBe(43);
  expect(r.body.subarray(0, 6).toString()).toBe('GIF89a');
}

const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);

test('an impression pixel answers the GIF and stores the impression with the IP-derived household', async () => {
  const tag = world.impressionTags[0];
  expectGif(await pixel(t.url, `/t/i/${tag.key}?cb=123`));
  await waitForIdle(t, token);
  const rows = await q(
    'SELECT CAST(household_id AS CHAR) AS hh, booking_id, creative_id, channel_id, region FROM impression_event WHERE impression_tag_id = ?',
    [tag.id],
  );
  expect(rows).toEqual([
    {
      hh: householdOf(t.config.HOUSEHOLD_SALT, '127.0.0.1'),
      booking_id: tag.bookingId,
      creative_id: tag.creativeId,
      channel_id: tag.channelId,
      region: 'UNK',
    },
  ]);
});

test('hh and r override the household and the region', async () => {
  const tag = world.impressionTags[1];
  expectGif(await pixel(t.url, `/t/i/${tag.key}?hh=18446744073709551615&r=WGN`));
  await waitForIdle(t, token);
  const rows = await q(
    'SELECT CAST(household_id AS CHAR) AS hh, region FROM impression_event WHERE impression_tag_id = ?',
    [tag.id],
  );
  expect(rows).toEqual([{ hh: '18446744073709551615', region: 'WGN' }]);
});

test('unknown and malformed keys still answer the GIF, are counted as rejected and never stored', async () => {
  const before = await ingestStatus(t, token);
  const count = async () =>
    Number((await q('SELECT (SELECT COUNT(*) FROM impression_event) + (SELECT COUNT(*) FROM site_hit) AS n'))[0].n);
  const stored = await count();
  expectGif(await pixel(t.url, '/t/i/NoSuchTagKey123'));
  expectGif(await pixel(t.url, '/t/v/NoSuchSiteKey?u=https%3A%2F%2Fx.example'));
  expectGif(await pixel(t.url, '/t/i/bad%20key!'));
  const after = await waitForIdle(t, token);
  expect((after.rejected_by_reason.unknown_tag ?? 0) - (before.rejected_by_reason.unknown_tag ?? 0)).toBe(2);
  expect((after.rejected_by_reason.bad_key ?? 0) - (before.rejected_by_reason.bad_key ?? 0)).toBe(1);
  expect(await count()).toBe(stored);
});

test('a site pixel stores the page URL and makes a visit; the site script sends it', async () => {
  const site = world.siteTags[0];
  const u = encodeURIComponent('https://shop.example/cart');
  const ref = encodeURIComponent('https://news.example/');
  expectGif(await pixel(t.url, `/t/v/${site.key}?u=${u}&ref=${ref}&hh=77`));
  await waitForIdle(t, token);
  expect(await q('SELECT url FROM site_hit WHERE site_tag_id = ?', [site.id])).toEqual([
    { url: 'https://shop.example/cart' },
  ]);
  const visits = await q('SELECT CAST(household_id AS CHAR) AS hh, hits FROM visit WHERE customer_id = ?', [world.id]);
  expect(visits).toEqual([{ hh: '77', hits: 1 }]);
  const [tag] = await q('SELECT ping_count, ping_date FROM site_tag WHERE id = ?', [site.id]);
  expect(tag.ping_count).toBe(1);
  expect(tag.ping_date).not.toBeNull();

  const script = await fetch(`${t.url}/t/s.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toContain('javascript');
  const text = await script.text();
  expect(text).toContain('/t/v/');
  expect(text).toContain('data-tag');
  expect(text).toContain('document.referrer');
});

test('X-Forwarded-For is believed only from a trusted proxy', async () => {
  const other = await seedCustomer(proxied);
  const ptoken = await superAdminToken(proxied);
  await pixel(proxied.url, `/t/i/${other.impressionTags[0].key}`, { 'x-forwarded-for': '203.109.252.1, 10.0.0.1' });
  await pixel(t.url, `/t/i/${world.impressionTags[2].key}`, { 'x-forwarded-for': '203.109.252.1' });
  await waitForIdle(proxied, ptoken);
  await waitForIdle(t, token);
  const [viaProxy] = await proxied.gateway.app.ds.query(
    'SELECT CAST(household_id AS CHAR) AS hh, region FROM impression_event',
  );
  // 203.109.252.1 is in Auckland in the bundled GeoIP data.
  expect(viaProxy).toEqual({ hh: householdOf(proxied.config.HOUSEHOLD_SALT, '203.109.252.1'), region: 'AUK' });
  const [direct] = await q(
    'SELECT CAST(household_id AS CHAR) AS hh FROM impression_event WHERE impression_tag_id = ?',
    [world.impressionTags[2].id],
  );
  expect(direct.hh).toBe(householdOf(t.config.HOUSEHOLD_SALT, '127.0.0.1'));
});

describe('bulk ingest', () => {
  test('needs the super admin', async () => {
    const line = [
      { type: 'impression' as const, tag: world.impressionTags[0].key, ts: new Date().toISOString(), household: '1' },
    ];
    expect((await ingest(t, undefined, line)).status).toBe(401);
    const { token: userToken } = await makeUser(t, { entityType: 'CUSTOMER', entityId: world.id, admin: true });
    expect((await ingest(t, userToken, line)).status).toBe(403);
    expect((await call(t.url, 'GET', '/api/ingest/status', { token: userToken })).status).toBe(403);
    expect((await call(t.url, 'GET', '/api/ingest/status')).status).toBe(401);
  });

  test('validates every line and reports errors by line number (from 1)', async () => {
    const now = Date.now();
    const imp = world.impressionTags[3].key;
    const r = await ingest(t, token, [
      { type: 'impression', tag: imp, ts: new Date(now - 1000).toISOString(), ip: '203.109.252.1', id: 'bulk-1' },
      '',
      'not json',
      { type: 'click', tag: imp, ts: new Date(now).toISOString(), household: '5' } as never,
      { type: 'impression', tag: imp, ts: new Date(now - 3 * 366 * 24 * 3600e3).toISOString(), household: '5' },
      { type: 'impression', tag: imp, ts: new Date(now + 10 * 60e3).toISOString(), household: '5' },
      { type: 'impression', tag: imp, ts: new Date(now).toISOString() },
      { type: 'impression', tag: imp, ts: new Date(now).toISOString(), household: '18446744073709551616' },
      { type: 'impression', tag: 'UnknownKey', ts: new Date(now).toISOString(), household: '5' },
      {
        type: 'visit',
        tag: world.siteTags[1].key,
        ts: new Date(now - 2000).toISOString(),
        household: '5',
        region: 'OTA',
        url: 'https://shop.example/',
      },
      { type: 'impression', tag: imp, ts: new Date(now).toISOString(), household: '5', region: 'XX' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.accepted).toBe(2);
    expect(r.body.rejected).toBe(8);
    expect(r.body.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 11]);
    expect(r.body.errors.every((e) => typeof e.reason === 'string' && e.reason.length > 0)).toBe(true);
    await waitForIdle(t, token);
    expect(await q("SELECT region FROM impression_event WHERE event_id = 'bulk-1'")).toEqual([{ region: 'AUK' }]);
    expect(await q('SELECT region FROM site_hit WHERE site_tag_id = ?', [world.siteTags[1].id])).toEqual([
      { region: 'OTA' },
    ]);
  });

  test('a re-sent id is stored once', async () => {
    const line = {
      type: 'impression' as const,
      tag: world.impressionTags[0].key,
      ts: new Date(Date.now() - 5000).toISOString(),
      household: '99',
      id: 'resent-1',
    };
    expect((await ingest(t, token, [line, line])).body.accepted).toBe(2);
    await waitForIdle(t, token);
    expect((await ingest(t, token, [line])).body.accepted).toBe(1);
    await waitForIdle(t, token);
    expect(await q("SELECT COUNT(*) AS n FROM impression_event WHERE event_id = 'resent-1'")).toEqual([{ n: 1 }]);
  });

  /** POSTs `body` to bulk ingest cut into pieces at `cuts` (byte offsets), as a chunked body (no Content-Length). */
  async function ingestInPieces(base: string, bearer: string, body: Buffer, cuts: number[], encoding?: string) {
    const ends = [...cuts.filter((c) => c > 0 && c < body.length).sort((a, b) => a - b), body.length];
    const pieces = ends.map((end, i) => body.subarray(i ? ends[i - 1] : 0, end));
    const res = await fetch(`${base}/api/ingest/events`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/x-ndjson',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      },
      body: new ReadableStream({
        // A pause before each piece, so the gateway reads each alone (not merged by the socket).
        async pull(controller) {
          await new Promise((r) => setTimeout(r, 5));
          const next = pieces.shift();
          if (next) controller.enqueue(new Uint8Array(next));
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as { accepted: number; rejected: number; errors: any[] } };
  }

  test('a body streamed in pieces, over several line batches, lands every line; errors keep their line numbers', async () => {
    // 4,500 lines (the gateway reads 2,000 at a time), cut every 4,093 bytes: through lines and through
    // the two bytes of an "é" in the site hits' URLs.
    const own = await seedCustomer(t, { bookings: 1, creativesPerBooking: 1, siteTags: 1 });
    const ts = new Date(Date.now() - 60_000).toISOString();
    const lines = Array.from({ length: 4500 }, (_, n) =>
      n % 10 === 9
        ? JSON.stringify({
            type: 'visit',
            tag: own.siteTags[0].key,
            ts,
            household: String(70_000 + n),
            url: `https://shop.example/café/${n}`,
            id: `piece-${n}`,
          })
        : JSON.stringify({
            type: 'impression',
            tag: own.impressionTags[0].key,
            ts,
            household: String(70_000 + n),
            id: `piece-${n}`,
          }),
    );
    lines[2499] = 'not json';
    lines[4399] = JSON.stringify({ type: 'impression', tag: 'NoSuchTagKey', ts, household: '5' });
    lines[3000] = '';
    const body = Buffer.from(lines.join('\n'));
    // Between the two bytes of an "é" well into the body (the first pieces may go out together).
    const inside = body.indexOf(Buffer.from('é'), 100_000) + 1;
    const cuts = [inside, ...Array.from({ length: Math.floor(body.length / 4093) }, (_, i) => (i + 1) * 4093)];
    expect(body[inside]).toBeGreaterThanOrEqual(0x80);
    const r = await ingestInPieces(t.url, token, body, cuts);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      accepted: 4497,
      rejected: 2,
      errors: [
        { line: 2500, reason: 'not a JSON object' },
        { line: 4400, reason: 'unknown tag' },
      ],
    });
    await waitForIdle(t, token);
    const [impressions] = await q("SELECT COUNT(*) AS n FROM impression_event WHERE event_id LIKE 'piece-%'");
    const [hits] = await q("SELECT COUNT(*) AS n FROM site_hit WHERE event_id LIKE 'piece-%'");
    expect(Number(impressions.n) + Number(hits.n)).toBe(4497);
    // Every page URL as sent, the one whose "é" was cut between two pieces too.
    const urls: { event_id: string; url: string }[] = await q(
      "SELECT event_id, url FROM site_hit WHERE event_id LIKE 'piece-%'",
    );
    expect(urls.length).toBe(448); // 450 site hits, less lines 2500 and 4400
    expect(urls.filter((u) => u.url !== `https://shop.example/café/${u.event_id.slice(6)}`)).toEqual([]);
  });

  test('a gzip body is read inflated', async () => {
    const line = {
      type: 'impression',
      tag: world.impressionTags[3].key,
      ts: new Date().toISOString(),
      household: '8',
      id: 'gzipped-1',
    };
    const r = await ingestInPieces(t.url, token, gzipSync(JSON.stringify(line)), [10, 20], 'gzip');
    expect(r).toEqual({ status: 200, body: { accepted: 1, rejected: 0, errors: [] } });
  });

  test('a streamed body running over INGEST_BODY_LIMIT answers 413 and lands none of its lines', async () => {
    const ptoken = await superAdminToken(proxied);
    const own = await seedCustomer(proxied, { bookings: 1, creativesPerBooking: 1, siteTags: 1 });
    const ts = new Date().toISOString();
    const lines = Array.from({ length: 40 }, (_, n) =>
      JSON.stringify({ type: 'impression', tag: own.impressionTags[0].key, ts, household: String(n), id: `over-${n}` }),
    );
    const r = await ingestInPieces(
      proxied.url,
      ptoken,
      Buffer.from(lines.join('\n')),
      [256, 512, 768, 1024, 1280, 1536, 1792, 2048, 2304],
    );
    expect(r.status).toBe(413);
    // The lines within the limit were valid, but the body was refused as a whole.
    await waitForIdle(proxied, ptoken);
    expect(
      await proxied.gateway.app.ds.query("SELECT COUNT(*) AS n FROM impression_event WHERE event_id LIKE 'over-%'"),
    ).toEqual([{ n: 0 }]);
  });

  test('a body over INGEST_BODY_LIMIT answers 413', async () => {
    const ptoken = await superAdminToken(proxied);
    const big = Array.from({ length: 40 }, (_, n) => ({
      type: 'impression' as const,
      tag: 'SomeKey',
      ts: new Date().toISOString(),
      household: String(n),
    }));
    const r = await ingest(proxied, ptoken, big);
    expect(r.status).toBe(413);
  });
});

test('the status shows the collector heartbeat and the totals', async () => {
  await new Promise((r) => setTimeout(r, 2100));
  const s = await waitForIdle(t, token);
  expect(s.idle).toBe(true);
  expect(s.pending).toBe(0);
  expect(s.processed).toBeGreaterThanOrEqual(6);
  expect(s.collectors.length).toBeGreaterThanOrEqual(1);
  expect(s.collectors[0].hits).toBeGreaterThan(0);
  expect(typeof s.collectors[0].hostname).toBe('string');
  expect(s.consumers.length).toBeGreaterThanOrEqual(1);
  expect(s.watermark).not.toBeNull();
  // The engine the run chose (HIT_LOG): the stream is JetStream's, its consumers one durable per shard.
  if (t.config.HIT_LOG === 'jetstream') {
    expect(s.stream).toMatch(/hits$/);
    expect(s.consumers.map((c: { name: string }) => c.name)).toContain('etl-0');
  } else {
    expect(s.stream).toBe(`${t.config.REDIS_PREFIX}hits`);
  }
});

test('site tag health counts hits of the trailing 24 hours only; ping_date stays null without one', async () => {
  const fresh = await seedCustomer(t, { bookings: 1, creativesPerBooking: 1, siteTags: 2 });
  const [quiet, busy] = fresh.siteTags;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600e3).toISOString();
  const r = await ingest(t, token, [
    { type: 'visit', tag: quiet.key, ts: at(30), household: '1' },
    { type: 'visit', tag: busy.key, ts: at(30), household: '2' },
    { type: 'visit', tag: busy.key, ts: at(5), household: '2' },
    { type: 'visit', tag: busy.key, ts: at(1), household: '3' },
  ]);
  expect(r.body.accepted).toBe(4);
  await waitForIdle(t, token);
  const rows: { id: number; ping_count: number; ping_date: Date | null }[] = await q(
    'SELECT id, ping_count, ping_date FROM site_tag WHERE customer_id = ? ORDER BY id',
    [fresh.id],
  );
  expect(rows[0]).toMatchObject({ id: quiet.id, ping_count: 0, ping_date: null });
  expect(rows[1]).toMatchObject({ id: busy.id, ping_count: 2 });
  expect(Math.abs(rows[1].ping_date!.getTime() - Date.parse(at(1)))).toBeLessThan(60_000);
});
