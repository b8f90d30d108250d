import { referenceAnswers } from '../reference/metrics';
import { BROWSER } from '../support/browser-agent';
import { referenceReachLift } from '../reference/reach-lift';
import type { RefHit, RefImpression } from '../reference/types';
import type { TestGateway } from '../support/gateway';
import {
  hitLine,
  ingest,
  ingestAndSettle,
  impressionLine,
  startPipelineGateway,
  superAdminToken,
  waitForIdle,
} from '../support/pipeline';
import { answerMismatches, gqlCall, restCall, SECTION_4_CALLS } from './compare';
import { generateEvents } from './generate';
import { generateHoldout } from './generate-holdout';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, type WorldCustomer } from './world';

/**
 * docs/design.md#reach-frequency-and-lift end to end: exposed and control impressions ("control": true) and site hits pushed
 * through bulk ingest, the stream and the ETL. Control impressions land in their own table, every
 * section 4 call still equals the reference computed without them, and reach_frequency and
 * incremental_lift equal the 4b reference, for every filter, on REST and GraphQL.
 */
let t: TestGateway;
let token: string;
let c: WorldCustomer;
let impressions: RefImpression[];
let controls: RefImpression[];
let hits: RefHit[];
const SECTION_4 = SECTION_4_CALLS;
const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);
const tagKey = (i: RefImpression) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.key;

beforeAll(async () => {
  t = await startPipelineGateway();
  token = await superAdminToken(t);
  const orgs = await makeBroadcasterWorld(t);
  c = await makeCustomer(t, orgs.broadcasterId, {
    name: 'Holdout Ltd',
    creatives: 3,
    siteTags: 3,
    bookings: [
      { campaign: 0, channel: 0, cpm: 11, start: '2026-09-01', end: '2026-10-31' },
      { campaign: 1, channel: 1, cpm: 25.5, start: '2026-09-01', end: '2026-10-31' },
    ],
  });
  const range = { fromMs: Date.parse('2026-09-18T00:00:00Z'), toMs: Date.parse('2026-10-05T00:00:00Z') };
  const events = generateEvents(c, { seed: 23, ...range, impressions: 900, households: 250 });
  const holdout = generateHoldout(c, events, { seed: 23, ...range, controls: 500, controlHouseholds: 180 });
  impressions = events.impressions;
  controls = holdout.controls;
  hits = [...events.hits, ...holdout.hits];
  const siteKey = new Map(c.siteTags.map((s) => [s.id, s.key]));
  const lines = [
    ...impressions.map((i) => impressionLine(i, tagKey)),
    ...controls.map((i) => ({ ...impressionLine(i, tagKey), control: true })),
    ...hits.map((h) => hitLine(h, (x) => siteKey.get(x.siteTagId)!)),
  ];
  const answer = await ingestAndSettle(t, token, lines);
  expect(answer.rejected).toBe(0);
}, 120_000);
afterAll(() => t.close());

test('control impressions are stored apart from the exposed ones', async () => {
  const [row] = await q(
    `SELECT (SELECT COUNT(*) FROM impression_event WHERE customer_id = ?) AS exposed,
            (SELECT COUNT(*) FROM control_impression_event WHERE customer_id = ?) AS control`,
    [c.id, c.id],
  );
  expect({ exposed: Number(row.exposed), control: Number(row.control) }).toEqual({
    exposed: impressions.length,
    control: controls.length,
  });
});

test('ctl=1 on the impression pixel stores a control impression; without it an exposed one', async () => {
  const tag = [...c.impressionTags.values()][0];
  const count = async (table: string) =>
    Number(
      (await q(`SELECT COUNT(*) AS n FROM ${table} WHERE impression_tag_id = ? AND household_id = 424242`, [tag.id]))[0]
        .n,
    );
  for (const path of [
    `/t/i/${tag.key}?hh=424242&ctl=1&cb=1`,
    `/t/i/${tag.key}?ctl=1&hh=424242`,
    `/t/i/${tag.key}?hh=424242&cb=3`,
  ]) {
    const res = await fetch(t.url + path, BROWSER);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(43);
  }
  await waitForIdle(t, token);
  expect({ control: await count('control_impression_event'), exposed: await count('impression_event') }).toEqual({
    control: 2,
    exposed: 1,
  });
});

test('bulk ingest refuses a control flag that is not a boolean, or on a visit', async () => {
  const tag = [...c.impressionTags.values()][0];
  const ts = new Date().toISOString();
  const r = await ingest(t, token, [
    { type: 'impression', tag: tag.key, ts, household: '77', control: 'yes' as unknown as boolean },
    { type: 'visit', tag: c.siteTags[0].key, ts, household: '77', control: true },
    { type: 'impression', tag: tag.key, ts, household: '77', control: false, id: 'h16-not-control' },
  ]);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    accepted: 1,
    rejected: 2,
    errors: [
      { line: 1, reason: 'control must be true or false' },
      { line: 2, reason: 'control is only for impressions' },
    ],
  });
  await waitForIdle(t, token);
  expect(await q("SELECT COUNT(*) AS n FROM impression_event WHERE event_id = 'h16-not-control'")).toEqual([{ n: 1 }]);
});

/** Every call's REST and GraphQL answers for one filter (fetched before the slow reference runs). */
async function answersOf(calls: readonly string[], payload: unknown) {
  const out = [];
  for (const name of calls) {
    out.push({ name, rest: await restCall(t, token, name, payload), g: await gqlCall(t, token, name, payload) });
  }
  return out;
}

function mismatches(label: string, answers: Awaited<ReturnType<typeof answersOf>>, expected: any): string[] {
  const problems: string[] = [];
  for (const { name, rest, g } of answers) {
    problems.push(...answerMismatches(name, rest.body, expected[name]).map((p) => `${label} REST ${name} ${p}`));
    if (g.errors) problems.push(`${label} GQL ${name} ${JSON.stringify(g.errors)}`);
    else problems.push(...answerMismatches(name, g.data[name], expected[name]).map((p) => `${label} GQL ${name} ${p}`));
  }
  return problems;
}

test.each(Array.from({ length: 13 }, (_, i) => i))(
  'filter case %i: section 4 ignores the control impressions; 4b equals its reference',
  async (i) => {
    const { name, filter } = filterCases(c, '2026-09-20', '2026-10-04')[i];
    const section4 = await answersOf(SECTION_4, payloadOf(filter));
    const beyond = await answersOf(['reach_frequency', 'incremental_lift'], payloadOf(filter));
    const ref = refCustomer(c);
    const problems = [
      ...mismatches(name, section4, referenceAnswers(ref, impressions, hits, filter)),
      ...mismatches(name, beyond, referenceReachLift(ref, impressions, controls, hits, filter)),
    ];
    expect(problems.slice(0, 20)).toEqual([]);
  },
);

test('the unfiltered range uses the holdout, and the data has households with both kinds', () => {
  const r = referenceReachLift(refCustomer(c), impressions, controls, hits, {
    customerId: c.id,
    start: '2026-09-20',
    end: '2026-10-04',
  });
  expect(r.incremental_lift.summary_data.Method).toBe('holdout');
  const exposed = new Set(impressions.map((i) => i.household));
  expect(controls.filter((i) => exposed.has(i.household)).length).toBeGreaterThan(10);
});
