import { z } from 'zod';
import { DASHBOARD_CALLS } from '../../gateway/src/modules/analytics/calls/registry';
import { referenceAnswers, referenceWhatIf, type RefCustomer } from '../reference/metrics';
import { referenceReachLift } from '../reference/reach-lift';
import { INVALID_CALLS, SECTION_4B_CALLS, SECTION_4_CALLS, SELECTIONS, TEXT_CALLS, WHAT_IF_CALLS } from './compare';

/**
 * A call is one registry entry, and the suites must follow it: every call of the registry is computed by
 * the reference calculator (or is the written analysis), sits in the lists the REST/GraphQL suites walk,
 * and has a GraphQL selection that reads every field of its answer. Adding a call without its checks
 * fails here, naming what is missing.
 */
const names: string[] = DASHBOARD_CALLS.map((c) => c.name);

const nobody: RefCustomer = {
  id: 1,
  timeZone: 'Pacific/Auckland',
  country: 'NZ',
  cpmOfBooking: new Map(),
  creativeName: new Map(),
  creativeFormat: new Map(),
  channelName: new Map(),
  siteName: new Map(),
};
const noFilter = { customerId: 1, start: '2026-10-01', end: '2026-10-02' };

test('call names and answer types are unique', () => {
  expect(new Set(names).size).toBe(names.length);
  const ids = DASHBOARD_CALLS.map((c) => z.globalRegistry.get(c.answer)?.id);
  expect(new Set(ids).size).toBe(names.length);
});

test('the reference calculator computes every numeric call', () => {
  const computed = [
    ...Object.keys(referenceAnswers(nobody, [], [], noFilter)),
    ...Object.keys(referenceReachLift(nobody, [], [], [], noFilter)),
    ...(referenceWhatIf(nobody, [], [], noFilter).length > 0 ? WHAT_IF_CALLS : []),
    ...INVALID_CALLS, // referenceInvalidTraffic (tests/reference/invalid-traffic.ts)
  ];
  const textual: readonly string[] = TEXT_CALLS;
  expect(names.filter((n) => !computed.includes(n) && !textual.includes(n))).toEqual([]);
});

test("every call is in the suites' lists, and the lists name no call the registry lacks", () => {
  const listed: string[] = [...SECTION_4_CALLS, ...SECTION_4B_CALLS, ...TEXT_CALLS, ...WHAT_IF_CALLS, ...INVALID_CALLS];
  expect({
    unlisted: names.filter((n) => !listed.includes(n)),
    unknown: listed.filter((n) => !names.includes(n)),
  }).toEqual({ unlisted: [], unknown: [] });
  expect(names.filter((n) => !SELECTIONS[n])).toEqual([]);
});

/** Field paths of a zod answer (`table_data.Views`); always-empty `[]`/`{}` and JSON leaves are one path. */
function zodPaths(schema: z.ZodType, prefix = ''): string[] {
  let s = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional) s = s.unwrap() as z.ZodType;
  if (s instanceof z.ZodArray) return zodPaths(s.element as z.ZodType, prefix);
  if (s instanceof z.ZodObject && Object.keys(s.shape).length > 0) {
    return Object.entries(s.shape).flatMap(([k, v]) => zodPaths(v as z.ZodType, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** Field paths of a GraphQL selection such as `table_data { Views } summary_data`. */
function selectionPaths(selection: string): string[] {
  const tokens = selection.match(/[A-Za-z_]\w*|[{}]/g) ?? [];
  const out: string[] = [];
  const stack: string[] = [];
  tokens.forEach((tok, i) => {
    if (tok === '{') stack.push(tokens[i - 1]);
    else if (tok === '}') stack.pop();
    else if (tokens[i + 1] !== '{') out.push([...stack, tok].join('.'));
  });
  return out;
}

test.each(names)('the GraphQL selection of %s reads every field of its answer', (name) => {
  const call = DASHBOARD_CALLS.find((c) => c.name === name)!;
  // The optional `comparison` (answered only with a compare range) is read by compare-periods.test.ts.
  const paths = zodPaths(call.answer).filter((p) => !p.startsWith('comparison.'));
  expect(selectionPaths(SELECTIONS[name] ?? '').sort()).toEqual(paths.sort());
});
