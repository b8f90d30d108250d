import { recomputeChange, recomputePending } from '../../gateway/src/modules/attribution/recompute';
import { referenceAnswers } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { answerMismatches, restCall, SECTION_4_CALLS } from './compare';
import { fillImpressionEvents } from './fill-impression-events';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { lateHits } from './late-hits';
import { filterCases, payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, type WorldCustomer } from './world';

/**
 * docs/design.md#attribution-settings: the recompute that puts asked-for windows in force. The tables start as the
 * ETL writes them for a customer with the default windows (touches 7 x 24 h deep); a change to a longer W widens
 * the table and backfills it day by day, and until its switch every answer is still the old windows'; a newer
 * change supersedes a running one; a shorter W switches at once.
 */
const HOUR = 3600 * 1000;
let t: TestGateway;
let token: string;
let c: WorldCustomer;
let events: ReturnType<typeof generateEvents>;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  token = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Recompute Ltd'));
  events = generateEvents(c, {
    seed: 17,
    fromMs: Date.parse('2026-08-25T00:00:00Z'),
    toMs: Date.parse('2026-10-06T00:00:00Z'),
    impressions: 1200,
  });
  events.hits.push(...lateHits(c, events.impressions, 'r17'));
  await fillTables(t, c, events.impressions, events.hits, 168 * HOUR);
  // The backfill reads the raw impressions.
  await fillImpressionEvents(
    t,
    'impression_event',
    c,
    events.impressions,
    (i) => c.impressionTags.get(`${i.bookingId}:${i.creativeId}`)!.id,
  );
});
afterAll(() => t.close());

const ask = async (w: number, s: number): Promise<number> => {
  const [cur] = await t.gateway.app.ds.query(
    'SELECT touch_window_hours AS w, same_day_window_hours AS s FROM customer WHERE id = ?',
    [c.id],
  );
  const res = await t.gateway.app.ds.query(
    `INSERT INTO attribution_change (customer_id, from_touch_hours, from_same_day_hours, touch_hours, same_day_hours)
     VALUES (?, ?, ?, ?, ?)`,
    [c.id, cur.w, cur.s, w, s],
  );
  return Number(res.insertId);
};

const changeRow = async (id: number) => {
  const [r] = await t.gateway.app.ds.query(
    'SELECT status, days_done, days_total, started_at, finished_at FROM attribution_change WHERE id = ?',
    [id],
  );
  return { ...r, days_done: Number(r.days_done), days_total: Number(r.days_total) };
};

/** The section-4 answers on REST against the reference at windows (w, s), for the first `cases` filter cases. */
async function mismatches(w: number, s: number, cases = 16): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, filter } of filterCases(c, '2026-09-20', '2026-10-04').slice(0, cases)) {
    const expected = referenceAnswers(refCustomer(c), events.impressions, events.hits, filter, {
      touchMs: w * HOUR,
      sameDayMs: s * HOUR,
    });
    await Promise.all(
      SECTION_4_CALLS.map(async (call) => {
        const rest = await restCall(t, token, call, payloadOf(filter));
        if (rest.status !== 200) problems.push(`${name} ${call} ${rest.status}`);
        else problems.push(...answerMismatches(call, rest.body, expected[call]).map((p) => `${name} ${call} ${p}`));
      }),
    );
  }
  return problems.slice(0, 20);
}

test('a longer window is backfilled day by day; answers stay the old ones until the switch; a newer change supersedes', async () => {
  expect(await mismatches(168, 24)).toEqual([]);
  const first = await ask(336, 24);
  let second = 0;
  const seen: { id: number; done: number; total: number; problems: string[] }[] = [];
  await recomputePending(t.gateway.app, 'test-owner', {
    afterDay: async (done, total) => {
      const id = second && (await changeRow(second)).status === 'running' ? second : first;
      // Mid-way: the change shows its progress, and the dashboard still answers with the windows in force.
      const problems = done === 1 ? await mismatches(168, 24, 4) : [];
      seen.push({ id, done, total, problems });
      if (id === first && done === 2) second = await ask(720, 48);
    },
  });
  const firstSeen = seen.filter((x) => x.id === first);
  const secondSeen = seen.filter((x) => x.id === second);
  // The first change stopped after the day on which the second was asked for.
  expect(firstSeen.map((x) => x.done)).toEqual([1, 2]);
  expect(firstSeen[0].total).toBeGreaterThan(20);
  expect(secondSeen.length).toBe(secondSeen[0].total);
  expect(seen.flatMap((x) => x.problems)).toEqual([]);
  expect(await changeRow(first)).toMatchObject({ status: 'superseded', days_done: 2 });
  const done = await changeRow(second);
  expect(done).toMatchObject({ status: 'done', days_done: secondSeen[0].total, days_total: secondSeen[0].total });
  expect(done.finished_at).not.toBeNull();
  const [cust] = await t.gateway.app.ds.query(
    'SELECT touch_window_hours AS w, same_day_window_hours AS s, touch_table_hours AS tt FROM customer WHERE id = ?',
    [c.id],
  );
  expect([Number(cust.w), Number(cust.s), Number(cust.tt)]).toEqual([720, 48, 720]);
  expect(await mismatches(720, 48)).toEqual([]);
  // Touches 20 days before their visit now exist: the late visits count.
  const timing = await restCall(
    t,
    token,
    'visit_response_timing',
    payloadOf({ customerId: c.id, start: '2026-09-20', end: '2026-10-04' }),
  );
  expect(timing.body.summary_data.Beyond_Week).toBeGreaterThan(0);
}, 240_000);

test('a shorter window, or a new same-day window, switches at once with nothing to recompute', async () => {
  const id = await ask(24, 6);
  expect(await recomputeChange(t.gateway.app.ds, c.id)).toBe('done');
  expect(await changeRow(id)).toMatchObject({ status: 'done', days_done: 0, days_total: 0 });
  expect(await mismatches(24, 6)).toEqual([]);
  // Back to the defaults: the table still holds 30 days, so again no backfill, and the summaries answer again.
  const back = await ask(168, 24);
  expect(await recomputeChange(t.gateway.app.ds, c.id)).toBe('done');
  expect(await changeRow(back)).toMatchObject({ status: 'done', days_total: 0 });
  expect(await mismatches(168, 24)).toEqual([]);
  expect(await recomputeChange(t.gateway.app.ds, c.id)).toBe('none');
}, 240_000);
