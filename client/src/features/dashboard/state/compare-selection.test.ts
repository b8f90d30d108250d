import { filterPayload, selectionFromParams, selectionToParams } from './selection';

const now = new Date(2026, 10, 23, 10, 0);
const read = (q: string) => selectionFromParams(new URLSearchParams(q), now);

describe('"Compare to" in the URL and the payload', () => {
  it('is off by default and then sends nothing, so the requests stay as they were', () => {
    const s = read('customer=7&from=2026-11-01&to=2026-11-10');
    expect(s.compare.mode).toBe('off');
    expect(selectionToParams(s).has('compare')).toBe(false);
    expect(filterPayload({ ...s, customerId: 7 })).not.toHaveProperty('compare');
  });
  it('round-trips previous and year, and sends the mode for the server to resolve', () => {
    for (const mode of ['previous', 'year']) {
      const q = `customer=7&from=2026-11-01&to=2026-11-10&compare=${mode}`;
      const s = read(q);
      expect(selectionToParams(s).toString()).toBe(q);
      expect(filterPayload({ ...s, customerId: 7 })).toMatchObject({ compare: mode });
      expect(filterPayload({ ...s, customerId: 7 })).not.toHaveProperty('compare_startdate');
    }
  });
  it('round-trips a custom range and sends its dates', () => {
    const q = 'customer=7&from=2026-11-01&to=2026-11-10&compare=custom&cfrom=2026-10-01&cto=2026-10-10';
    const s = read(q);
    expect(selectionToParams(s).toString()).toBe(q);
    expect(filterPayload({ ...s, customerId: 7 })).toMatchObject({
      compare: 'custom',
      compare_startdate: '2026-10-01',
      compare_enddate: '2026-10-10',
    });
  });
  it('treats junk, or a custom range missing or backwards, as off', () => {
    for (const q of ['compare=lastweek', 'compare=custom', 'compare=custom&cfrom=2026-10-10&cto=2026-10-01']) {
      expect(read(`customer=7&${q}`).compare.mode).toBe('off');
    }
  });
});
