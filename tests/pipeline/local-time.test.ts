import fc from 'fast-check';
import { localParts } from '../../gateway/src/shared/time';
import { localParts as referenceLocalParts } from '../reference/sessions';

/**
 * The ETL's cached local-time arithmetic (gateway/src/shared/time.ts) against the reference's plain
 * Intl formatting: every instant over years of DST changes, in zones with odd offsets too.
 */
const ZONES = ['Pacific/Auckland', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/New_York', 'Asia/Kolkata', 'UTC'];
const FROM = Date.parse('2024-01-01T00:00:00Z');
const TO = Date.parse('2028-01-01T00:00:00Z');

test('local date, weekday and daypart equal the reference for any instant and zone', () => {
  fc.assert(
    fc.property(fc.integer({ min: FROM, max: TO }), fc.constantFrom(...ZONES), (ts, zone) => {
      expect(localParts(ts, zone)).toEqual(referenceLocalParts(ts, zone));
    }),
    { numRuns: 20_000 },
  );
});

test('the instants around the NZ DST changes and daypart edges land where a clock on the wall says', () => {
  // 2026-04-05 03:00 NZDT -> 02:00 NZST; 2026-09-27 02:00 NZST -> 03:00 NZDT.
  expect(localParts(Date.parse('2026-04-04T13:59:59.999Z'), 'Pacific/Auckland')).toEqual({
    date: '2026-04-05',
    weekday: 7,
    daypart: 1,
  });
  expect(localParts(Date.parse('2026-09-26T18:00:00.000Z'), 'Pacific/Auckland')).toEqual({
    date: '2026-09-27',
    weekday: 7,
    daypart: 2,
  });
  // 19:29:59.999 is Access, 19:30 is Peak, 22:30 Off-Peak (NZDT, UTC+13).
  expect(localParts(Date.parse('2026-11-20T06:29:59.999Z'), 'Pacific/Auckland').daypart).toBe(6);
  expect(localParts(Date.parse('2026-11-20T06:30:00.000Z'), 'Pacific/Auckland').daypart).toBe(7);
  expect(localParts(Date.parse('2026-11-20T09:30:00.000Z'), 'Pacific/Auckland').daypart).toBe(8);
  expect(localParts(Date.parse('2026-11-20T10:59:59.999Z'), 'Pacific/Auckland')).toEqual({
    date: '2026-11-20',
    weekday: 5,
    daypart: 8,
  });
  expect(localParts(Date.parse('2026-11-20T11:00:00.000Z'), 'Pacific/Auckland')).toEqual({
    date: '2026-11-21',
    weekday: 6,
    daypart: 1,
  });
});
