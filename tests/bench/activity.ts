/**
 * npm run bench:activity — what the activity counter costs an authenticated call.
 * Prints JSON lines.
 *
 * One gateway in this process on a scratch database and Redis prefix. The same authenticated
 * requests (REST GET /api/countries and a GraphQL query) are sent with the counter on and off in
 * pairs of rounds back to back (order alternating between pairs) so drift in the machine's load
 * falls on both; the figures are the ratios of mean latency (pooled, and the median of the pairs)
 * and of throughput with the counter to without it. The counter
 * is one pipelined ZADD + HINCRBY the request does not wait for, so the ratio should be close to 1.
 * A last line checks that every call of the "on" rounds was counted.
 */
import { activityCounter, activityKeys } from '../../gateway/src/modules/monitoring/activity';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { printer, quantile } from './report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 250);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

const print = printer('activity');
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

interface Kind {
  name: string;
  send(t: TestGateway, token: string): Promise<Response>;
}

const KINDS: Kind[] = [
  {
    name: 'rest GET /api/countries',
    send: (t, token) => fetch(`${t.url}/api/countries`, { headers: { authorization: `Bearer ${token}` } }),
  },
  {
    name: 'graphql { countries }',
    send: (t, token) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ countries { country_code } }' }),
      }),
  },
];

/** REQUESTS requests, CONCURRENCY at a time; answers each request's latency (ms) and the wall time. */
async function round(
  t: TestGateway,
  token: string,
  kind: Kind,
): Promise<{ latencies: number[]; wallMs: number; cpuUs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await kind.send(t, token);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${kind.name} answered ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { latencies, wallMs: performance.now() - started, cpuUs: used.user + used.system };
}

async function main() {
  const t = await startTestGateway();
  try {
    const user = await makeUser(t, { entityType: 'CUSTOMER', entityId: 1, admin: false });
    const calls = activityKeys(t.gateway.app.keys).calls;
    print({
      settings: { rounds: ROUNDS, requests_per_round: REQUESTS, concurrency: CONCURRENCY, node: process.version },
    });
    let countedOn = 0;
    for (const kind of KINDS) {
      activityCounter.enabled = true;
      await round(t, user.token, kind); // warm-up: connections, JIT, MySQL pool
      const on: number[] = [];
      const off: number[] = [];
      const pairRatios: number[] = [];
      let onWall = 0;
      let offWall = 0;
      let onCpu = 0;
      let offCpu = 0;
      for (let pair = 0; pair < ROUNDS; pair++) {
        // Each pair runs both settings back to back, in an order that alternates between pairs.
        const order = pair % 2 === 0 ? [true, false] : [false, true];
        const means: Record<string, number> = {};
        for (const enabled of order) {
          activityCounter.enabled = enabled;
          const before = Number((await t.gateway.app.redis.hget(calls, String(user.actor.userId))) ?? 0);
          const { latencies, wallMs, cpuUs } = await round(t, user.token, kind);
          const after = Number((await t.gateway.app.redis.hget(calls, String(user.actor.userId))) ?? 0);
          means[String(enabled)] = mean(latencies);
          if (enabled) {
            on.push(...latencies);
            onWall += wallMs;
            onCpu += cpuUs;
            countedOn += after - before;
          } else {
            off.push(...latencies);
            offWall += wallMs;
            offCpu += cpuUs;
            if (after !== before) throw new Error('the counter counted while switched off');
          }
        }
        pairRatios.push(means.true / means.false);
      }
      const onRps = on.length / (onWall / 1000);
      const offRps = off.length / (offWall / 1000);
      const summary = (xs: number[], rps: number, cpuUs: number) => ({
        // CPU of this process (gateway and load generator) per request: less sensitive than
        // latency to other processes on the machine.
        cpu_us_per_request: Math.round(cpuUs / xs.length),
        mean_ms: round3(mean(xs)),
        p50_ms: round3(quantile(xs, 0.5)),
        p95_ms: round3(quantile(xs, 0.95)),
        rps: Math.round(rps),
      });
      print({
        figure: 'per-request cost of the activity counter',
        request: kind.name,
        requests: on.length + off.length,
        with_counter: summary(on, onRps, onCpu),
        without_counter: summary(off, offRps, offCpu),
        cpu_ratio: round3(onCpu / on.length / (offCpu / off.length)),
        mean_latency_ratio: round3(mean(on) / mean(off)),
        median_pair_latency_ratio: round3(quantile(pairRatios, 0.5)),
        throughput_ratio: round3(onRps / offRps),
        added_ms_per_request: round3(mean(on) - mean(off)),
      });
    }
    activityCounter.enabled = true;
    const expected = KINDS.length * ROUNDS * REQUESTS;
    print({
      figure: 'calls counted in the rounds with the counter on',
      expected,
      counted: countedOn,
      ok: countedOn === expected,
    });
    if (countedOn !== expected) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
