import { referenceFacts, type RefCustomer, type RefFilter } from './metrics';
import { localParts, sessionise } from './sessions';
import { DEFAULT_WINDOWS, type RefHit, type RefImpression, type RefWindows } from './types';

/**
 * The reference calculator of docs/design.md#reach-frequency-and-lift, straight from its text with plain lists: reach and frequency
 * of I(F), and the incremental lift by the holdout (control impressions, stored apart) or pre/post.
 */
const div = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function referenceReachLift(
  c: RefCustomer,
  impressions: RefImpression[],
  controls: RefImpression[],
  hits: RefHit[],
  f: RefFilter,
  w: RefWindows = DEFAULT_WINDOWS,
) {
  // I(F) and the responses are exactly section 4's (the control impressions play no part there); the pre/post
  // windows and the control's touch window are W too (docs/design.md#attribution-settings: read W for 7 x 24 h).
  const touchMs = w.touchMs;
  const { iF, responses } = referenceFacts(c, impressions, hits, f, w);
  const perHousehold = new Map<string, number>();
  for (const i of iF) perHousehold.set(i.household, (perHousehold.get(i.household) ?? 0) + 1);
  const responded = new Set(responses.map((r) => r.visit.household));
  const reach = perHousehold.size;

  const rows: { Frequency: number; Households: number; Responding: number; Response_Rate: number }[] = [];
  for (let k = 1; k <= 10; k++) {
    const hh = [...perHousehold].filter(([, n]) => (k === 10 ? n >= 10 : n === k)).map(([h]) => h);
    if (hh.length === 0) continue;
    const responding = hh.filter((h) => responded.has(h)).length;
    rows.push({ Frequency: k, Households: hh.length, Responding: responding, Response_Rate: responding / hh.length });
  }
  const eligible = rows.filter((r) => r.Households >= 30);
  let optimal = 0;
  if (eligible.length > 0) {
    const top = Math.max(...eligible.map((r) => r.Response_Rate));
    // "at least 90% of the highest", in exact rational arithmetic (R/H >= 0.9 x top).
    const topRow = eligible.find((r) => r.Response_Rate === top)!;
    optimal =
      eligible.find((r) => 10 * r.Responding * topRow.Households >= 9 * topRow.Responding * r.Households)?.Frequency ??
      0;
  }
  const reach_frequency = {
    table_data: rows,
    // The reference is exact: the answer says so (an estimate from a household sample says Approximate).
    summary_data: {
      Reach: reach,
      Avg_Frequency: div(iF.length, reach),
      Optimal_Frequency: optimal,
      ...EXACT,
    },
  };

  // C(F): the control impressions matching F exactly as I(F) would (same test as section 4).
  const controlInF = referenceFacts(c, controls, [], f, w).iF;
  const controlGroup = new Set(controlInF.map((i) => i.household).filter((h) => !perHousehold.has(h)));
  const visits = sessionise(hits.filter((h) => h.customerId === c.id));
  const siteOk = (siteTagIds: number[]) =>
    !f.sites || f.sites.length === 0 || siteTagIds.some((s) => f.sites!.includes(s));
  const inRange = (ts: number) => {
    const d = localParts(ts, c.timeZone).date;
    return d >= f.start && d <= f.end;
  };

  let summary_data;
  if (controlGroup.size >= 100) {
    const controlResponding = [...controlGroup].filter((h) =>
      visits.some(
        (v) =>
          v.household === h &&
          inRange(v.ts) &&
          siteOk(v.siteTagIds) &&
          controlInF.some((i) => i.household === h && i.ts > v.ts - touchMs && i.ts <= v.ts),
      ),
    ).length;
    const exposedResponding = [...perHousehold.keys()].filter((h) => responded.has(h)).length;
    summary_data = {
      Method: 'holdout',
      Exposed_Households: reach,
      Control_Households: controlGroup.size,
      ...lift(reach, exposedResponding, reach, controlResponding, controlGroup.size),
      ...EXACT,
    };
  } else {
    const firstHit = Math.min(...hits.filter((h) => h.customerId === c.id).map((h) => h.ts));
    let kept = 0;
    let post = 0;
    let pre = 0;
    for (const h of perHousehold.keys()) {
      const t0 = Math.min(...iF.filter((i) => i.household === h).map((i) => i.ts));
      // No site hit at all (firstHit = Infinity): every pre window starts before it; none is kept.
      if (t0 - touchMs < firstHit) continue;
      kept++;
      const mine = visits.filter((v) => v.household === h && siteOk(v.siteTagIds));
      if (mine.some((v) => v.ts > t0 && v.ts <= t0 + touchMs)) post++;
      if (mine.some((v) => v.ts > t0 - touchMs && v.ts <= t0)) pre++;
    }
    summary_data = {
      Method: 'pre_post',
      Exposed_Households: kept,
      Control_Households: 0,
      ...lift(reach, post, kept, pre, kept),
      ...EXACT,
    };
  }
  return { reach_frequency, incremental_lift: { table_data: [], summary_data } };
}

/** The labels of an exact answer (every data set below REACH_SAMPLE_MIN_IMPRESSIONS). */
const EXACT = { Approximate: false, Sample_Rate: 1 };

/** Rates, (r_e - r_c) x Reach, Lift and the Wald 95% interval of the difference over r_c. */
function lift(reach: number, xe: number, ne: number, xc: number, nc: number) {
  const re = div(xe, ne);
  const rc = div(xc, nc);
  const d = re - rc;
  const varE = ne === 0 ? 0 : (re * (1 - re)) / ne;
  const varC = nc === 0 ? 0 : (rc * (1 - rc)) / nc;
  const se = Math.sqrt(varE + varC);
  return {
    Exposed_Rate: re,
    Control_Rate: rc,
    Incremental_Responses: (re - rc) * reach,
    Lift: rc === 0 ? 0 : d / rc,
    Lift_Low: rc === 0 ? 0 : (d - 1.96 * se) / rc,
    Lift_High: rc === 0 ? 0 : (d + 1.96 * se) / rc,
  };
}
