/**
 * What the ingest benches share: ports, child processes, the seeded customer, the generated events, the
 * Redis clean-up (bench:ingest and bench:workers).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Hit } from '../../gateway/src/collector/hit';
import type { migrate } from '../../gateway/src/db/migrate';
import { deleteRedisKeys } from '../support/gateway';

export const SERVER = process.env.BENCH_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ROOT = join(__dirname, '..', '..');
/** The seeded customer's tag keys. */
export interface World {
  impressionKeys: string[];
  siteKeys: string[];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const peakRssMb = (pid: number | 'self') => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** A child process serving `/healthz` on `port`, once it answers. */
export async function startChild(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`child ${args.join(' ')} did not start`);
}

/** A customer with 3 bookings x 2 creatives and 3 site tags (with the given tag keys, else new ones); answers their keys. */
export async function seedWorld(ds: Awaited<ReturnType<typeof migrate>>, tagKeys?: World): Promise<World> {
  const q = (sql: string, p: unknown[] = []) => ds.query(sql, p) as Promise<{ insertId: number }>;
  const customer = await q(
    "INSERT INTO customer (cust_name, country_code, time_zone) VALUES ('Bench Ingest', 'NZ', 'Pacific/Auckland')",
  );
  const campaign = await q(
    "INSERT INTO campaign (customer_id, campaign_name, start_date, end_date) VALUES (?, 'C', '2024-01-01', '2030-01-01')",
    [customer.insertId],
  );
  const impressionKeys: string[] = [];
  for (let b = 0; b < 3; b++) {
    const channel = await q("INSERT INTO channel (channel_name, owner_type, owner_id) VALUES (?, 'broadcaster', 1)", [
      `Ch ${b}`,
    ]);
    const booking = await q(
      "INSERT INTO booking (customer_id, campaign_id, channel_id, booking_name, cpm, start_date, end_date) VALUES (?, ?, ?, ?, 12, '2024-01-01', '2030-01-01')",
      [customer.insertId, campaign.insertId, channel.insertId, `B ${b}`],
    );
    for (let c = 0; c < 2; c++) {
      const creative = await q(
        "INSERT INTO creative (customer_id, description, creative_format) VALUES (?, ?, '30s')",
        [customer.insertId, `Cr ${b}.${c}`],
      );
      const key = tagKeys?.impressionKeys[impressionKeys.length] ?? randomBytes(12).toString('base64url');
      await q('INSERT INTO impression_tag (customer_id, booking_id, creative_id, tag_key) VALUES (?, ?, ?, ?)', [
        customer.insertId,
        booking.insertId,
        creative.insertId,
        key,
      ]);
      impressionKeys.push(key);
    }
  }
  const siteKeys: string[] = [];
  for (let s = 0; s < 3; s++) {
    const key = tagKeys?.siteKeys[siteKeys.length] ?? randomBytes(12).toString('base64url');
    await q('INSERT INTO site_tag (customer_id, tag_description, tag_key) VALUES (?, ?, ?)', [
      customer.insertId,
      `Page ${s}`,
      key,
    ]);
    siteKeys.push(key);
  }
  return { impressionKeys, siteKeys };
}

/** Deletes every key under a bench's prefix. */
export const cleanRedis = (prefix: string) => deleteRedisKeys(REDIS_URL, prefix);

/**
 * The generated load's shape (BENCH_SHAPE). 'reference': docs/design.md#performance-targets's busy customer scaled to BENCH_EVENTS, as bench:dashboard
 * generates it (tests/bench/dashboard-events.ts): 10 impressions per site hit over 90 days, a household
 * per 20 impressions, so a visit has a handful of touches at any size. 'dense': 80% impressions over 30
 * days on 5,000 households whatever the size, so touches per event grow with BENCH_EVENTS (at 1M a
 * household sees ~37 impressions a week and a visit ~6 touches per event): the worst case, not docs/design.md#performance-targets's.
 */
export const SHAPES = {
  reference: {
    impressionShare: 10 / 11,
    days: 90,
    households: (n: number) => Math.max(50, Math.floor((n * 10) / 11 / 20)),
  },
  dense: { impressionShare: 0.8, days: 30, households: () => 5000 },
};
export const SHAPE = (process.env.BENCH_SHAPE ?? 'reference') as keyof typeof SHAPES;
if (!(SHAPE in SHAPES)) throw new Error(`BENCH_SHAPE must be one of ${Object.keys(SHAPES).join(', ')}`);

/**
 * The generated load, in time order as a live feed would be, in the given shape (the same events for the
 * same count, shape and seed).
 */
export function benchHits(world: World, events: number, shapeName: keyof typeof SHAPES = SHAPE, seed = 42): Hit[] {
  const shape = SHAPES[shapeName];
  const households = shape.households(events);
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const now = Date.now() - 60_000;
  return Array.from({ length: events }, (_, n) => {
    const impression = rand() < shape.impressionShare;
    const keysOf = impression ? world.impressionKeys : world.siteKeys;
    return {
      i: `b${n}`,
      k: impression ? 'i' : 'v',
      t: keysOf[Math.floor(rand() * keysOf.length)],
      ts: now - Math.floor((1 - n / events) * shape.days * 86400e3),
      h: String(1 + Math.floor(rand() * households)),
      r: 'AUK',
    };
  });
}
