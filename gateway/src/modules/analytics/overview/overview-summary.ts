import type { EntityManager } from 'typeorm';

/** The creator's organisation as the overview shows it (spec 3: dashboard summary row). */
export type CreatorEntityType = 'BROADCASTER' | 'AGENCY' | 'CUSTOMER' | 'OTHER';

/** One booking active in the range (spec 3: dashboard summary row; spend derived). */
export interface OverviewRow {
  booking_id: number;
  customer_id: number;
  customer_name: string;
  campaign_name: string;
  booking_name: string;
  channel_name: string;
  start_date: string;
  end_date: string;
  impressions: number;
  cpm: number;
  spend: number;
  ping_count: number;
  entity_name: string | null;
  entity_type: CreatorEntityType;
  created_by_name: string | null;
  created_at: string;
}

interface Raw {
  booking_id: number;
  customer_id: number;
  customer_name: string;
  campaign_name: string | null;
  booking_name: string;
  channel_name: string | null;
  start_date: string;
  end_date: string;
  impressions: string | number | null;
  cpm: string | number;
  ping_count: string | number | null;
  creator_type: string | null;
  entity_name: string | null;
  created_by_name: string | null;
  created_at: Date;
}

const creatorType = (t: string | null): CreatorEntityType =>
  t === 'BROADCASTER' || t === 'AGENCY' || t === 'CUSTOMER' ? t : 'OTHER';

/**
 * Bookings whose dates overlap [start, end] of the given customers, with their impressions of
 * local dates in the range (impression_rollup) and their customer's site tag pings. Two grouped
 * sub-selects keep it one round trip without fanning rows out.
 */
export async function queryOverviewSummary(
  em: EntityManager,
  customerIds: 'all' | number[],
  start: string,
  end: string,
): Promise<OverviewRow[]> {
  if (customerIds !== 'all' && customerIds.length === 0) return [];
  const inCustomers = customerIds === 'all' ? '' : `AND b.customer_id IN (${customerIds.map(() => '?').join(',')})`;
  const rows: Raw[] = await em.query(
    `SELECT b.id AS booking_id, b.customer_id,
            COALESCE(NULLIF(TRIM(c.display_name), ''), c.cust_name) AS customer_name,
            cp.campaign_name, b.booking_name, ch.channel_name, b.start_date, b.end_date,
            imp.impressions, b.cpm, pings.ping_count,
            u.entity_type AS creator_type, u.name AS created_by_name, b.created_at,
            CASE u.entity_type
              WHEN 'BROADCASTER' THEN br.broadcaster_name
              WHEN 'AGENCY' THEN ag.agency_name
              WHEN 'CUSTOMER' THEN COALESCE(NULLIF(TRIM(uc.display_name), ''), uc.cust_name)
              WHEN 'ADTECH' THEN ad.adtech_name
              WHEN 'SYSTEM' THEN 'System'
            END AS entity_name
       FROM booking b
       JOIN customer c ON c.id = b.customer_id
       LEFT JOIN campaign cp ON cp.id = b.campaign_id
       LEFT JOIN channel ch ON ch.id = b.channel_id
       LEFT JOIN user u ON u.id = b.created_by
       LEFT JOIN broadcaster br ON u.entity_type = 'BROADCASTER' AND br.id = u.entity_id
       LEFT JOIN agency ag ON u.entity_type = 'AGENCY' AND ag.id = u.entity_id
       LEFT JOIN customer uc ON u.entity_type = 'CUSTOMER' AND uc.id = u.entity_id
       LEFT JOIN adtech ad ON u.entity_type = 'ADTECH' AND ad.id = u.entity_id
       LEFT JOIN (SELECT r.booking_id, SUM(r.impressions) AS impressions
                    FROM impression_rollup r
                   WHERE r.local_date BETWEEN ? AND ?
                   GROUP BY r.booking_id) imp ON imp.booking_id = b.id
       LEFT JOIN (SELECT s.customer_id, SUM(s.ping_count) AS ping_count
                    FROM site_tag s GROUP BY s.customer_id) pings ON pings.customer_id = b.customer_id
      WHERE b.start_date <= ? AND b.end_date >= ? ${inCustomers}
      ORDER BY b.start_date DESC, b.id DESC`,
    [start, end, end, start, ...(customerIds === 'all' ? [] : customerIds)],
  );
  return rows.map((r) => {
    const impressions = Number(r.impressions ?? 0);
    const cpm = Number(r.cpm);
    return {
      booking_id: Number(r.booking_id),
      customer_id: Number(r.customer_id),
      customer_name: r.customer_name,
      campaign_name: r.campaign_name ?? '',
      booking_name: r.booking_name,
      channel_name: r.channel_name ?? '',
      start_date: r.start_date,
      end_date: r.end_date,
      impressions,
      cpm,
      // spec 9: spend = impressions * cpm / 1000 (0 if not computable)
      spend: Number.isFinite(cpm) ? (impressions * cpm) / 1000 : 0,
      ping_count: Number(r.ping_count ?? 0),
      entity_name: r.entity_name,
      entity_type: creatorType(r.creator_type),
      created_by_name: r.created_by_name,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}
