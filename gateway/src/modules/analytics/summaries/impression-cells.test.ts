import { startTestGateway, type TestGateway } from '../../../../../tests/support/gateway';
import { SUMMARY, writeMarks } from '../../../summaries/marks';
import { recordBuilt, staleSummaryDays } from './built-days';
import { refreshImpressionCells } from './impression-cells';

/**
 * impression_cell must equal impression_rollup summed over region for every day a range reads,
 * after rows are added, grown, moved between cells or deleted and the writer marked the day (on the
 * real database).
 */
let t: TestGateway;
const CUSTOMER = 7001;
const OTHER = 7002;

beforeAll(async () => {
  t = await startTestGateway();
});
afterAll(() => t.close());

const q = (sql: string, params: unknown[] = []) => t.gateway.app.ds.query(sql, params);

async function addRollup(rows: [number, string, number, number, string, number, number][]) {
  // customer, date, booking, creative, region, daypart, impressions (campaign, channel, weekday follow)
  await q(
    `INSERT INTO impression_rollup (customer_id, local_date, booking_id, campaign_id, creative_id, channel_id, region,
            weekday, daypart, impressions)
     VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON DUPLICATE KEY UPDATE impressions = impressions + VALUES(impressions)`,
    rows.flatMap(([c, d, b, cr, r, dp, n]) => [c, d, b, b * 10, cr, b * 100, r, (Number(d.slice(-2)) % 7) + 1, dp, n]),
  );
  await mark(...rows.map(([c, d]): [number, string] => [c, d]));
}

/** What every writer does in its transaction: the days it changed are marked. */
const mark = (...days: [number, string][]) =>
  writeMarks(
    t.gateway.app.ds,
    days.map(([c, d]) => [c, SUMMARY.impressions, d]),
  );

const summed = (table: string) =>
  q(
    `SELECT customer_id, CAST(local_date AS CHAR) AS d, booking_id, creative_id, daypart, campaign_id, channel_id,
            weekday, CAST(SUM(impressions) AS CHAR) AS n
       FROM ${table} WHERE customer_id = ? AND local_date BETWEEN '2026-03-01' AND '2026-03-31'
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [CUSTOMER],
  );

async function expectInStep() {
  await refreshImpressionCells(t.gateway.app.ds.manager, CUSTOMER, '2026-03-01', '2026-03-31');
  expect(await summed('impression_cell')).toEqual(await summed('impression_rollup'));
}

test('the cells follow the rollup as rows arrive, grow, move and go', async () => {
  await addRollup([
    [CUSTOMER, '2026-03-02', 1, 11, 'AUK', 3, 5],
    [CUSTOMER, '2026-03-02', 1, 11, 'WGN', 3, 2],
    [CUSTOMER, '2026-03-02', 2, 12, 'AUK', 7, 4],
    [CUSTOMER, '2026-03-05', 1, 12, 'CAN', 1, 9],
    [OTHER, '2026-03-02', 1, 11, 'AUK', 3, 50],
  ]);
  await expectInStep();
  expect((await summed('impression_cell')).length).toBe(3);

  // Another impression in an existing cell: only the day's sum changes.
  await addRollup([[CUSTOMER, '2026-03-02', 1, 11, 'AUK', 3, 1]]);
  await expectInStep();

  // Impressions moved to another creative on the same day, same row count and total.
  await q(`UPDATE impression_rollup SET creative_id = 13 WHERE customer_id = ? AND local_date = '2026-03-05'`, [
    CUSTOMER,
  ]);
  await mark([CUSTOMER, '2026-03-05']);
  await expectInStep();

  // A day purged from the rollup disappears from the cells.
  await q(`DELETE FROM impression_rollup WHERE customer_id = ? AND local_date = '2026-03-05'`, [CUSTOMER]);
  await mark([CUSTOMER, '2026-03-05']);
  await expectInStep();
  expect((await summed('impression_cell')).map((r: { d: string }) => r.d)).toEqual(['2026-03-02', '2026-03-02']);

  // Another customer's rows never enter this customer's cells.
  const [{ n }] = await q('SELECT COUNT(*) AS n FROM impression_cell WHERE customer_id = ?', [OTHER]);
  expect(Number(n)).toBe(0);
});

test('a built day is read as built until a writer marks it, and a mark during a rebuild keeps it stale', async () => {
  const C = 7003;
  const range = ['2026-04-01', '2026-04-03'] as const;
  const cells = async () =>
    Number((await q('SELECT COALESCE(SUM(impressions), 0) AS n FROM impression_cell WHERE customer_id = ?', [C]))[0].n);
  await addRollup([[C, '2026-04-02', 1, 11, 'AUK', 3, 5]]);
  await refreshImpressionCells(t.gateway.app.ds.manager, C, ...range);
  expect(await cells()).toBe(5);
  // Every day of the range is built now: nothing to rebuild, whatever the rollup holds unmarked.
  expect(await staleSummaryDays(t.gateway.app.ds.manager, C, SUMMARY.impressions, ...range)).toEqual([]);
  await q('UPDATE impression_rollup SET impressions = 6 WHERE customer_id = ?', [C]);
  await refreshImpressionCells(t.gateway.app.ds.manager, C, ...range);
  expect(await cells()).toBe(5);
  await mark([C, '2026-04-02']);
  const stale = await staleSummaryDays(t.gateway.app.ds.manager, C, SUMMARY.impressions, ...range);
  expect(stale.map((d) => d.date)).toEqual(['2026-04-02']);
  // A write (its mark) lands while the day is rebuilt from the version read before: still stale after.
  await mark([C, '2026-04-02']);
  await recordBuilt(t.gateway.app.ds.manager, C, SUMMARY.impressions, stale);
  expect(
    (await staleSummaryDays(t.gateway.app.ds.manager, C, SUMMARY.impressions, ...range)).map((d) => d.date),
  ).toEqual(['2026-04-02']);
  await refreshImpressionCells(t.gateway.app.ds.manager, C, ...range);
  expect(await cells()).toBe(6);
  expect(await staleSummaryDays(t.gateway.app.ds.manager, C, SUMMARY.impressions, ...range)).toEqual([]);
});
