import type { EntityManager } from 'typeorm';
import { WEEK_HOURS } from '@infinitum/rules';
import { SUMMARY } from '../../../../summaries/marks';
import { placeholders } from '../../scope';
import { recordBuilt, staleSummaryDays } from '../built-days';

/** Touches per day offset between visit and impression: 0..7 days, and 8 or more. */
export const OFFSETS = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/** The response summaries' cuts (migration SummaryStaleDays): touches at most `cut` days before the visit. */
const CUTS = `(${OFFSETS.map((k) => `SELECT ${k} AS cut`).join(' UNION ALL ')})`;
/** Views of a visit under cut c: its touches at most c days before it. */
const VIEWS_UNDER_CUT = [
  'g.v0',
  ...OFFSETS.slice(1).map((k) => `CASE WHEN c.cut >= ${k} THEN g.v${k} ELSE 0 END`),
].join(' + ');

/** `1, 2, …, n`: GROUP BY the first n columns of the SELECT. */
export const positions = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ');

/** The source's rows joined to each page hit of their visit (p) when a lead expression reads p. */
export const withPages = (source: string, lead: readonly (readonly [expr: string, alias: string])[]) =>
  `${source} a${lead.some(([expr]) => expr.startsWith('p.')) ? ' JOIN visit_page p ON p.visit_id = a.visit_id' : ''}`;

const as = (exprs: string[]) => exprs.map((e) => `${e} AS ${e.slice(e.lastIndexOf('.') + 1)}`);
/**
 * The three groupings of the responses per cut (response_day_<name>; response_site_views per site tag):
 * name, its grouping columns, what g groups the day's visits by besides the lag, what the cut
 * makes of them.
 */
export const RESPONSE_GROUPINGS: [
  name: 'views' | 'region' | 'touch',
  columns: string[],
  inner: string[],
  outer: string[],
][] = [
  [
    'views',
    ['bucket', 'views'],
    [
      `CASE WHEN a.act_ts >= a.visit_ts - INTERVAL 1 HOUR THEN 1
              WHEN a.act_ts >= a.visit_ts - INTERVAL 1 DAY THEN 2
              ELSE 3 END AS bucket`,
      ...as(OFFSETS.map((k) => `a.v${k}`)),
    ],
    ['g.bucket', VIEWS_UNDER_CUT],
  ],
  ['region', ['region'], as(['a.region']), ['g.region']],
  [
    'touch',
    ['creative_id', 'channel_id', 'weekday', 'daypart'],
    as(['a.creative_id', 'a.channel_id', 'a.weekday', 'a.daypart']),
    ['g.creative_id', 'g.channel_id', 'g.weekday', 'g.daypart'],
  ],
];

/**
 * The SELECT of one grouping's rows per cut for a customer's days (parameters: customer, days). A visit
 * counts under cut c when its activating touch is at most c days before it (so in I(F) for a range
 * starting c days before the visit). The day's visits are grouped by that lag first (g), then spread
 * over the cuts: ~half the work of spreading every visit. `lead` (expressions over the source a and
 * visit_page p, joined to each visit when one reads it, with their names) leads the grouping: say the
 * rows per site tag the visit hit. `source`: visit_attribution, or visit_creative_attribution (the
 * activating touch and views among one creative's touches).
 */
export function responsesPerCut(
  name: (typeof RESPONSE_GROUPINGS)[number][0],
  lead: readonly (readonly [expr: string, alias: string])[],
  days: number,
  source: 'visit_attribution' | 'visit_creative_attribution' = 'visit_attribution',
): string {
  const [, columns, inner, outer] = RESPONSE_GROUPINGS.find((g) => g[0] === name)!;
  const keys = 3 + lead.length;
  return `SELECT g.customer_id, ${lead.map(([, alias]) => `g.${alias}, `).join('')}c.cut, g.visit_local_date, ${outer.join(', ')}, SUM(g.n)
            FROM (SELECT a.customer_id, ${lead.map(([expr, alias]) => `${expr} AS ${alias}, `).join('')}a.visit_local_date,
                         DATEDIFF(a.visit_local_date, a.act_local_date) AS lag, ${inner.join(', ')}, COUNT(*) AS n
                    FROM ${withPages(source, lead)}
                   WHERE a.customer_id = ? AND a.visit_local_date IN (${placeholders(days)})
                   GROUP BY ${positions(keys + inner.length)}) g
            JOIN ${CUTS} c ON g.lag <= c.cut
           GROUP BY ${positions(keys + columns.length)}`;
}

/**
 * docs/design.md#visits-and-attribution for a customer's visit days, rows of visit_attribution (per visit) or visit_creative_attribution
 * (per visit and creative: the creative's touches alone) replaced: the latest touch (ties: smaller event
 * id as a string) and the touches per day offset v0..v8. Only touches within the default window of 7 x 24 h: the
 * summaries answer customers with the default windows alone (summaries/choice.ts), and the touch table may hold
 * wider touches (a customer's stored width: docs/architecture.md#summaries).
 */
export async function rebuildLatestTouches(
  tx: EntityManager,
  table: 'visit_attribution' | 'visit_creative_attribution',
  customerId: number,
  days: readonly string[],
): Promise<void> {
  const partition = table === 'visit_attribution' ? 't.visit_id' : 't.visit_id, t.creative_id';
  const inDays = placeholders(days.length);
  await tx.query(`DELETE FROM ${table} WHERE customer_id = ? AND visit_local_date IN (${inDays})`, [
    customerId,
    ...days,
  ]);
  await tx.query(
    `INSERT INTO ${table} (visit_id, customer_id, visit_local_date, visit_ts, act_ts, act_local_date,
              creative_id, channel_id, region, weekday, daypart, ${OFFSETS.map((k) => `v${k}`).join(', ')})
       SELECT a.visit_id, a.customer_id, a.visit_local_date, a.visit_ts, a.impression_ts, a.impression_local_date,
              a.creative_id, a.channel_id, a.region, a.weekday, a.daypart, ${OFFSETS.map((k) => `a.v${k}`).join(', ')}
         FROM (SELECT t.*,
                      ROW_NUMBER() OVER (PARTITION BY ${partition}
                                         ORDER BY t.impression_ts DESC, CAST(t.impression_event_id AS BINARY)) AS rn,
                      ${OFFSETS.map(
                        (k) =>
                          `SUM(CASE WHEN DATEDIFF(t.visit_local_date, t.impression_local_date) ${k === 8 ? '>=' : '='} ${k} THEN 1 ELSE 0 END) OVER (PARTITION BY ${partition}) AS v${k}`,
                      ).join(',\n                      ')}
                 FROM touch t
                WHERE t.customer_id = ? AND t.visit_local_date IN (${inDays})
                  AND t.impression_ts > t.visit_ts - INTERVAL ${WEEK_HOURS} HOUR) a
        WHERE a.rn = 1`,
    [customerId, ...days],
  );
}

/**
 * Keeps visit_attribution, with the day's responses per site tag (visit_attribution_site) and the
 * response summaries per cut (response_day_views, _region, _touch), in step with touch, visit and
 * visit_page for the days a dashboard range reads: only days never built or marked stale by a
 * writer since (summaries/built-days.ts) are rebuilt. READ COMMITTED: the rebuild's reads of touch take no
 * locks the ETL would wait on.
 */
export async function refreshAttribution(em: EntityManager, customerId: number, start: string, end: string) {
  const stale = await staleSummaryDays(em, customerId, SUMMARY.visits, start, end);
  if (stale.length === 0) return;
  const days = stale.map((d) => d.date);
  const inDays = placeholders(days.length);
  const inCuts = OFFSETS.join(',');
  await em.transaction('READ COMMITTED', async (tx) => {
    await rebuildLatestTouches(tx, 'visit_attribution', customerId, days);
    await tx.query(`DELETE FROM visit_attribution_site WHERE customer_id = ? AND visit_local_date IN (${inDays})`, [
      customerId,
      ...days,
    ]);
    await tx.query(
      `INSERT INTO visit_attribution_site (customer_id, visit_local_date, act_local_date, site_tag_id, visits)
       SELECT a.customer_id, a.visit_local_date, a.act_local_date, p.site_tag_id, COUNT(*)
         FROM visit_attribution a JOIN visit_page p ON p.visit_id = a.visit_id
        WHERE a.customer_id = ? AND a.visit_local_date IN (${inDays})
        GROUP BY a.customer_id, a.visit_local_date, a.act_local_date, p.site_tag_id`,
      [customerId, ...days],
    );
    for (const [name, columns] of RESPONSE_GROUPINGS) {
      await tx.query(
        `DELETE FROM response_day_${name} WHERE customer_id = ? AND cut IN (${inCuts}) AND visit_local_date IN (${inDays})`,
        [customerId, ...days],
      );
      await tx.query(
        `INSERT INTO response_day_${name} (customer_id, cut, visit_local_date, ${columns.join(', ')}, responses)
         ${responsesPerCut(name, [], days.length)}`,
        [customerId, ...days],
      );
    }
    await recordBuilt(tx, customerId, SUMMARY.visits, stale);
  });
}
