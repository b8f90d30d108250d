import type { DataSource } from 'typeorm';

/** The trailing window of ping_count: hits older than this count in no ping. */
export const PING_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Site tag health (docs/design.md#collection): ping_count = hits in the trailing 24 hours, ping_date = the last hit
 * (null when none in 24 hours). Recomputed for tags with new hits, and for every tag that still
 * shows pings so the counts decay as time passes.
 */
export async function refreshPings(ds: DataSource, siteTagIds: number[] | 'stale'): Promise<void> {
  const since = new Date(Date.now() - PING_WINDOW_MS);
  let ids = siteTagIds;
  if (ids === 'stale') {
    const rows: { id: number }[] = await ds.query(
      'SELECT id FROM site_tag WHERE ping_count > 0 OR ping_date IS NOT NULL',
    );
    ids = rows.map((r) => Number(r.id));
  }
  for (let i = 0; i < ids.length; i += 500) {
    await ds.query(
      `UPDATE site_tag st
       LEFT JOIN (SELECT site_tag_id, COUNT(*) AS n, MAX(ts) AS last FROM site_hit
                  WHERE site_tag_id IN (?) AND ts > ? GROUP BY site_tag_id) h ON h.site_tag_id = st.id
       SET st.ping_count = COALESCE(h.n, 0), st.ping_date = h.last
       WHERE st.id IN (?)`,
      [ids.slice(i, i + 500), since, ids.slice(i, i + 500)],
    );
  }
}

/**
 * Marks the tags whose first event a batch just committed (first_hit_at, docs/design.md#live-view), so the
 * Campaign management screen shows "Receiving" for them. After the commit, like the pings: only tags still
 * unmarked are written, and updated_at (the user's last edit) is kept.
 */
export async function markFirstHits(ds: DataSource, tags: { impression: number[]; site: number[] }): Promise<void> {
  const now = new Date();
  for (const [table, ids] of [
    ['impression_tag', tags.impression],
    ['site_tag', tags.site],
  ] as const) {
    for (let i = 0; i < ids.length; i += 500) {
      await ds.query(
        `UPDATE ${table} SET first_hit_at = ?, updated_at = updated_at WHERE id IN (?) AND first_hit_at IS NULL`,
        [now, ids.slice(i, i + 500)],
      );
    }
  }
}
