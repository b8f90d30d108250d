import type { RefHit, RefImpression } from '../reference/types';
import { type GeneratedEvents, prng, tagImpression } from './generate';
import type { WorldCustomer } from './world';

export interface GeneratedHoldout {
  /** Control impressions (ctl=1 / "control": true). */
  controls: RefImpression[];
  /** Site hits of the control households (some of them after a control impression). */
  hits: RefHit[];
}

/**
 * Control impressions for `controlHouseholds` households of their own, plus some on households the
 * exposed events already reach (a household with both kinds counts as exposed only), with visits
 * that follow some of them (inside and just outside the 7 x 24 h window) and a few that do not.
 */
export function generateHoldout(
  c: WorldCustomer,
  exposed: GeneratedEvents,
  opts: { seed: number; fromMs: number; toMs: number; controls: number; controlHouseholds: number },
): GeneratedHoldout {
  const rnd = prng(opts.seed * 7919 + 1);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const span = opts.toMs - opts.fromMs;
  const own = Array.from({ length: opts.controlHouseholds }, (_, i) => String(5_000_000 + opts.seed * 10_000 + i));
  const both = [...new Set(exposed.impressions.map((i) => i.household))].slice(0, 40);
  const tags = [...c.impressionTags.values()];
  const regions = ['AUK', 'WGN', 'CAN', 'UNK'];
  const controls: RefImpression[] = [];
  const hits: RefHit[] = [];
  let n = 0;
  const hit = (household: string, ts: number, region: string) =>
    hits.push({
      id: `c${opts.seed}-h-${String(n++).padStart(6, '0')}`,
      customerId: c.id,
      household,
      ts,
      siteTagId: pick(c.siteTags).id,
      region,
    });
  for (let i = 0; i < opts.controls; i++) {
    const tag = pick(tags);
    const household = rnd() < 0.15 ? pick(both) : pick(own);
    const region = pick(regions);
    const ts = opts.fromMs + Math.floor(rnd() * span);
    controls.push(
      tagImpression(c, tag, { id: `c${opts.seed}-i-${String(i).padStart(6, '0')}`, household, ts, region }),
    );
    const roll = rnd();
    // Visits placed for exactness, not at any rate (the simulator models rates: simulated-holdout.test.ts):
    // inside the control touch's window, right on its edges, or just past it.
    if (roll < 0.2) hit(household, ts + Math.floor(rnd() * 7 * 86_400_000), region);
    else if (roll < 0.23) hit(household, ts, region);
    else if (roll < 0.26) hit(household, ts + 7 * 86_400_000, region);
  }
  // A few control households visit with no control impression before (never control responders).
  for (let i = 0; i < own.length / 10; i++) hit(pick(own), opts.fromMs + Math.floor(rnd() * span), 'AUK');
  return { controls, hits };
}
