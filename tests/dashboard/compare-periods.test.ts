import { yearEarlier } from '../../gateway/src/modules/analytics/calls/compare';
import { referenceAnswers, type RefFilter } from '../reference/metrics';
import { makeUser } from '../support/actors';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { gql } from '../support/http';
import { closeTo, restCall } from './compare';
import { fillTables } from './fill-tables';
import { generateEvents } from './generate';
import { payloadOf, refCustomer } from './scenario';
import { makeBroadcasterWorld, makeCustomer, referencePlan, relate, type WorldCustomer } from './world';

/**
 * Period comparison (docs/design.md#period-comparison): both ranges of a compared view equal the reference
 * calculator's answers for those ranges, and every change is the difference of the two, judged by the
 * figure's direction. REST and GraphQL alike; bad compare input is a 400 naming the field.
 */
let t: TestGateway;
let admin: string;
let c: WorldCustomer;
let other: WorldCustomer;
let events: ReturnType<typeof generateEvents>;
let agencyId: number;

// Which way each figure should move (docs/design.md#period-comparison), written here independently.
const SUMMARY_DIRECTIONS: Record<string, string> = {
  Ad_Spend: 'neutral',
  Actual_Impressions: 'up',
  Total_Responses: 'up',
  CPM_Actual: 'down',
  Response_Rate: 'up',
  Current_CPR: 'down',
};
const CREATIVE_DIRECTIONS: Record<string, string> = {
  Total_Impressions: 'up',
  Ad_Spend: 'neutral',
  Total_Responses: 'up',
  Response_Rate_Percent: 'up',
  Current_CPR: 'down',
};

function expectedChange(metric: string, value: number, before: number, better: string) {
  const change = value - before;
  let verdict = 'unchanged';
  if (change !== 0) verdict = better === 'neutral' ? 'neutral' : change > 0 === (better === 'up') ? 'better' : 'worse';
  return {
    Metric: metric,
    Value: value,
    Compare_Value: before,
    Change: change,
    Change_Percent: before === 0 ? (value === 0 ? 0 : null) : change / before,
    Better: better,
    Verdict: verdict,
  };
}

const ref = (f: RefFilter) => referenceAnswers(refCustomer(c), events.impressions, events.hits, f);

const FIGURE = 'Metric Value Compare_Value Change Change_Percent Better Verdict';
const GQL = `query($f: DashboardFilterInput!) {
  impression_summary(filter: $f) {
    summary_data { Ad_Spend Actual_Impressions Total_Responses CPM_Actual Response_Rate Current_CPR }
    comparison { mode startdate enddate
      summary_data { Ad_Spend Actual_Impressions Total_Responses CPM_Actual Response_Rate Current_CPR }
      changes { ${FIGURE} } }
  }
  responses_over_time(filter: $f) {
    table_data { Date Total_Impressions Same_Day Total_Responses }
    comparison { startdate enddate table_data { Date Total_Impressions Same_Day Total_Responses } }
  }
  creative_performance_summary(filter: $f) {
    comparison { row_changes { Key changes { ${FIGURE} } } }
  }
}`;

beforeAll(async () => {
  t = await startTestGateway();
  const orgs = await makeBroadcasterWorld(t);
  admin = (await makeUser(t, { entityType: 'SYSTEM', entityId: 0, admin: true })).token;
  c = await makeCustomer(t, orgs.broadcasterId, referencePlan('Compare Ltd'));
  other = await makeCustomer(t, orgs.broadcasterId, referencePlan('Other Ltd'));
  agencyId = orgs.agencyId;
  await relate(t, c.id, { agency_id: orgs.agencyId });
  // Traffic over both ranges compared below (and the week before, whose touches must not count).
  events = generateEvents(c, {
    seed: 5,
    fromMs: Date.parse('2026-09-08T00:00:00Z'),
    toMs: Date.parse('2026-10-06T00:00:00Z'),
    impressions: 1500,
  });
  await fillTables(t, c, events.impressions, events.hits);
});
afterAll(() => t.close());

describe('compare = previous', () => {
  const base = () => ({ customerId: c.id, start: '2026-09-24', end: '2026-10-04' });
  // 11 days: the previous period is the 11 days before.
  const previous = () => ({ ...base(), start: '2026-09-13', end: '2026-09-23' });

  test('REST: both ranges equal the reference, the changes are their differences', async () => {
    const now = ref(base());
    const before = ref(previous());
    expect(before.impression_summary.summary_data.Total_Responses).toBeGreaterThan(0);
    const payload = { ...payloadOf(base()), compare: 'previous' };

    const s = await restCall(t, admin, 'impression_summary', payload);
    expect(s.status).toBe(200);
    expect(closeTo(s.body.summary_data, now.impression_summary.summary_data)).toEqual([]);
    expect(s.body.comparison).toMatchObject({ mode: 'previous', startdate: '2026-09-13', enddate: '2026-09-23' });
    expect(closeTo(s.body.comparison.summary_data, before.impression_summary.summary_data)).toEqual([]);
    const changes = Object.entries(SUMMARY_DIRECTIONS).map(([k, dir]) =>
      expectedChange(
        k,
        (now.impression_summary.summary_data as any)[k],
        (before.impression_summary.summary_data as any)[k],
        dir,
      ),
    );
    expect(closeTo(s.body.comparison.changes, changes)).toEqual([]);

    const o = await restCall(t, admin, 'responses_over_time', payload);
    expect(o.status).toBe(200);
    expect(closeTo(o.body.table_data, now.responses_over_time.table_data)).toEqual([]);
    expect(closeTo(o.body.comparison.table_data, before.responses_over_time.table_data)).toEqual([]);
    expect(o.body.comparison.table_data).toHaveLength(o.body.table_data.length);

    const cr = await restCall(t, admin, 'creative_performance_summary', payload);
    expect(cr.status).toBe(200);
    const rowsNow = new Map(now.creative_performance_summary.table_data.map((r: any) => [r.Creative, r]));
    const rowsBefore = new Map(before.creative_performance_summary.table_data.map((r: any) => [r.Creative, r]));
    const keys = [...new Set([...rowsNow.keys(), ...rowsBefore.keys()])].sort();
    const got = [...cr.body.comparison.row_changes].sort((a: any, b: any) => (a.Key < b.Key ? -1 : 1));
    const want = keys.map((k) => ({
      Key: k,
      changes: Object.entries(CREATIVE_DIRECTIONS).map(([f, dir]) =>
        expectedChange(f, (rowsNow.get(k) as any)?.[f] ?? 0, (rowsBefore.get(k) as any)?.[f] ?? 0, dir),
      ),
    }));
    expect(closeTo(got, want)).toEqual([]);
  });

  test('GraphQL answers the same numbers', async () => {
    const now = ref(base());
    const before = ref(previous());
    const g = await gql(t.url, GQL, { f: { ...payloadOf(base()), compare: 'previous' } }, admin);
    expect(g.errors).toBeUndefined();
    expect(closeTo(g.data.impression_summary.summary_data, now.impression_summary.summary_data)).toEqual([]);
    expect(closeTo(g.data.impression_summary.comparison.summary_data, before.impression_summary.summary_data)).toEqual(
      [],
    );
    const cpr = g.data.impression_summary.comparison.changes.find((x: any) => x.Metric === 'Current_CPR');
    expect(
      closeTo(
        cpr,
        expectedChange(
          'Current_CPR',
          now.impression_summary.summary_data.Current_CPR,
          before.impression_summary.summary_data.Current_CPR,
          'down',
        ),
      ),
    ).toEqual([]);
    expect(closeTo(g.data.responses_over_time.comparison.table_data, before.responses_over_time.table_data)).toEqual(
      [],
    );
    expect(g.data.creative_performance_summary.comparison.row_changes.length).toBeGreaterThan(0);
  });

  test('with a filter, the comparison range is filtered the same way', async () => {
    const f = { ...base(), creatives: [c.creatives[0].id], sites: [c.siteTags[1].id] };
    const r = await restCall(t, admin, 'impression_summary', { ...payloadOf(f), compare: 'previous' });
    expect(r.status).toBe(200);
    const before = ref({ ...f, start: '2026-09-13', end: '2026-09-23' });
    expect(closeTo(r.body.comparison.summary_data, before.impression_summary.summary_data)).toEqual([]);
  });
});

test('compare = custom uses the given range; year uses the same dates a year earlier (no data: zeros)', async () => {
  const base = { customerId: c.id, start: '2026-09-28', end: '2026-10-04' };
  const custom = await restCall(t, admin, 'impression_summary', {
    ...payloadOf(base),
    compare: 'custom',
    compare_startdate: '2026-09-10',
    compare_enddate: '2026-09-20',
  });
  expect(custom.status).toBe(200);
  const before = ref({ ...base, start: '2026-09-10', end: '2026-09-20' });
  expect(closeTo(custom.body.comparison.summary_data, before.impression_summary.summary_data)).toEqual([]);

  const year = await restCall(t, admin, 'impression_summary', { ...payloadOf(base), compare: 'year' });
  expect(year.status).toBe(200);
  expect(year.body.comparison).toMatchObject({ mode: 'year', startdate: '2025-09-28', enddate: '2025-10-04' });
  const imp = year.body.comparison.changes.find((x: any) => x.Metric === 'Actual_Impressions');
  expect(imp.Compare_Value).toBe(0);
  expect(imp.Change_Percent).toBeNull(); // from nothing: no percentage
  expect(imp.Verdict).toBe('better');
});

test('compare off (or absent) answers no comparison; calls without one ignore it', async () => {
  const base = payloadOf({ customerId: c.id, start: '2026-09-28', end: '2026-10-04' });
  for (const payload of [base, { ...base, compare: 'off' }]) {
    const r = await restCall(t, admin, 'impression_summary', payload);
    expect(r.status).toBe(200);
    expect(r.body.comparison).toBeUndefined();
  }
  const heat = await restCall(t, admin, 'impression_heatmap', { ...base, compare: 'previous' });
  expect(heat.status).toBe(200);
  expect(heat.body.comparison).toBeUndefined();
});

test('bad compare input is a 400 naming the field; another tenant stays a 404', async () => {
  const base = payloadOf({ customerId: c.id, start: '2026-09-28', end: '2026-10-04' });
  const bad = await restCall(t, admin, 'impression_summary', { ...base, compare: 'lastweek' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('compare');
  const noDates = await restCall(t, admin, 'impression_summary', { ...base, compare: 'custom' });
  expect(noDates.status).toBe(400);
  expect(JSON.stringify(noDates.body)).toContain('compare_startdate');
  const backwards = await restCall(t, admin, 'impression_summary', {
    ...base,
    compare: 'custom',
    compare_startdate: '2026-09-20',
    compare_enddate: '2026-09-10',
  });
  expect(backwards.status).toBe(400);
  expect(JSON.stringify(backwards.body)).toContain('compare_enddate');

  // An agency user sees Compare Ltd only: a comparison of Other Ltd is refused like any of its calls.
  const agencyUser = (await makeUser(t, { entityType: 'AGENCY', entityId: agencyId, admin: false })).token;
  const mine = await restCall(t, agencyUser, 'impression_summary', { ...base, compare: 'previous' });
  expect(mine.status).toBe(200);
  const theirs = await restCall(t, agencyUser, 'impression_summary', {
    ...payloadOf({ customerId: other.id, start: '2026-09-28', end: '2026-10-04' }),
    compare: 'previous',
  });
  expect(theirs.status).toBe(404);
});

test('a year earlier keeps the month and day; 29 February becomes 28 February', () => {
  expect(yearEarlier('2026-10-04')).toBe('2025-10-04');
  expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
  expect(yearEarlier('2026-01-01')).toBe('2025-01-01');
});
