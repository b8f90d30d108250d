import type { EntityManager } from 'typeorm';
import { placeholders } from '../../scope';
import { OFFSETS, positions, RESPONSE_GROUPINGS, responsesPerCut, withPages } from './refresh-attribution';

/**
 * A filter's own response summaries (migrations ResponseSiteSummaries, ResponseCreativeSummaries), led by
 * key columns: <prefix>_views per cut; _region, _touch and _pages per lag (local days from the activating
 * touch to the visit, at most 8: 7 x 24 h and a DST hour). The per-site ones are keyed by site tag, the
 * per-creative ones by creative and site tag (0: every visit of the creative).
 */
type Prefix = 'response_site' | 'response_creative';
/** A lead of the rows: the expression over the source a (or the visit's page hits p) and its column. */
type Lead = readonly [expr: string, alias: string];

/** The groupings per lag: table suffix, its columns (the key columns left out), their values over a or q. */
const byLag = (keys: readonly string[]): [name: string, columns: string[], values: string[]][] => [
  ...RESPONSE_GROUPINGS.filter(([name]) => name !== 'views').map(([name, columns]): [string, string[], string[]] => {
    const own = columns.filter((c) => !keys.includes(c));
    return [name, own, own.map((c) => `a.${c}`)];
  }),
  ['pages', ['page_site_tag_id'], ['q.site_tag_id']],
];

/**
 * Deletes a customer's rows of these days from every table of the summaries. The keys come from the rows
 * themselves (every grouping's rows have pages rows of their own key), so each delete is index ranges of
 * (customer, keys, [cut,] day).
 */
export async function deleteKeyedDays(
  tx: EntityManager,
  prefix: Prefix,
  keys: readonly string[],
  customerId: number,
  dates: readonly string[],
): Promise<void> {
  const present: Record<string, number>[] = await tx.query(
    `SELECT ${keys.join(', ')} FROM ${prefix}_pages WHERE customer_id = ? GROUP BY ${keys.join(', ')}`,
    [customerId],
  );
  if (present.length === 0) return;
  const values = keys.map((k) => [...new Set(present.map((r) => Number(r[k])))]);
  const keyed = keys.map((k, i) => `${k} IN (${placeholders(values[i].length)})`).join(' AND ');
  for (const name of ['views', ...byLag(keys).map(([name]) => name)])
    await tx.query(
      `DELETE FROM ${prefix}_${name}
        WHERE customer_id = ? AND ${keyed}${name === 'views' ? ` AND cut IN (${OFFSETS.join(', ')})` : ''}
          AND visit_local_date IN (${placeholders(dates.length)})`,
      [customerId, ...values.flat(), ...dates],
    );
}

/** Inserts a customer's rows of these days into every table of the summaries, from the source's rows. */
export async function insertKeyedDays(
  tx: EntityManager,
  prefix: Prefix,
  lead: readonly Lead[],
  source: 'visit_attribution' | 'visit_creative_attribution',
  customerId: number,
  dates: readonly string[],
): Promise<void> {
  const aliases = lead.map(([, alias]) => alias).join(', ');
  await tx.query(
    `INSERT INTO ${prefix}_views (customer_id, ${aliases}, cut, visit_local_date, bucket, views, responses)
     ${responsesPerCut('views', lead, dates.length, source)}`,
    [customerId, ...dates],
  );
  for (const [name, columns, values] of byLag(lead.map(([, alias]) => alias))) {
    await tx.query(
      `INSERT INTO ${prefix}_${name} (customer_id, ${aliases}, visit_local_date, lag, ${columns.join(', ')}, responses)
       SELECT a.customer_id, ${lead.map(([expr]) => expr).join(', ')}, a.visit_local_date,
              LEAST(DATEDIFF(a.visit_local_date, a.act_local_date), 8), ${values.join(', ')}, COUNT(*)
         FROM ${withPages(source, lead)}${name === 'pages' ? ' JOIN visit_page q ON q.visit_id = a.visit_id' : ''}
        WHERE a.customer_id = ? AND a.visit_local_date IN (${placeholders(dates.length)})
        GROUP BY ${positions(3 + lead.length + values.length)}`,
      [customerId, ...dates],
    );
  }
}
