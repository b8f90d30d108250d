import fc from 'fast-check';

/** Hostile strings: must be refused or stored verbatim and answered as the same inert text. */
export const SQL_OR = '1 OR 1=1';
export const SQL_DROP = "'; DROP TABLE user; --";
export const HTML_IMG = '<img src=x onerror=alert(1)>';

/** Bad values put in every body field / argument in turn: wrong types, extremes, hostile text. */
export const BAD_VALUES: unknown[] = [
  null,
  '',
  '   ',
  'abc',
  -1,
  0,
  1.5,
  99999999999,
  -99999999999,
  1e308,
  true,
  [],
  ['x', 2],
  {},
  { nested: { deep: 1 } },
  'x'.repeat(20_000),
  SQL_OR,
  SQL_DROP,
  HTML_IMG,
  '\u0000\u202e',
];

/** Path parameters that are not ids at all or out of range. */
export const BAD_IDS = ['abc', '-1', '0', '1.5', '1e3', '99999999999', SQL_OR, SQL_DROP, '%00', '0x10'];

/** A few arbitrary JSON values per field on top of the fixed list (seeded: failures reproduce). */
export const randomValues = (seed: number, n = 4): unknown[] =>
  fc.sample(fc.oneof(fc.jsonValue(), fc.string({ maxLength: 300 }), fc.integer(), fc.double()), { numRuns: n, seed });
