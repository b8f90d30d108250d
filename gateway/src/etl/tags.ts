import type { DataSource } from 'typeorm';

/** What a tag key resolves to (docs/design.md#collection): its customer and, for impression tags, the booking's dimensions. */
export interface ImpressionTagInfo {
  kind: 'i';
  tagId: number;
  customerId: number;
  country: string;
  timeZone: string;
  bookingId: number;
  campaignId: number;
  creativeId: number;
  channelId: number;
}
export interface SiteTagInfo {
  kind: 'v';
  tagId: number;
  customerId: number;
  country: string;
  timeZone: string;
}
export type TagInfo = ImpressionTagInfo | SiteTagInfo;

const TTL_MS = 60_000;
/** Unknown keys are remembered briefly, so a flood of bad keys costs one query per key per TTL. */
const UNKNOWN_TTL_MS = 10_000;

/** Tag key -> tag info, cached per worker; misses are looked up together, one query per kind. */
export class TagDirectory {
  private readonly cache = new Map<string, { info: TagInfo | null; until: number }>();

  constructor(private readonly ds: DataSource) {}

  async resolve(wanted: { k: 'i' | 'v'; t: string }[], now = Date.now()): Promise<Map<string, TagInfo | null>> {
    const out = new Map<string, TagInfo | null>();
    const missing = { i: new Set<string>(), v: new Set<string>() };
    for (const w of wanted) {
      const id = `${w.k}:${w.t}`;
      if (out.has(id)) continue;
      const hit = this.cache.get(id);
      if (hit && hit.until > now) out.set(id, hit.info);
      else missing[w.k].add(w.t);
    }
    if (missing.i.size) {
      const rows: Record<string, string | number>[] = await this.ds.query(
        `SELECT t.tag_key, t.id, t.customer_id, c.country_code, c.time_zone, t.booking_id, b.campaign_id, t.creative_id, b.channel_id
         FROM impression_tag t JOIN booking b ON b.id = t.booking_id JOIN customer c ON c.id = t.customer_id
         WHERE t.tag_key IN (?)`,
        [[...missing.i]],
      );
      for (const r of rows) {
        this.remember(out, `i:${r.tag_key}`, now, {
          kind: 'i',
          tagId: Number(r.id),
          customerId: Number(r.customer_id),
          country: String(r.country_code),
          timeZone: String(r.time_zone),
          bookingId: Number(r.booking_id),
          campaignId: Number(r.campaign_id),
          creativeId: Number(r.creative_id),
          channelId: Number(r.channel_id),
        });
      }
    }
    if (missing.v.size) {
      const rows: Record<string, string | number>[] = await this.ds.query(
        `SELECT t.tag_key, t.id, t.customer_id, c.country_code, c.time_zone
         FROM site_tag t JOIN customer c ON c.id = t.customer_id WHERE t.tag_key IN (?)`,
        [[...missing.v]],
      );
      for (const r of rows) {
        this.remember(out, `v:${r.tag_key}`, now, {
          kind: 'v',
          tagId: Number(r.id),
          customerId: Number(r.customer_id),
          country: String(r.country_code),
          timeZone: String(r.time_zone),
        });
      }
    }
    for (const kind of ['i', 'v'] as const) {
      for (const key of missing[kind]) {
        const id = `${kind}:${key}`;
        if (!out.has(id)) {
          out.set(id, null);
          this.cache.set(id, { info: null, until: now + UNKNOWN_TTL_MS });
        }
      }
    }
    return out;
  }

  private remember(out: Map<string, TagInfo | null>, id: string, now: number, info: TagInfo) {
    out.set(id, info);
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(id, { info, until: now + TTL_MS });
  }
}
