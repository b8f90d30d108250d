import { rmSync } from 'node:fs';
import { BROWSER } from '../support/browser-agent';
import { attachTouches, sessionise } from '../reference/sessions';
import type { RefHit, RefImpression } from '../reference/types';
import { startTestGateway, type TestGateway } from '../support/gateway';
import {
  hitLine,
  impressionLine,
  ingest,
  ingestStatus,
  seedCustomer,
  superAdminToken,
  waitForIdle,
  type IngestLine,
  type WorldCustomer,
} from '../support/pipeline';
import { freePort, OutageProxy, PrivateRedis, WorkerProcess } from './outages';

/**
 * Durability (item 5): events sent while the ETL worker is killed with SIGKILL and
 * restarted, while Redis restarts and while MySQL is unreachable, all end up stored exactly once.
 */
jest.setTimeout(240_000);

const DAY = 24 * 3600 * 1000;
let redis: PrivateRedis;
let proxy: OutageProxy;
let t: TestGateway;
let worker: WorkerProcess;
let token: string;

beforeAll(async () => {
  redis = new PrivateRedis(await freePort());
  await redis.start();
  t = await startTestGateway({ REDIS_URL: redis.url, WORKER: '0' });
  token = await superAdminToken(t);
  const mysql = new URL(process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306');
  proxy = new OutageProxy(await freePort(), { host: mysql.hostname, port: Number(mysql.port || 3306) });
  await proxy.start();
  const viaProxy = new URL(mysql.toString());
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.pathname = `/${t.database}`;
  worker = new WorkerProcess({
    MYSQL_URL: viaProxy.toString(),
    REDIS_URL: redis.url,
    REDIS_PREFIX: t.config.REDIS_PREFIX,
    HOUSEHOLD_SALT: t.config.HOUSEHOLD_SALT,
    JWT_SECRET: t.config.JWT_SECRET,
    ETL_CLAIM_IDLE_MS: '1000',
  });
  worker.start();
});

afterAll(async () => {
  await worker?.kill();
  const spool = t?.config.SPOOL_DIR;
  await t?.close();
  if (spool) rmSync(spool, { recursive: true, force: true });
  await proxy?.stop();
  await redis?.stop();
});

/** The times of each household's impressions of each tag, over every call of `events` (they share one world). */
const sameTag = new Map<string, number[]>();

/** Seeded PRNG: the same events every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function events(world: WorldCustomer, n: number, seed: number, prefix: string) {
  const rand = prng(seed);
  const now = Date.now() - 60_000;
  const impressions: RefImpression[] = [];
  const hits: RefHit[] = [];
  const lines: IngestLine[] = [];
  for (let i = 0; i < n; i++) {
    const household = String(1 + Math.floor(rand() * 3000));
    const ts = now - Math.floor(rand() * 20 * DAY);
    if (rand() < 0.75) {
      const tag = world.impressionTags[Math.floor(rand() * world.impressionTags.length)];
      // Never one household's impression of a tag within a second of another (invalid traffic rule 6 would set it
      // apart as a repeat: docs/invalid-traffic.md): every impression sent must be stored.
      const seen = sameTag.get(`${household} ${tag.key}`) ?? [];
      let at = ts;
      while (seen.some((x) => Math.abs(x - at) <= 1000)) at -= 1500;
      sameTag.set(`${household} ${tag.key}`, [...seen, at]);
      const imp: RefImpression = {
        id: `${prefix}i${i}`,
        customerId: world.id,
        household,
        ts: at,
        bookingId: tag.bookingId,
        campaignId: tag.campaignId,
        creativeId: tag.creativeId,
        channelId: tag.channelId,
        region: 'AUK',
      };
      impressions.push(imp);
      lines.push(impressionLine(imp, () => tag.key));
    } else {
      const site = world.siteTags[Math.floor(rand() * world.siteTags.length)];
      const hit: RefHit = {
        id: `${prefix}h${i}`,
        customerId: world.id,
        household,
        ts,
        siteTagId: site.id,
        region: 'WGN',
      };
      hits.push(hit);
      lines.push(hitLine(hit, () => site.key));
    }
  }
  return { impressions, hits, lines };
}

/** Sends one chunk until it is taken: a 503 (stream away) or a dropped connection is retried. */
async function sendUntilTaken(lines: (IngestLine | string)[]): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const r = await ingest(t, token, lines);
      if (r.status === 200) {
        expect(r.body.rejected).toBe(0);
        return;
      }
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).not.toBeNull();
    } catch {
      // connection refused or reset while Redis restarts: retry
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error('ingest never recovered');
}

/** Expected visit and touch counts from the reference, household by household. */
function expected(impressions: RefImpression[], hits: RefHit[]) {
  const byHousehold = new Map<string, { imps: RefImpression[]; hits: RefHit[] }>();
  const group = (hh: string) => {
    let g = byHousehold.get(hh);
    if (!g) byHousehold.set(hh, (g = { imps: [], hits: [] }));
    return g;
  };
  for (const i of impressions) group(i.household).imps.push(i);
  for (const h of hits) group(h.household).hits.push(h);
  let visits = 0;
  let touches = 0;
  for (const g of byHousehold.values()) {
    const v = attachTouches(sessionise(g.hits), g.imps);
    visits += v.length;
    touches += v.reduce((s, x) => s + x.touches.length, 0);
  }
  return { visits, touches };
}

async function stored(customerId: number) {
  const [row]: Record<string, string | number>[] = await t.gateway.app.ds.query(
    `SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?) AS impressions,
            (SELECT COUNT(*) FROM site_hit WHERE customer_id = ?) AS hits,
            (SELECT COALESCE(SUM(impressions), 0) FROM impression_rollup WHERE customer_id = ?) AS rollup,
            (SELECT COUNT(*) FROM visit WHERE customer_id = ?) AS visits,
            (SELECT COALESCE(SUM(hits), 0) FROM visit WHERE customer_id = ?) AS visit_hits,
            (SELECT COUNT(*) FROM touch WHERE customer_id = ?) AS touches`,
    Array(6).fill(customerId),
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

test('100k events while the worker is SIGKILLed and restarted: every event once, nothing pending', async () => {
  const world = await seedCustomer(t, { bookings: 3, creativesPerBooking: 2, siteTags: 3 });
  const { impressions, hits, lines } = events(world, 100_000, 42, 'k');
  const chunk = 5000;
  for (let c = 0, n = 0; c < lines.length; c += chunk, n++) {
    await sendUntilTaken(lines.slice(c, c + chunk));
    if (n === 5) await sendUntilTaken(lines.slice(c, c + chunk)); // a whole batch re-sent
    if (n % 4 === 2) {
      // Let the worker get into the middle of something, then kill it without warning.
      await new Promise((r) => setTimeout(r, 300 + (n % 3) * 400));
      await worker.kill();
      worker.start();
    }
  }
  expect(worker.starts).toBeGreaterThanOrEqual(5);
  const status = await waitForIdle(t, token, 180_000);
  expect(status.pending).toBe(0);
  expect(status.undelivered).toBe(0);
  const want = expected(impressions, hits);
  expect(await stored(world.id)).toEqual({
    impressions: impressions.length,
    hits: hits.length,
    rollup: impressions.length,
    visits: want.visits,
    visit_hits: hits.length,
    touches: want.touches,
  });
});

test('a Redis restart and a MySQL outage during load lose nothing (pixels are spooled meanwhile)', async () => {
  const world = await seedCustomer(t, { bookings: 2, creativesPerBooking: 1, siteTags: 2 });
  const { impressions, hits, lines } = events(world, 20_000, 7, 'o');
  const chunk = 2000;
  let outages: Promise<void> = Promise.resolve();
  let pixelsSent = 0;
  for (let c = 0, n = 0; c < lines.length; c += chunk, n++) {
    if (n === 2) {
      proxy.cut(); // MySQL unreachable for the worker for 3 s
      outages = outages.then(() => new Promise((r) => setTimeout(r, 3000))).then(() => proxy.restore());
    }
    if (n === 5) {
      await outages;
      const restart = redis.restart(1500);
      // Pixels while Redis is down: they must be spooled and replayed.
      await new Promise((r) => setTimeout(r, 300));
      const tag = world.impressionTags[0];
      for (let p = 0; p < 50; p++) {
        const res = await fetch(`${t.url}/t/i/${tag.key}?hh=${900000 + p}&r=CAN`, BROWSER);
        expect(res.status).toBe(200);
        pixelsSent++;
      }
      outages = restart;
    }
    await sendUntilTaken(lines.slice(c, c + chunk));
  }
  await outages;
  await waitForIdle(t, token, 180_000);
  const want = expected(impressions, hits);
  const got = await stored(world.id);
  expect(got).toEqual({
    impressions: impressions.length + pixelsSent,
    hits: hits.length,
    rollup: impressions.length + pixelsSent,
    visits: want.visits,
    visit_hits: hits.length,
    touches: want.touches,
  });
  const [canterbury] = await t.gateway.app.ds.query(
    "SELECT COUNT(*) AS n FROM impression_event WHERE customer_id = ? AND region = 'CAN'",
    [world.id],
  );
  expect(Number(canterbury.n)).toBe(pixelsSent);
  const status = await ingestStatus(t, token);
  expect(status.spooled_bytes).toBe(0);
});
