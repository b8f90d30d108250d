import { gql, call } from '../support/http';
import type { TestGateway } from '../support/gateway';

/**
 * The lists the suites check each call in (tests/dashboard/call-registry.test.ts fails when a call of the
 * registry is missing from them): the docs/design.md#visits-and-attribution calls the reference calculator's referenceAnswers computes,
 * the docs/design.md#reach-frequency-and-lift calls of referenceReachLift, and the written analysis (analysis.test.ts checks its text
 * against the reference's figures), and the attribution what-if of referenceWhatIf.
 */
export const SECTION_4_CALLS = [
  'impression_summary',
  'responses_over_time',
  'visit_response_timing',
  'impressions_before_visit',
  'impression_heatmap',
  'responses_by_region',
  'responses_by_site',
  'creative_performance_summary',
  'creative_performance_cost',
  'platform_creative_performance',
] as const;
export const SECTION_4B_CALLS = ['reach_frequency', 'incremental_lift'] as const;
export const TEXT_CALLS = ['analysis'] as const;
/** docs/design.md#attribution-what-if: the what-if, computed by referenceWhatIf (what-if.test.ts). */
export const WHAT_IF_CALLS = ['attribution_what_if'] as const;
/** docs/invalid-traffic.md#the-report: checked by invalid-traffic.test.ts against referenceInvalidTraffic. */
export const INVALID_CALLS = ['invalid_traffic'] as const;

/** GraphQL selections of every call: exactly the REST field names. */
const HEAT = 'time Sun Mon Tue Wed Thu Fri Sat Total';
export const SELECTIONS: Record<string, string> = {
  invalid_traffic:
    'table_data { Reason Label Invalid_Impressions Invalid_Visits Invalid_Spend } summary_data { Invalid_Impressions Invalid_Visits Invalid_Spend Counted_Impressions Filtered_Share }',
  impression_summary:
    'table_data summary_data { Ad_Spend Actual_Impressions Total_Responses CPM_Actual Response_Rate Current_CPR }',
  responses_over_time: 'table_data { Date Total_Impressions Same_Day Total_Responses } summary_data { correlation }',
  visit_response_timing:
    'table_data summary_data { Hour_1 Day_1 Week_1 Beyond_Week Hour_1_Perc Day_1_Perc Week_1_Perc Beyond_Week_Perc }',
  impressions_before_visit:
    'table_data { Views Impressions_Before_Visit } summary_data { Views_for_80_Percent Total_Views_Occurrence }',
  impression_heatmap: `table_data { impressions { ${HEAT} } webhits { ${HEAT} } response_ratio { ${HEAT} } } summary_data`,
  responses_by_region:
    'table_data { Region Responses Percentage Latitude Longitude } summary_data { centre_lat centre_long zoom }',
  responses_by_site: 'table_data { Site Responses Response_Rate_Percent CPR } summary_data',
  creative_performance_summary:
    'table_data { Creative Duration Total_Impressions Ad_Spend Total_Responses Response_Rate_Percent Current_CPR } summary_data',
  creative_performance_cost: 'table_data { Creative Ad_Spend Total_Responses Current_CPR } summary_data',
  platform_creative_performance: 'table_data { Platform Creative Impressions_Perc Responses_Perc } summary_data',
  reach_frequency:
    'table_data { Frequency Households Responding Response_Rate } summary_data { Reach Avg_Frequency Optimal_Frequency Approximate Sample_Rate }',
  incremental_lift:
    'table_data summary_data { Method Exposed_Households Control_Households Exposed_Rate Control_Rate Incremental_Responses Lift Lift_Low Lift_High Approximate Sample_Rate }',
  attribution_what_if:
    'table_data { Window_Hours Total_Responses Response_Rate Current_CPR } summary_data { Current_Window_Hours Actual_Impressions Ad_Spend }',
  analysis:
    'table_data summary_data { summary campaign_performance creative_effectiveness geographic_distribution response_profile }',
};

/** Main number (rows sorted by it, highest first) and identity of each call's rows. */
export const ROW_ORDER: Record<string, { main: string; key: (r: any) => string } | undefined> = {
  impressions_before_visit: { main: 'Views', key: (r) => String(r.Views) },
  responses_by_region: { main: 'Responses', key: (r) => r.Region },
  responses_by_site: { main: 'Responses', key: (r) => r.Site },
  creative_performance_summary: { main: 'Total_Responses', key: (r) => r.Creative },
  creative_performance_cost: { main: 'Ad_Spend', key: (r) => r.Creative },
  platform_creative_performance: { main: 'Responses_Perc', key: (r) => `${r.Platform}|${r.Creative}` },
};

export async function restCall(t: TestGateway, token: string, name: string, payload: unknown) {
  return call(t.url, 'POST', `/api/dashboard/${name}`, { token, body: payload });
}

export async function gqlCall(t: TestGateway, token: string, name: string, payload: unknown) {
  const q = `query($f: DashboardFilterInput!) { ${name}(filter: $f) { ${SELECTIONS[name]} } }`;
  return gql(t.url, q, { f: payload }, token);
}

/** Deep equality with a relative tolerance on numbers (sums of floats in another order). */
export function closeTo(actual: unknown, expected: unknown, path = '$'): string[] {
  // An optional field the answer leaves out: absent on REST, null on GraphQL.
  if (expected === undefined && actual === null) return [];
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return [`${path}: expected number ${expected}, got ${JSON.stringify(actual)}`];
    const tol = 1e-9 * Math.max(1, Math.abs(expected));
    return Math.abs(actual - expected) <= tol ? [] : [`${path}: expected ${expected}, got ${actual}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return [`${path}: expected ${expected.length} items, got ${JSON.stringify(actual)?.slice(0, 300)}`];
    }
    return expected.flatMap((e, i) => closeTo(actual[i], e, `${path}[${i}]`));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [`${path}: expected object, got ${JSON.stringify(actual)}`];
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((k) => closeTo((actual as any)[k], (expected as any)[k], `${path}.${k}`));
  }
  return actual === expected ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** Compares an answer with the reference: rows as sets (by key), order checked against the main number. */
export function answerMismatches(name: string, actual: any, expected: any): string[] {
  const order = ROW_ORDER[name];
  if (!order) return closeTo(actual, expected);
  const problems: string[] = [];
  const rows: any[] = actual?.table_data ?? [];
  for (let i = 1; i < rows.length; i++) {
    if (rows[i - 1][order.main] < rows[i][order.main])
      problems.push(`${name}: rows not sorted by ${order.main} at ${i}`);
  }
  const sort = (list: any[]) => [...list].sort((a, b) => (order.key(a) < order.key(b) ? -1 : 1));
  problems.push(
    ...closeTo(
      { table_data: sort(rows), summary_data: actual?.summary_data },
      { table_data: sort(expected.table_data), summary_data: expected.summary_data },
    ),
  );
  return problems;
}
