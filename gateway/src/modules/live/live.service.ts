import type { EntityManager } from 'typeorm';
import type { Actor } from '@infinitum/rules';
import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';

/**
 * The live view (docs/design.md#live-view): what the ETL has committed for one customer in the last 30 minutes,
 * per minute: impressions, site hits, and live responses (households whose hit came within the touch window
 * after one of the customer's impressions), and the tags that fired with their last hit. Read from the event
 * tables, so every gateway serves the same figures whatever process wrote them.
 */

export const LIVE_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** docs/design.md#visits-and-attribution's default touch window (7 x 24 h). */
const TOUCH_MS = 7 * DAY;

export interface LiveMinute {
  minute: string;
  impressions: number;
  hits: number;
  responses: number;
}

export interface LiveTag {
  kind: 'impression' | 'site';
  id: number;
  name: string;
  hits: number;
  last_hit: string;
}

export interface LiveSnapshot {
  customer_id: number;
  /** ISO time the figures were read. */
  as_of: string;
  minutes: LiveMinute[];
  impressions: number;
  hits: number;
  responses: number;
  tags: LiveTag[];
  /** The customer's tags that have ever received a hit (first_hit_at set), by id: "Receiving" on Campaign management. */
  received: { impression: number[]; site: number[] };
}

const sqlTime = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
const sqlDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`)).toISOString();

/** The customer's live figures now (visibility already checked). */
export async function readLive(em: EntityManager, customerId: number, now = Date.now()): Promise<LiveSnapshot> {
  const end = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  const start = end - LIVE_MINUTES * MINUTE;
  const from = sqlTime(start);
  // Bounded at the end too: an event stamped ahead of this clock waits until its minute.
  const to = sqlTime(end);
  // local_date leads the impression index: any time zone's date of the window lies within a day either side.
  const days = [sqlDay(start - DAY), sqlDay(end + DAY)];
  const [imps, hits, responses, impTags, siteTags, receivedImp, receivedSite] = await Promise.all([
    em.query(
      `SELECT FLOOR(TIMESTAMPDIFF(SECOND, ?, ts) / 60) AS m, COUNT(*) AS n FROM impression_event
        WHERE customer_id = ? AND local_date BETWEEN ? AND ? AND ts >= ? AND ts < ? GROUP BY m`,
      [from, customerId, days[0], days[1], from, to],
    ) as Promise<{ m: number; n: number }[]>,
    em.query(
      `SELECT FLOOR(TIMESTAMPDIFF(SECOND, ?, h.ts) / 60) AS m, COUNT(*) AS n FROM site_hit h
        JOIN site_tag s ON s.id = h.site_tag_id AND s.customer_id = ?
        WHERE h.ts >= ? AND h.ts < ? GROUP BY m`,
      [from, customerId, from, to],
    ) as Promise<{ m: number; n: number }[]>,
    em.query(
      `SELECT FLOOR(TIMESTAMPDIFF(SECOND, ?, first_ts) / 60) AS m, COUNT(*) AS n FROM (
         SELECT h.household_id, MIN(h.ts) AS first_ts FROM site_hit h
           JOIN site_tag s ON s.id = h.site_tag_id AND s.customer_id = ?
          WHERE h.ts >= ? AND h.ts < ? AND h.customer_id = ?
            AND EXISTS (SELECT 1 FROM impression_event i
                         WHERE i.customer_id = h.customer_id AND i.household_id = h.household_id
                           AND i.ts <= h.ts AND i.ts > h.ts - INTERVAL ? SECOND)
          GROUP BY h.household_id
       ) r GROUP BY m`,
      [from, customerId, from, to, customerId, TOUCH_MS / 1000],
    ) as Promise<{ m: number; n: number }[]>,
    em.query(
      `SELECT t.id, CONCAT(b.booking_name, ' - ', c.description) AS name, x.n, x.last_ts FROM (
         SELECT impression_tag_id AS id, COUNT(*) AS n, MAX(ts) AS last_ts FROM impression_event
          WHERE customer_id = ? AND local_date BETWEEN ? AND ? AND ts >= ? AND ts < ? GROUP BY impression_tag_id
       ) x JOIN impression_tag t ON t.id = x.id
         LEFT JOIN booking b ON b.id = t.booking_id LEFT JOIN creative c ON c.id = t.creative_id`,
      [customerId, days[0], days[1], from, to],
    ) as Promise<{ id: number; name: string | null; n: number; last_ts: Date | string }[]>,
    em.query(
      `SELECT s.id, s.tag_description AS name, COUNT(*) AS n, MAX(h.ts) AS last_ts FROM site_hit h
        JOIN site_tag s ON s.id = h.site_tag_id AND s.customer_id = ?
        WHERE h.ts >= ? AND h.ts < ? GROUP BY s.id, s.tag_description`,
      [customerId, from, to],
    ) as Promise<{ id: number; name: string | null; n: number; last_ts: Date | string }[]>,
    em.query('SELECT id FROM impression_tag WHERE customer_id = ? AND first_hit_at IS NOT NULL ORDER BY id', [
      customerId,
    ]) as Promise<{ id: number }[]>,
    em.query('SELECT id FROM site_tag WHERE customer_id = ? AND first_hit_at IS NOT NULL ORDER BY id', [
      customerId,
    ]) as Promise<{ id: number }[]>,
  ]);
  const minutes: LiveMinute[] = Array.from({ length: LIVE_MINUTES }, (_, i) => ({
    minute: new Date(start + i * MINUTE).toISOString(),
    impressions: 0,
    hits: 0,
    responses: 0,
  }));
  const slot = (m: number) => minutes[Number(m)];
  for (const r of imps) if (slot(r.m)) slot(r.m).impressions += Number(r.n);
  for (const r of hits) if (slot(r.m)) slot(r.m).hits += Number(r.n);
  for (const r of responses) if (slot(r.m)) slot(r.m).responses += Number(r.n);
  const tags: LiveTag[] = [
    ...impTags.map((t) => ({
      kind: 'impression' as const,
      id: Number(t.id),
      name: t.name ?? `Impression tag ${t.id}`,
      hits: Number(t.n),
      last_hit: iso(t.last_ts),
    })),
    ...siteTags.map((t) => ({
      kind: 'site' as const,
      id: Number(t.id),
      name: t.name ?? `Site tag ${t.id}`,
      hits: Number(t.n),
      last_hit: iso(t.last_ts),
    })),
  ].sort((a, b) => (a.last_hit < b.last_hit ? 1 : a.last_hit > b.last_hit ? -1 : a.name < b.name ? -1 : 1));
  const sum = (k: 'impressions' | 'hits' | 'responses') => minutes.reduce((s, m) => s + m[k], 0);
  return {
    customer_id: customerId,
    as_of: new Date(now).toISOString(),
    minutes,
    impressions: sum('impressions'),
    hits: sum('hits'),
    responses: sum('responses'),
    tags,
    received: { impression: receivedImp.map((r) => Number(r.id)), site: receivedSite.map((r) => Number(r.id)) },
  };
}

/** One snapshot for a caller who may see the customer (another tenant's: 404 like an unknown one). */
export async function liveSnapshot(app: AppContext, actor: Actor, customerId: number): Promise<LiveSnapshot> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  return readLive(app.ds.manager, customerId);
}

type Listener = (s: LiveSnapshot) => void;

/**
 * One reader per customer however many viewers: it reads the committed events every `tickMs` and pushes to
 * the viewers only when the figures changed (and each new viewer gets the latest at once).
 */
export class LiveHub {
  private readonly feeds = new Map<
    number,
    { listeners: Set<Listener>; timer: NodeJS.Timeout; last?: LiveSnapshot; key?: string; busy: boolean }
  >();

  constructor(
    private readonly em: EntityManager,
    private readonly tickMs: number,
  ) {}

  subscribe(customerId: number, listener: Listener): () => void {
    let feed = this.feeds.get(customerId);
    if (!feed) {
      const f = { listeners: new Set<Listener>(), busy: false } as {
        listeners: Set<Listener>;
        timer: NodeJS.Timeout;
        last?: LiveSnapshot;
        key?: string;
        busy: boolean;
      };
      f.timer = setInterval(() => void this.tick(customerId), this.tickMs);
      f.timer.unref();
      this.feeds.set(customerId, f);
      feed = f;
      void this.tick(customerId);
    } else if (feed.last) {
      listener(feed.last);
    }
    feed.listeners.add(listener);
    return () => {
      const current = this.feeds.get(customerId);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size === 0) {
        clearInterval(current.timer);
        this.feeds.delete(customerId);
      }
    };
  }

  private async tick(customerId: number) {
    const feed = this.feeds.get(customerId);
    if (!feed || feed.busy) return;
    feed.busy = true;
    try {
      const s = await readLive(this.em, customerId);
      const key = JSON.stringify({ ...s, as_of: undefined });
      if (key !== feed.key) {
        feed.key = key;
        feed.last = s;
        for (const l of feed.listeners) l(s);
      }
    } catch {
      // A failed read (the database restarting) is retried on the next tick.
    } finally {
      feed.busy = false;
    }
  }

  close() {
    for (const f of this.feeds.values()) clearInterval(f.timer);
    this.feeds.clear();
  }
}
