import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import type { TestGateway } from '../support/gateway';
import { ingestAndSettle, superAdminToken, type IngestLine } from '../support/pipeline';

const HOUR = 3600 * 1000;
/** More than five regions, so the panel offers 'Show all N regions'. */
export const TRAFFIC_REGIONS = ['AUK', 'WGN', 'CAN', 'WKO', 'BOP', 'OTA', 'NTL'];

/**
 * The demo world plus attributed traffic on its first customer (Southern Cross) only: households in
 * seven regions see impressions at every hour of 2-9 days ago on every impression tag, and about a
 * third of them visit the site tags minutes to days later. The other customers stay empty (the
 * dashboard's no-data state). Deterministic, so reruns see the same numbers.
 */
export async function seedDashboardTraffic(t: TestGateway, now = Date.now()) {
  const ds = t.gateway.app.ds;
  const world = await createDemoWorld(ds);
  const customerId = world.customerIds[0];
  const tags: { tag_key: string }[] = await ds.query(
    'SELECT tag_key FROM impression_tag WHERE customer_id = ? ORDER BY id',
    [customerId],
  );
  const sites: { tag_key: string }[] = await ds.query(
    'SELECT tag_key FROM site_tag WHERE customer_id = ? ORDER BY id',
    [customerId],
  );
  const lines: IngestLine[] = [];
  const households = 240;
  for (let h = 0; h < households; h++) {
    const household = String(9_000_000 + h);
    const region = TRAFFIC_REGIONS[h % TRAFFIC_REGIONS.length];
    const views = 1 + (h % 6);
    let last = 0;
    for (let v = 0; v < views; v++) {
      const ts = now - (2 * 24 + ((h * 7 + v * 13) % (7 * 24))) * HOUR - ((h * 17 + v) % 60) * 60_000;
      last = Math.max(last, ts);
      lines.push({
        type: 'impression',
        tag: tags[(h + v) % tags.length].tag_key,
        ts: new Date(ts).toISOString(),
        household,
        region,
        id: `e2e-imp-${h}-${v}`,
      });
    }
    if (h % 3 === 0) {
      // 10 minutes, 5 hours or 2 days after the household's latest impression.
      const delay = [10 * 60_000, 5 * HOUR, 2 * 24 * HOUR][h % 9 === 0 ? 0 : h % 2 === 0 ? 1 : 2];
      const ts = Math.min(last + delay, now - HOUR);
      lines.push({
        type: 'visit',
        tag: sites[h % sites.length].tag_key,
        ts: new Date(ts).toISOString(),
        household,
        region,
        url: `https://southerncrossinsurance.co.nz/p/${h % 5}`,
        id: `e2e-hit-${h}`,
      });
    }
  }
  const answer = await ingestAndSettle(t, await superAdminToken(t), lines);
  if (answer.rejected) throw new Error(`dashboard traffic rejected: ${JSON.stringify(answer.errors.slice(0, 3))}`);
  return { customerId, customerIds: world.customerIds };
}
