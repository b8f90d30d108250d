import { isSuperAdmin, type Actor } from '@infinitum/rules';
import ipaddr from 'ipaddr.js';
import type { DataSource } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, forbidden } from '../../shared/errors';
import { householdOfIp, parseHousehold } from '../../stream/hit';
import { SUMMARY, writeMarks, type SummaryKind } from '../../summaries/marks';
import { subtractFromRollup } from '../../etl/write-rollup';

/** What an erasure removed (docs/security.md#erasure). */
export interface ErasureReport {
  id: number;
  household_id: string;
  given_as: 'household' | 'ip';
  customers: number;
  days: number;
  removed: Record<string, number>;
  total_rows: number;
}

/** The household an erasure request names: `household_id` as given, or `ip` hashed as the collector hashes it. */
export function householdOfRequest(
  salt: string,
  input: { household_id?: unknown; ip?: unknown },
): { household: string; givenAs: 'household' | 'ip' } {
  const hasId = input.household_id != null && input.household_id !== '';
  const hasIp = input.ip != null && input.ip !== '';
  if (hasId === hasIp) {
    const message = 'Give either household_id or ip.';
    throw badRequest(message, { household_id: message, ip: message });
  }
  if (hasId) {
    const household = parseHousehold(input.household_id);
    if (!household || household === '0')
      throw badRequest('household_id must be a household id (digits).', {
        household_id: 'household_id must be a household id (digits).',
      });
    return { household, givenAs: 'household' };
  }
  if (typeof input.ip !== 'string' || !ipaddr.isValid(input.ip.trim()))
    throw badRequest('ip must be an IPv4 or IPv6 address.', { ip: 'ip must be an IPv4 or IPv6 address.' });
  // The collector hashes the address as the request carried it (clientIp: the socket's or the proxy's header).
  return { household: householdOfIp(salt, input.ip.trim()), givenAs: 'ip' };
}

/**
 * Erases one household across every customer (docs/security.md#erasure, shared DESIGN.md section 3b): its
 * impressions (and their rollup cells), control impressions, site hits, visits with their pages, touches and
 * attribution rows, invalid hits and reach rows; then marks every local day it touched stale, so the summaries of
 * those days are rebuilt from what remains on their next read. One transaction per customer; the household's rows
 * are found through the (customer, household) indexes.
 */
export async function eraseHousehold(
  ds: DataSource,
  household: string,
): Promise<Omit<ErasureReport, 'id' | 'given_as'>> {
  const removed: Record<string, number> = {};
  const add = (table: string, n: number) => {
    if (n > 0) removed[table] = (removed[table] ?? 0) + n;
  };
  const customers = ((await ds.query('SELECT id FROM customer ORDER BY id')) as { id: number }[]).map((r) =>
    Number(r.id),
  );
  let touched = 0;
  let days = 0;
  for (const customerId of customers) {
    const marks: [number, SummaryKind, string][] = [];
    await ds.transaction(async (em) => {
      const q = <T>(sql: string, params: unknown[] = [customerId, household]) => em.query(sql, params) as Promise<T>;
      const affected = (r: unknown) => Number((r as { affectedRows?: number }).affectedRows ?? 0);
      // The rollup's cells lose the household's impressions, cell by cell.
      const cells = await q<
        {
          local_date: string;
          booking_id: number;
          campaign_id: number;
          creative_id: number;
          channel_id: number;
          region: string;
          weekday: number;
          daypart: number;
          n: string | number;
        }[]
      >(
        `SELECT CAST(local_date AS CHAR) AS local_date, booking_id, campaign_id, creative_id, channel_id, region,
                weekday, daypart, COUNT(*) AS n
           FROM impression_event WHERE customer_id = ? AND household_id = ?
          GROUP BY local_date, booking_id, campaign_id, creative_id, channel_id, region, weekday, daypart`,
      );
      add(
        'impression_rollup',
        await subtractFromRollup(
          em,
          cells.map((c) => [
            customerId,
            c.local_date,
            c.booking_id,
            c.campaign_id,
            c.creative_id,
            c.channel_id,
            c.region,
            c.weekday,
            c.daypart,
            Number(c.n),
          ]),
        ),
      );
      const impressionDays = new Set(cells.map((c) => c.local_date));
      const controlDays = await q<{ d: string }[]>(
        `SELECT DISTINCT CAST(local_date AS CHAR) AS d FROM control_impression_event
          WHERE customer_id = ? AND household_id = ?`,
      );
      for (const r of controlDays) impressionDays.add(r.d);
      const visits = await q<{ id: string; d: string }[]>(
        'SELECT CAST(id AS CHAR) AS id, CAST(local_date AS CHAR) AS d FROM visit WHERE customer_id = ? AND household_id = ?',
      );
      const visitDays = new Set(visits.map((v) => v.d));
      const ids = visits.map((v) => v.id);
      for (let i = 0; i < ids.length; i += 1000) {
        const part = ids.slice(i, i + 1000);
        for (const table of ['touch', 'visit_page', 'visit_attribution', 'visit_creative_attribution'])
          add(
            table,
            affected(await q(`DELETE FROM ${table} WHERE customer_id = ? AND visit_id IN (?)`, [customerId, part])),
          );
      }
      for (const table of ['visit', 'site_hit', 'impression_event', 'control_impression_event', 'reach_holdout'])
        add(table, affected(await q(`DELETE FROM ${table} WHERE customer_id = ? AND household_id = ?`)));
      for (const table of ['invalid_event', 'reach_visit_note', 'reach_exposure'])
        add(table, affected(await q(`DELETE FROM ${table} WHERE customer_id = ? AND household_id = ?`)));
      for (const d of impressionDays) marks.push([customerId, SUMMARY.impressions, d]);
      for (const d of visitDays) marks.push([customerId, SUMMARY.visits, d]);
      // In the same transaction as the deletions: a summary rebuilt after them reads what remains.
      if (marks.length) await writeMarks(em, marks);
    });
    if (marks.length) touched++;
    days += marks.length;
  }
  return {
    household_id: household,
    customers: touched,
    days,
    removed,
    total_rows: Object.values(removed).reduce((a, b) => a + b, 0),
  };
}

/** POST /api/admin/erasure and the eraseHousehold mutation: the super admin only; audited. */
export async function requestErasure(
  app: AppContext,
  actor: Actor,
  input: { household_id?: unknown; ip?: unknown },
): Promise<ErasureReport> {
  if (!isSuperAdmin(actor) || actor.apiKey) throw forbidden();
  const { household, givenAs } = householdOfRequest(app.config.HOUSEHOLD_SALT, input);
  const report = await eraseHousehold(app.ds, household);
  const res = (await app.ds.query(
    `INSERT INTO erasure_audit (household_id, given_as, requested_by, customers, days, removed, total_rows)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      household,
      givenAs,
      actor.userId,
      report.customers,
      report.days,
      JSON.stringify(report.removed),
      report.total_rows,
    ],
  )) as { insertId: number };
  app.log.info({ erasure: Number(res.insertId), rows: report.total_rows }, 'household erased');
  return { id: Number(res.insertId), given_as: givenAs, ...report };
}
