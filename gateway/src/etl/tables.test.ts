import fc from 'fast-check';
import { sqlTime } from './tables';

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
