import type { TestGateway } from '../support/gateway';
import { call } from '../support/http';
import {
  seedCustomer,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
  type WorldCustomer,
} from '../support/pipeline';
import { startTestGateway } from '../support/gateway';
import { BROWSER } from '../support/browser-agent';
import { siblings } from '../support/sibling';

/** GET /metrics (docs/operations.md#metrics): Prometheus text, only for a scraper holding METRICS_TOKEN. */
const TOKEN = 'metrics-token-for-the-test-0123';
let t: TestGateway;
let token: string;
let world: WorldCustomer;

beforeAll(async () => {
  t = await startPipelineGateway({ METRICS_TOKEN: TOKEN });
  token = await superAdminToken(t);
  world = await seedCustomer(t);
});
const processes = siblings(() => t);
afterAll(async () => {
  processes.close();
  await t.close();
});

async function scrape(auth = `Bearer ${TOKEN}`) {
  const res = await fetch(`${t.url}/metrics`, { headers: auth ? { authorization: auth } : {} });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The value of one sample (`name{labels} value`), or undefined when the scrape has none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('without the token, or with a wrong one, /metrics answers 401 and shows nothing', async () => {
  for (const auth of ['', 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`]) {
    const r = await scrape(auth);
    expect(r.status).toBe(401);
    expect(r.text).not.toContain('infinitum_');
  }
});

test('a gateway without METRICS_TOKEN has no /metrics at all', async () => {
  const bare = await startTestGateway();
  try {
    const res = await fetch(`${bare.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('infinitum_');
  } finally {
    await bare.close();
  }
});

test('pixels, their classification, a dashboard call and the memory show in the scrape', async () => {
  const before = await scrape();
  expect(before.status).toBe(200);
  expect(before.type).toContain('text/plain');
  const received = sample(before.text, 'infinitum_hits_received_total{via="pixel"}') ?? 0;

  const tag = world.impressionTags[0];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${t.url}/t/i/${tag.key}?cb=${i}`, { headers: { 'x-test': String(i) } });
    expect(res.status).toBe(200);
  }
  const status = await waitForIdle(t, token);
  const day = new Date().toISOString().slice(0, 10);
  const dash = await call(t.url, 'POST', '/api/dashboard/impression_summary', {
    token,
    body: { client_id: world.id, startdate: day, enddate: day },
  });
  expect(dash.status).toBe(200);

  const after = await scrape();
  expect(after.status).toBe(200);
  expect(sample(after.text, 'infinitum_hits_received_total{via="pixel"}')).toBe(received + 3);
  // Deployment-wide, from the hit log: the same figures GET /api/ingest/status reports.
  expect(sample(after.text, 'infinitum_hits_classified_total{outcome="stored"}')).toBe(status.processed);
  expect(sample(after.text, 'infinitum_hits_classified_total{outcome="duplicate"}')).toBe(status.duplicates);
  expect(sample(after.text, 'infinitum_etl_lag_seconds')).toBe(0);
  expect(sample(after.text, 'infinitum_etl_hits_committed_total')).toBeGreaterThanOrEqual(3);
  expect(after.text).toMatch(/^infinitum_etl_batch_seconds_count\{outcome="committed"\} [1-9]/m);
  expect(
    sample(after.text, 'infinitum_dashboard_call_seconds_count{call="impression_summary",outcome="ok"}'),
  ).toBeGreaterThanOrEqual(1);
  expect(sample(after.text, 'infinitum_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  expect(after.text).toContain('infinitum_nodejs_heap_size_used_bytes');
});

test('a standalone collector has its own /metrics under the same token: the pixels it took, its memory', async () => {
  const collector = await processes.start('collector', { METRICS_TOKEN: TOKEN });
  const get = (auth?: string) =>
    fetch(`${collector.url}/metrics`, { headers: auth ? { authorization: auth } : {} }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    }));
  expect((await get()).status).toBe(401);
  expect((await get('Bearer wrong-token-wrong-token-00')).text).not.toContain('infinitum_');
  const tag = world.impressionTags[0];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${collector.url}/t/i/${tag.key}?cb=sa${i}`, BROWSER);
    expect(res.status).toBe(200);
  }
  const scraped = await get(`Bearer ${TOKEN}`);
  expect(scraped.status).toBe(200);
  expect(sample(scraped.text, 'infinitum_hits_received_total{via="pixel"}')).toBe(4);
  expect(sample(scraped.text, 'infinitum_process_resident_memory_bytes')).toBeGreaterThan(0);
  // Without a token configured the collector has no /metrics either.
  const bare = await processes.start('collector');
  expect((await fetch(`${bare.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
}, 60_000);
