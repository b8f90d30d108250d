import { createDemoWorld } from '../../gateway/src/seed/demo-world';
import type { TestGateway } from '../support/gateway';
import { ingestAndSettle, superAdminToken, type IngestLine } from '../support/pipeline';

const HOUR = 3600 * 1000;

/**
 * The demo world plus real traffic pushed through ingest and the ETL, so the Overview shows
 * non-zero numbers: impressions on every impression tag 1-5 days back (dates the browser's
 * "today" already covers in any time zone), and site hits in the last 24 hours on the first
 * customer only, so it has healthy tags and the others show tag issues.
 */
export async function seedDemoTraffic(t: TestGateway): Promise<{ impressions: number }> {
  const ds = t.gateway.app.ds;
  const world = await createDemoWorld(ds);
  const tags: { tag_key: string }[] = await ds.query('SELECT tag_key FROM impression_tag ORDER BY id');
  const sites: { tag_key: string }[] = await ds.query(
    'SELECT tag_key FROM site_tag WHERE customer_id = ? ORDER BY id',
    [world.customerIds[0]],
  );
  const now = Date.now();
  const lines: IngestLine[] = [];
  tags.forEach((tag, i) => {
    for (let n = 0; n < 12 + (i % 5) * 3; n++) {
      lines.push({
        type: 'impression',
        tag: tag.tag_key,
        ts: new Date(now - 26 * HOUR - ((n * 7 + i) % 96) * HOUR).toISOString(),
        ip: `203.0.113.${(n * 13 + i) % 250}`,
      });
    }
  });
  for (let n = 0; n < 150; n++) {
    lines.push({
      type: 'visit',
      tag: sites[0].tag_key,
      ts: new Date(now - (n % 20) * HOUR - 5 * 60 * 1000).toISOString(),
      ip: `203.0.113.${n % 250}`,
      url: `https://example.co.nz/p/${n % 7}`,
    });
  }
  const answer = await ingestAndSettle(t, await superAdminToken(t), lines);
  if (answer.rejected) throw new Error(`demo traffic rejected: ${JSON.stringify(answer.errors.slice(0, 3))}`);
  return { impressions: lines.filter((l) => l.type === 'impression').length };
}
