import type { EntityManager } from 'typeorm';
import { type DayChecksum, staleDays } from '../day-checksum';

/** Touches per day offset between visit and impression: 0..7 days, and 8 or more. */
const OFFSETS = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Keeps visit_attribution in step with the touch table for the days a dashboard range reads. The
 * day's checksum (touches, sum of visit ids, sum of CRC32 of impression ids) is an index-only read
 * of touch, ~10x cheaper than the window over every touch; only days whose checksum changed are
 * rebuilt, with the day's responses per site tag (visit_attribution_site). The checksum is taken
 * before the rebuild, so a touch written meanwhile makes the next read rebuild again rather than be
 * missed.
 */
export async function refreshAttribution(em: EntityManager, customerId: number, start: string, end: string) {
  const [current, stored]: [DayChecksum[], DayChecksum[]] = await Promise.all([
    em.query(
      `SELECT visit_local_date, COUNT(*) AS touches, SUM(visit_id) AS visit_sum, SUM(CRC32(impression_event_id)) AS crc_sum
         FROM touch WHERE customer_id = ? AND visit_local_date BETWEEN ? AND ?
        GROUP BY visit_local_date ORDER BY NULL`,
      [customerId, start, end],
    ),
    em.query(
      `SELECT visit_local_date, touches, visit_sum, crc_sum FROM visit_attribution_day
        WHERE customer_id = ? AND visit_local_date BETWEEN ? AND ?`,
      [customerId, start, end],
    ),
  ]);
  const { stale, now } = staleDays(current, stored, 'visit_local_date', ['touches', 'visit_sum', 'crc_sum']);
  if (stale.length === 0) return;
  const inDays = stale.map(() => '?').join(',');
  await em.transaction(async (tx) => {
    await tx.query(`DELETE FROM visit_attribution WHERE customer_id = ? AND visit_local_date IN (${inDays})`, [
      customerId,
      ...stale,
    ]);
    // DESIGN 4: the latest touch (ties: smaller event id as a string) and touches per day offset.
    await tx.query(
      `INSERT INTO visit_attribution (visit_id, customer_id, visit_local_date, visit_ts, act_ts, act_local_date,
              creative_id, channel_id, region, weekday, daypart, ${OFFSETS.map((k) => `v${k}`).join(', ')})
       SELECT a.visit_id, a.customer_id, a.visit_local_date, a.visit_ts, a.impression_ts, a.impression_local_date,
              a.creative_id, a.channel_id, a.region, a.weekday, a.daypart, ${OFFSETS.map((k) => `a.v${k}`).join(', ')}
         FROM (SELECT t.*,
                      ROW_NUMBER() OVER (PARTITION BY t.visit_id
                                         ORDER BY t.impression_ts DESC, CAST(t.impression_event_id AS BINARY)) AS rn,
                      ${OFFSETS.map(
                        (k) =>
                          `SUM(CASE WHEN DATEDIFF(t.visit_local_date, t.impression_local_date) ${k === 8 ? '>=' : '='} ${k} THEN 1 ELSE 0 END) OVER (PARTITION BY t.visit_id) AS v${k}`,
                      ).join(',\n                      ')}
                 FROM touch t WHERE t.customer_id = ? AND t.visit_local_date IN (${inDays})) a
        WHERE a.rn = 1`,
      [customerId, ...stale],
    );
    await tx.query(`DELETE FROM visit_attribution_site WHERE customer_id = ? AND visit_local_date IN (${inDays})`, [
      customerId,
      ...stale,
    ]);
    await tx.query(
      `INSERT INTO visit_attribution_site (customer_id, visit_local_date, act_local_date, site_tag_id, visits)
       SELECT a.customer_id, a.visit_local_date, a.act_local_date, p.site_tag_id, COUNT(*)
         FROM visit_attribution a JOIN visit_page p ON p.visit_id = a.visit_id
        WHERE a.customer_id = ? AND a.visit_local_date IN (${inDays})
        GROUP BY a.customer_id, a.visit_local_date, a.act_local_date, p.site_tag_id`,
      [customerId, ...stale],
    );
    await tx.query(`DELETE FROM visit_attribution_day WHERE customer_id = ? AND visit_local_date IN (${inDays})`, [
      customerId,
      ...stale,
    ]);
    const rows = stale.filter((d) => now.has(d)).map((d) => now.get(d)!);
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO visit_attribution_day (customer_id, visit_local_date, touches, visit_sum, crc_sum)
         VALUES ${rows.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        rows.flatMap((r) => [customerId, r.date, r.touches, r.visit_sum, r.crc_sum]),
      );
    }
  });
}
