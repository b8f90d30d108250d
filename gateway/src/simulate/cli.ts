import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createDataSource } from '../db/data-source';
import { GatewayClient } from './client';
import { DEFAULT_TRAFFIC, localMidnight, TrafficModel, type SimEvent } from './traffic';
import { loadWorld } from './world';

/**
 * `npm run simulate`: realistic traffic for the customers and tags in the database, through the
 * real pipeline. `--history N` bulk-ingests N days of history (fast); `--live` sends pixels as they
 * happen; `--if-empty` does nothing when events exist already. Waits until the ETL is idle.
 */
const HELP = `Usage: simulate [--history DAYS | --live] [--if-empty] [--url URL] [--seed N]
  --history DAYS   bulk-ingest DAYS days of history up to now (default 90)
  --live           send pixels in real time (Ctrl+C stops); --rate EVENTS_PER_S (default 20)
  --if-empty       skip when impressions are already stored
  --url URL        the gateway (default http://127.0.0.1:$PORT)
  --seed N         PRNG seed (default ${DEFAULT_TRAFFIC.seed})
  --per-day N      impressions per customer per day (default ${DEFAULT_TRAFFIC.impressionsPerDay})
  --holdout SHARE  put this share of households (0..1) in a control group: control impressions, no caused visits
  --holdout-customers N  only the first N customers (by id) run the holdout (default all)`;

const log = (s: string) => console.log(s);

async function main() {
  const { values } = parseArgs({
    options: {
      history: { type: 'string' },
      live: { type: 'boolean', default: false },
      'if-empty': { type: 'boolean', default: false },
      url: { type: 'string' },
      seed: { type: 'string' },
      rate: { type: 'string' },
      'per-day': { type: 'string' },
      holdout: { type: 'string' },
      'holdout-customers': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    log(HELP);
    return;
  }
  const config = loadConfig();
  const ds = createDataSource(config.MYSQL_URL, { poolSize: 2 });
  await ds.initialize();
  try {
    if (values['if-empty']) {
      const [row]: { n: number }[] = await ds.query('SELECT EXISTS(SELECT 1 FROM impression_event) AS n');
      if (Number(row.n)) {
        log('simulate: events already stored, nothing to do (--if-empty)');
        return;
      }
    }
    const world = await loadWorld(ds);
    if (!world.length) {
      log('simulate: no customer with impression tags and site tags: nothing to simulate');
      return;
    }
    const client = new GatewayClient(
      values.url ?? `http://127.0.0.1:${config.PORT}`,
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, jwtSecret: process.env.JWT_SECRET },
      ds,
    );
    await client.signIn();
    const options = {
      ...DEFAULT_TRAFFIC,
      seed: Number(values.seed ?? DEFAULT_TRAFFIC.seed),
      impressionsPerDay: Number(values['per-day'] ?? DEFAULT_TRAFFIC.impressionsPerDay),
      holdoutShare: Math.min(1, Math.max(0, Number(values.holdout ?? 0) || 0)),
    };
    const holdoutCustomers = Number(values['holdout-customers'] ?? world.length);
    const models = world.map((c, n) => ({
      customer: c,
      model: new TrafficModel(c, n < holdoutCustomers ? options : { ...options, holdoutShare: 0 }),
    }));
    if (values.live) await live(client, models, Number(values.rate ?? 20));
    else await history(client, models, Number(values.history ?? 90));
    await client.waitForIdle(log);
    log('simulate: done, everything is committed');
  } finally {
    await ds.destroy();
  }
}

type Models = { customer: { id: number; timeZone: string }; model: TrafficModel }[];

async function history(client: GatewayClient, models: Models, days: number) {
  const until = Date.now() - 60_000;
  const started = Date.now();
  let sent = 0;
  let inFlight: Promise<unknown>[] = [];
  log(`simulate: ${days} days of history for ${models.length} customer(s) -> ${client.url}`);
  for (let d = days; d >= 0; d--) {
    let events: SimEvent[] = [];
    for (const { customer, model } of models) {
      const { start, date } = localMidnight(until - d * 24 * 3600_000, customer.timeZone);
      events = events.concat(model.day(start, date, until));
    }
    events.sort((a, b) => a.ts - b.ts);
    for (let i = 0; i < events.length; i += 5000) {
      inFlight.push(client.ingest(events.slice(i, i + 5000)));
      if (inFlight.length >= 2) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
    sent += events.length;
    if (d % 10 === 0) log(`  ${days - d + 1}/${days + 1} days, ${sent} events sent`);
  }
  await Promise.all(inFlight);
  log(`simulate: ${sent} events sent in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function live(client: GatewayClient, models: Models, rate: number) {
  log(`simulate: live pixels at about ${rate}/s -> ${client.url} (Ctrl+C stops)`);
  let stopping = false;
  process.once('SIGINT', () => (stopping = true));
  const queue: SimEvent[] = [];
  while (!stopping) {
    if (queue.length < rate) {
      // Today's traffic shape, compressed: take the next day's events and replay them now.
      for (const { customer, model } of models) {
        const { start, date } = localMidnight(Date.now(), customer.timeZone);
        queue.push(...model.day(start, date, Number.MAX_SAFE_INTEGER).slice(0, rate * 10));
      }
    }
    const second = queue.splice(0, rate);
    await Promise.all(second.map((e) => client.pixel(e).catch(() => undefined)));
    await new Promise((r) => setTimeout(r, 1000));
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e instanceof Error ? e.message : e);
  process.exit(1);
});
