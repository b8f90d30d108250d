import fc from 'fast-check';
import { tsvCell } from './bulk-load';
import type { ImpressionRow, SiteHitRow } from './rows';
import {
  type NewVisit,
  impressionEventRow,
  impressionEventText,
  siteHitRow,
  siteHitText,
  sqlTime,
  visitPageRow,
  visitPageText,
  visitRow,
  visitText,
} from './tables';

const viaIso = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

test('sqlTime writes the same DATETIME(3) text as toISOString for any instant', () => {
  fc.assert(
    fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
      expect(sqlTime(ms)).toBe(viaIso(ms));
    }),
    { numRuns: 20000 },
  );
  for (const ms of [0, 999, Date.UTC(2026, 2, 29, 1, 0, 0, 5), Date.UTC(9999, 11, 31, 23, 59, 59, 999)]) {
    expect(sqlTime(ms)).toBe(viaIso(ms));
  }
  expect(sqlTime(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02 03:04:05.006');
});

test('sqlTime refuses an invalid time as toISOString does', () => {
  expect(() => sqlTime(NaN)).toThrow(RangeError);
});

/**
 * The portable tuples in LOAD DATA's default format (tab between fields, newline after rows, backslash escapes, \N
 * for NULL): the oracle the text builders are held to.
 */
function tsv(rows: unknown[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i) out += '\t';
      if (v === null || v === undefined) out += '\\N';
      else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
      else out += tsvCell(String(v));
    }
    out += '\n';
  }
  return out;
}

test("the raw rows' LOAD DATA lines are the text of their portable tuples, cell for cell", () => {
  const text = fc.string({ maxLength: 12, unit: fc.constantFrom('a', '7', '\t', '\n', '\\', '\r', '\0', 'é', ' ') });
  const id = fc.integer({ min: 0, max: 2 ** 31 });
  const ts = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
  fc.assert(
    fc.property(text, id, id, text, ts, text, (eventId, customerId, tagId, household, at, region) => {
      const impression: ImpressionRow = {
        eventId,
        customerId,
        tagId,
        bookingId: tagId + 1,
        campaignId: tagId + 2,
        creativeId: customerId + 3,
        channelId: 4,
        household,
        ts: at,
        localDate: '2026-03-29',
        weekday: 6,
        daypart: 3,
        region,
      };
      expect(impressionEventText(impression)).toBe(tsv([impressionEventRow(impression)]));
      for (const url of [null, `https://x.test/${region}`]) {
        const hit: SiteHitRow = {
          eventId,
          customerId,
          siteTagId: tagId,
          household,
          ts: at,
          region,
          url,
          timeZone: 'UTC',
        };
        expect(siteHitText(hit)).toBe(tsv([siteHitRow(hit)]));
      }
      const visit: NewVisit = {
        household,
        start: at,
        end: at + tagId,
        localDate: '2026-03-29',
        region,
        hits: tagId + 1,
        siteTagIds: [tagId],
      };
      expect(visitText(customerId, visit)).toBe(tsv([visitRow(customerId, visit)]));
      expect(visitPageText(tagId, tagId + 1, customerId, visit)).toBe(
        tsv([visitPageRow(tagId, tagId + 1, customerId, visit)]),
      );
    }),
    { numRuns: 5000 },
  );
});
