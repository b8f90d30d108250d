import { parseLine } from './ingest-lines';

const now = Date.parse('2026-11-20T10:00:00Z');
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ type: 'impression', tag: 'Tag_1', ts: '2026-11-20T09:59:00Z', ...fields });

test('an address that is not IPv4 or IPv6 is refused with its own reason', () => {
  for (const ip of [
    '999.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '3232235777',
    '0xc0.168.1.1',
    '203.0.113.7 ',
    'localhost',
    '2001:db8::1::1',
    'gggg::1',
    ':::',
  ]) {
    expect([ip, parseLine(line({ ip }), 'salt', now)]).toEqual([ip, 'ip must be an IPv4 or IPv6 address']);
  }
  expect(parseLine(line({ ip: 7 }), 'salt', now)).toBe('ip must be an IPv4 or IPv6 address');
  expect(parseLine(line({}), 'salt', now)).toBe('ip or household is required');
});

test('IPv4 and IPv6 addresses in their usual notations are accepted', () => {
  for (const ip of [
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '2001:db8::7',
    '::ffff:203.0.113.7',
    'FE80::1',
  ]) {
    const hit = parseLine(line({ ip }), 'salt', now);
    expect([ip, typeof hit === 'object' && hit !== null && /^\d+$/.test(hit.h)]).toEqual([ip, true]);
  }
});
