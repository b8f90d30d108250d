import { join } from 'node:path';
import {
  classifyRepeatNat,
  classifyRequest,
  HOUR_MS,
  hourOf,
  hoursTouchedBy,
  loadCidrs,
  NO_CIDRS,
  parseCidrs,
  REPEAT_MS,
} from './invalid-traffic';

const dc = loadCidrs(join(__dirname, '../../../tests/fixtures/datacenter-cidrs.txt'));
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

test('the data-centre list matches its ranges, IPv4-mapped addresses included, and nothing else', () => {
  expect(dc.size).toBe(3);
  for (const ip of ['203.0.113.0', '203.0.113.255', '198.51.100.200', '::ffff:203.0.113.9', '2001:db8:dc:1::5'])
    expect([ip, dc.has(ip)]).toEqual([ip, true]);
  for (const ip of ['203.0.114.1', '198.51.100.127', '2001:db8:dd::1', '10.0.0.1', 'not an ip', ''])
    expect([ip, dc.has(ip)]).toEqual([ip, false]);
  expect(NO_CIDRS.has('203.0.113.1')).toBe(false);
  expect(() => parseCidrs('10.0.0.0/8\n10.0.0.0/33\n')).toThrow('line 2');
});

test('rules 1-5 in order: the first reason that matches', () => {
  const human = { userAgent: CHROME, ip: '192.0.2.10' };
  expect(classifyRequest(human, dc)).toBeNull();
  expect(classifyRequest({ ...human, gpc: '1', userAgent: 'Googlebot/2.1', ip: '203.0.113.5' }, dc)).toBe('gpc');
  expect(classifyRequest({ ...human, gpc: '0' }, dc)).toBeNull();
  expect(classifyRequest({ ...human, optedOut: true, userAgent: 'Googlebot/2.1' }, dc)).toBe('opt_out');
  expect(
    classifyRequest({ ...human, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)', ip: '203.0.113.5' }, dc),
  ).toBe('bot');
  expect(classifyRequest({ ...human, userAgent: 'HeadlessChrome/120.0' }, dc)).toBe('bot');
  expect(classifyRequest({ ...human, secPurpose: 'prefetch;prerender', ip: '203.0.113.5' }, dc)).toBe('prefetch');
  expect(classifyRequest({ ...human, purpose: 'Prefetch' }, dc)).toBe('prefetch');
  expect(classifyRequest({ ...human, xMoz: 'prefetch' }, dc)).toBe('prefetch');
  expect(classifyRequest({ ...human, ip: '203.0.113.5' }, dc)).toBe('datacenter');
  // The empty default list lets every address through.
  expect(classifyRequest({ ...human, ip: '203.0.113.5' }, NO_CIDRS)).toBeNull();
  // A bulk line without ua is no bot.
  expect(classifyRequest({ ip: '192.0.2.10' }, dc)).toBeNull();
});

describe('rules 6-7 (classifyRepeatNat)', () => {
  const imp = (eventId: string, ts: number, tagId = 1) => ({ eventId, tagId, ts });
  const T0 = Date.parse('2026-10-01T10:00:00Z');
  const hours = (...ts: number[]) => new Set(ts.map(hourOf));

  test('A at 0, B at 900, C at 1,800 ms: B and C are repeats, A counts, whatever the order of the list', () => {
    const list = [imp('c', T0 + 1800), imp('a', T0), imp('b', T0 + 900)];
    for (const order of [list, [...list].reverse()])
      expect(Object.fromEntries(classifyRepeatNat(order, hours(T0), 100))).toEqual({
        a: null,
        b: 'repeat',
        c: 'repeat',
      });
  });

  test('exactly 1,000 ms before repeats, 1,001 does not; another tag never does; equal times go by event id', () => {
    const got = classifyRepeatNat(
      [imp('a', T0), imp('b', T0 + REPEAT_MS), imp('c', T0 + 2 * REPEAT_MS + 1), imp('d', T0 + 2 * REPEAT_MS + 1, 2)],
      hours(T0),
      100,
    );
    expect(Object.fromEntries(got)).toEqual({ a: null, b: 'repeat', c: null, d: null });
    const tie = classifyRepeatNat([imp('y', T0), imp('x', T0)], hours(T0), 100);
    expect(Object.fromEntries(tie)).toEqual({ x: null, y: 'repeat' });
  });

  test('more than H non-repeats in one UTC hour are all nat; repeats stay repeats; the next hour counts apart', () => {
    const list = [
      ...Array.from({ length: 6 }, (_, n) => imp(`h${n}`, T0 + n * 60_000)),
      imp('r', T0 + 100),
      ...Array.from({ length: 5 }, (_, n) => imp(`k${n}`, T0 + HOUR_MS + n * 60_000)),
    ];
    const got = classifyRepeatNat(list, hours(T0, T0 + HOUR_MS), 5);
    expect([...got].filter(([, r]) => r === 'nat').length).toBe(6);
    expect(got.get('r')).toBe('repeat');
    expect([0, 1, 2, 3, 4].map((n) => got.get(`k${n}`))).toEqual([null, null, null, null, null]);
    // Only the hours asked for are answered.
    expect(classifyRepeatNat(list, hours(T0 + HOUR_MS), 5).has('h0')).toBe(false);
  });

  test('a new impression touches its own hour and, within 1 s of its end, the next', () => {
    expect(hoursTouchedBy(T0 + 5000)).toEqual([hourOf(T0)]);
    expect(hoursTouchedBy(T0 + HOUR_MS - 500)).toEqual([hourOf(T0), hourOf(T0) + 1]);
  });
});
