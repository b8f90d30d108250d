import { type AnalysisWriter } from '../../gateway/src/modules/analytics/analysis/analysis-writer';
import { useAnalysisWriter } from '../../gateway/src/modules/analytics/calls/analysis';
import { TemplateAnalysisWriter } from '../../gateway/src/modules/analytics/analysis/template-writer';
import { referenceAnswers } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { gqlCall, restCall } from './compare';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/** The written analysis quotes the computed figures, is sanitised, and identical refreshes share work. */
let t: TestGateway;
let token: string;
let c: WorldCustomer;
let events: ReturnType<typeof generateEvents>;
const filter = () => ({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' });
const en = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);

beforeAll(async () => {
  t = await startTestGateway();
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Words Ltd',
    bookings: [{ campaign: 0, channel: 0, cpm: 15, start: '2026-09-01', end: '2026-10-31' }],
  });
  // A creative description with markup: it must come out escaped, never as live HTML.
  await t.gateway.app.ds.query('UPDATE creative SET description = ? WHERE id = ?', [
    '<img src=x onerror=alert(1)>Promo',
    c.creatives[0].id,
  ]);
  c.creatives[0].description = '<img src=x onerror=alert(1)>Promo';
  events = generateEvents(c, {
    seed: 5,
    fromMs: Date.parse('2026-09-18T00:00:00Z'),
    toMs: Date.parse('2026-10-05T00:00:00Z'),
    impressions: 600,
  });
  await fillTables(t, c, events.impressions, events.hits);
});
afterAll(() => {
  useAnalysisWriter(new TemplateAnalysisWriter());
  return t.close();
});

test('analysis sections quote the figures: totals, best creative, top region, timing, frequency', async () => {
  const r = await restCall(t, token, 'analysis', payloadOf(filter()));
  expect(r.status).toBe(200);
  expect(r.body.table_data).toEqual([]);
  const s = r.body.summary_data;
  const ref = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter());
  const sum = ref.impression_summary.summary_data;
  expect(s.campaign_performance).toContain(en(sum.Actual_Impressions));
  expect(s.campaign_performance).toContain(en(sum.Total_Responses));
  const best = [...ref.creative_performance_summary.table_data].sort(
    (a, b) => b.Response_Rate_Percent - a.Response_Rate_Percent,
  )[0];
  expect(s.creative_effectiveness).toContain(`${(best.Response_Rate_Percent * 100).toFixed(1)}%`);
  const topRegion = [...ref.responses_by_region.table_data].sort((a, b) => b.Responses - a.Responses)[0];
  expect(s.geographic_distribution).toContain(topRegion.Region.replace("'", '&#39;'));
  const hour = ref.visit_response_timing.summary_data.Hour_1_Perc;
  expect(s.response_profile).toContain(`${(hour * 100).toFixed(1)}%`);
  for (const html of Object.values<string>(s)) {
    expect(html.startsWith('<p>')).toBe(true);
    expect(html).not.toMatch(/<img|<script/i);
  }
  expect(s.creative_effectiveness + s.summary).toMatch(/&lt;img|Words Ltd Creative/);
  const g = await gqlCall(t, token, 'analysis', payloadOf(filter()));
  expect(g.data.analysis).toEqual(r.body);
});

test('a writer that returns markup is sanitised (a future model provider gets the same treatment)', async () => {
  const evil: AnalysisWriter = {
    write: () =>
      Promise.resolve({
        summary: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        campaign_performance: '<p><a href="javascript:x">link</a> <strong>bold</strong></p>',
        creative_effectiveness: '<iframe src="//evil"></iframe><p>ok</p>',
        geographic_distribution: '<p style="color:red">red</p>',
        response_profile: '<p>fine</p>',
      }),
  };
  useAnalysisWriter(evil);
  try {
    const r = await restCall(t, token, 'analysis', payloadOf({ ...filter(), dayparts: [3] }));
    expect(r.body.summary_data).toEqual({
      summary: '<p>Hi</p>',
      campaign_performance: '<p>link <strong>bold</strong></p>',
      creative_effectiveness: '<p>ok</p>',
      geographic_distribution: '<p>red</p>',
      response_profile: '<p>fine</p>',
    });
  } finally {
    useAnalysisWriter(new TemplateAnalysisWriter());
  }
});

test('an empty range gives the no-data sentences, not an error', async () => {
  const r = await restCall(t, token, 'analysis', payloadOf({ ...filter(), start: '2026-01-01', end: '2026-01-02' }));
  expect(r.status).toBe(200);
  expect(r.body.summary_data.campaign_performance).toMatch(/No impressions/);
});

test('a full refresh (11 calls at once) reads the response cube once', async () => {
  const ds = t.gateway.app.ds;
  const original = ds.query.bind(ds);
  const seen: string[] = [];
  (ds as any).query = (sql: string, ...rest: any[]) => {
    seen.push(sql);
    return original(sql, ...rest);
  };
  try {
    const payload = payloadOf({ ...filter(), regions: ['AUK', 'WGN', 'UNK'] });
    const names = [
      'impression_summary',
      'impressions_before_visit',
      'responses_by_region',
      'responses_by_site',
      'responses_over_time',
      'visit_response_timing',
      'platform_creative_performance',
      'creative_performance_summary',
      'creative_performance_cost',
      'impression_heatmap',
      'analysis',
    ];
    const answers = await Promise.all(names.map((n) => restCall(t, token, n, payload)));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
  } finally {
    (ds as any).query = original;
  }
  expect(seen.filter((s) => s.includes('ROW_NUMBER()')).length).toBe(1);
  expect(seen.filter((s) => s.includes('FROM impression_rollup r')).length).toBe(1);
});
