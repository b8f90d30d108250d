import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import Redis from 'ioredis';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from '../dashboard/world';
import { BROWSER_UA } from '../support/browser-agent';
import { SUPER_ADMIN, startTestGateway, type TestGateway } from '../support/gateway';
import { call } from '../support/http';

/**
 * The raw IP is never stored (docs/security.md#what-is-held-where-for-how-long): a gateway process of its own (with its
 * ETL, logging at debug) takes pixels, site hits, invalid hits, an opt-out, bulk lines and an erasure from one known
 * address; afterwards no column of any table, no Redis value under the gateway's prefix and no line of the
 * process's log output holds that address (as text, or as the number an IPv4 address is).
 */
jest.setTimeout(240_000);

const IP = '198.51.100.23';
const IP_NUMBER = String(((198 * 256 + 51) * 256 + 100) * 256 + 23);
const ROOT = join(__dirname, '..', '..');
let t: TestGateway;
let c: WorldCustomer;
let child: ChildProcess;
let output = '';
let url = '';

beforeAll(async () => {
  // This gateway only migrates and holds the world; the one under test runs in its own process.
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Private Ltd',
    creatives: 1,
    siteTags: 1,
    bookings: [{ campaign: 0, channel: 0, cpm: 10, start: '2026-01-01', end: '2027-12-31' }],
  });
  const cfg = t.config;
  child = spawn(process.execPath, ['-r', '@swc-node/register', 'gateway/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'debug',
      PORT: '0',
      WORKER: '1',
      MYSQL_URL: cfg.MYSQL_URL,
      REDIS_URL: cfg.REDIS_URL,
      REDIS_PREFIX: cfg.REDIS_PREFIX,
      JWT_SECRET: cfg.JWT_SECRET,
      HOUSEHOLD_SALT: cfg.HOUSEHOLD_SALT,
      SPOOL_DIR: cfg.SPOOL_DIR,
      TRUSTED_PROXIES: '127.0.0.1',
      SUMMARY_KEEP_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 600 && !url; i++) {
    const m = /"port":(\d+)/.exec(output);
    if (m) url = `http://127.0.0.1:${m[1]}`;
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!url) throw new Error(`the gateway did not start: ${output.slice(-2000)}`);
}, 200_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await t?.close();
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url + path,
      { method, headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': IP, ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function idle(token: string) {
  for (let i = 0; i < 300; i++) {
    const s = await call(url, 'GET', '/api/ingest/status', { token });
    if (s.body.idle && s.body.processed > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the ETL did not settle');
}

/** Every table's text-like and numeric columns holding the address. */
async function tablesHolding(): Promise<string[]> {
  const ds = t.gateway.app.ds;
  const cols: { t: string; c: string; type: string }[] = await ds.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS type FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE()`,
  );
  const found: string[] = [];
  for (const col of cols) {
    const text = /char|text|blob|binary|json|enum|set/.test(col.type);
    const numeric = /int|decimal/.test(col.type);
    if (!text && !numeric) continue;
    const [r]: { n: string }[] = await ds.query(
      text
        ? `SELECT COUNT(*) AS n FROM \`${col.t}\` WHERE CAST(\`${col.c}\` AS CHAR) LIKE ? OR CAST(\`${col.c}\` AS CHAR) LIKE ?`
        : `SELECT COUNT(*) AS n FROM \`${col.t}\` WHERE \`${col.c}\` = ?`,
      text ? [`%${IP}%`, `%${IP_NUMBER}%`] : [IP_NUMBER],
    );
    if (Number(r.n)) found.push(`${col.t}.${col.c}`);
  }
  return found;
}

/** Redis keys under the gateway's prefix whose name or value holds the address. */
async function redisHolding(): Promise<string[]> {
  const redis = new Redis(t.config.REDIS_URL);
  const found: string[] = [];
  try {
    for (const key of await redis.keys(`${t.config.REDIS_PREFIX}*`)) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'stream'
              ? JSON.stringify(await redis.xrange(key, '-', '+'))
              : type === 'list'
                ? JSON.stringify(await redis.lrange(key, 0, -1))
                : type === 'set'
                  ? JSON.stringify(await redis.smembers(key))
                  : type === 'zset'
                    ? JSON.stringify(await redis.zrange(key, 0, -1))
                    : '';
      if (`${key} ${value}`.includes(IP)) found.push(key);
    }
  } finally {
    redis.disconnect();
  }
  return found;
}

test('pixels, an opt-out, bulk lines and an erasure from one address leave it in no table, Redis value or log line', async () => {
  const login = await call(url, 'POST', '/api/login', { body: SUPER_ADMIN });
  expect(login.status).toBe(200);
  const token: string = login.body.access_token;
  const tag = [...c.impressionTags.values()][0].key;
  const site = c.siteTags[0].key;
  expect(await get(`/t/i/${tag}?cb=1`)).toBe(200);
  expect(await get(`/t/v/${site}?u=${encodeURIComponent('https://private.example/')}`)).toBe(200);
  expect(await get(`/t/i/${tag}?cb=2`, { 'user-agent': 'curl/8.5.0' })).toBe(200);
  expect(await get(`/t/i/${tag}?cb=3`, { 'sec-gpc': '1' })).toBe(200);
  const bulk = await call(url, 'POST', '/api/ingest/events', {
    token,
    rawBody: JSON.stringify({ type: 'impression', tag, ts: new Date(Date.now() - 60_000).toISOString(), ip: IP }),
    headers: { 'content-type': 'application/x-ndjson' },
  });
  expect(bulk.status).toBeLessThan(300);
  await idle(token);
  expect(await get(`/optout/${site}`, {}, 'POST')).toBe(200);
  expect(await get(`/api/optout?c=${site}`)).toBe(200);
  expect(await get(`/t/i/${tag}?cb=4`)).toBe(200);
  await idle(token);

  const ds = t.gateway.app.ds;
  const [stored]: { n: string }[] = await ds.query(
    `SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?) + (SELECT COUNT(*) FROM site_hit WHERE customer_id = ?)
          + (SELECT COUNT(*) FROM invalid_event WHERE customer_id = ?) + (SELECT COUNT(*) FROM opt_out WHERE customer_id = ?) AS n`,
    [c.id, c.id, c.id, c.id],
  );
  // 2 impressions and a site hit counted, 3 invalid (bot, gpc, opt_out), 1 opt-out row: all stored, none with the address.
  expect(Number(stored.n)).toBe(7);
  expect(await tablesHolding()).toEqual([]);
  expect(await redisHolding()).toEqual([]);

  const erased = await call(url, 'POST', '/api/admin/erasure', { token, body: { ip: IP } });
  expect(erased.status).toBe(200);
  expect(erased.body.total_rows).toBeGreaterThan(0);
  expect(await tablesHolding()).toEqual([]);
  // The log did record the work (debug level), just never the address.
  expect(output).toMatch(/household erased/);
  expect(output.includes(IP)).toBe(false);
  expect(output.includes(IP_NUMBER)).toBe(false);
});
