import type { DashboardData } from '../dashboard-data';

/** Per creative: impressions and spend in I(F), responses credited by last touch (docs/design.md#visits-and-attribution). */
export interface CreativeFigures {
  creativeId: number;
  creative: string;
  duration: string;
  impressions: number;
  spend: number;
  responses: number;
}

export async function creativeFigures(data: DashboardData): Promise<CreativeFigures[]> {
  const [cc, responses, names] = await Promise.all([data.impressions(), data.responses(), data.names()]);
  const byCreative = new Map<number, CreativeFigures>();
  const entry = (creativeId: number) => {
    let e = byCreative.get(creativeId);
    if (!e) {
      const n = names.creatives.get(creativeId);
      e = {
        creativeId,
        creative: n?.description ?? `Creative ${creativeId}`,
        duration: n?.format ?? '',
        impressions: 0,
        spend: 0,
        responses: 0,
      };
      byCreative.set(creativeId, e);
    }
    return e;
  };
  for (const r of cc.byCell) {
    const e = entry(r.creativeId);
    e.impressions += r.impressions;
    e.spend += r.spend;
  }
  for (const r of responses.byTouch) entry(r.creativeId).responses += r.responses;
  return [...byCreative.values()];
}
