import { join } from 'node:path';
import { classifyRequest, loadCidrs, NO_CIDRS, parseCidrs } from './invalid-traffic';

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
