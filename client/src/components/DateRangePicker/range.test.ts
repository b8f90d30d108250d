import { format } from 'date-fns';
import { defaultRange, matchingPreset, parseTypedDate, PRESETS, summarise } from './range';

// Wednesday 18 November 2026, mid-morning.
const NOW = new Date(2026, 10, 18, 10, 30);
const show = (d: Date) => format(d, 'yyyy-MM-dd HH:mm:ss');
const preset = (label: string) => {
  const p = PRESETS.find((x) => x.label === label);
  if (!p) throw new Error(label);
  const r = p.range(NOW);
  return [show(r.start), show(r.end)];
};

describe('date range presets (fixed clock, weeks from Monday)', () => {
  it('offers the thirteen presets of the spec, in order', () => {
    expect(PRESETS.map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'Last 7 Days',
      'Last 30 Days',
      'Last 90 Days',
      'This Month',
      'Last Month',
      'This Year',
      'This YTD',
      'Last Year',
      'Last 1 Year',
    ]);
  });

  it.each([
    ['Today', '2026-11-18 00:00:00', '2026-11-18 23:59:59'],
    ['Yesterday', '2026-11-17 00:00:00', '2026-11-17 23:59:59'],
    ['This Week', '2026-11-16 00:00:00', '2026-11-22 23:59:59'],
    ['Last Week', '2026-11-09 00:00:00', '2026-11-15 23:59:59'],
    ['Last 7 Days', '2026-11-12 00:00:00', '2026-11-18 23:59:59'],
    ['Last 30 Days', '2026-10-20 00:00:00', '2026-11-18 23:59:59'],
    ['Last 90 Days', '2026-08-21 00:00:00', '2026-11-18 23:59:59'],
    ['This Month', '2026-11-01 00:00:00', '2026-11-30 23:59:59'],
    ['Last Month', '2026-10-01 00:00:00', '2026-10-31 23:59:59'],
    ['This Year', '2026-01-01 00:00:00', '2026-12-31 23:59:59'],
    ['This YTD', '2026-01-01 00:00:00', '2026-11-18 23:59:59'],
    ['Last Year', '2025-01-01 00:00:00', '2025-12-31 23:59:59'],
    ['Last 1 Year', '2025-11-18 00:00:00', '2026-11-18 23:59:59'],
  ])('%s runs from %s to %s', (label, start, end) => {
    expect(preset(label)).toEqual([start, end]);
  });

  it('defaults to the last 30 days up to the end of today, which is the Last 30 Days preset', () => {
    const r = defaultRange(NOW);
    expect([show(r.start), show(r.end)]).toEqual(['2026-10-20 00:00:00', '2026-11-18 23:59:59']);
    expect(matchingPreset(r, NOW)).toBe('Last 30 Days');
  });

  it('treats a Sunday as the end of its week', () => {
    const sunday = new Date(2026, 10, 22, 12);
    const r = PRESETS[2].range(sunday);
    expect(show(r.start)).toBe('2026-11-16 00:00:00');
  });
});

describe('range summary', () => {
  it("reads one day as that day ('28 Nov 26', not '28-28 Nov 26')", () => {
    expect(summarise({ start: new Date(2026, 10, 28), end: new Date(2026, 10, 28, 23, 59, 59) })).toBe('28 Nov 26');
  });
  it("uses 'd-d MMM yy' inside one month", () => {
    expect(summarise({ start: new Date(2026, 10, 1), end: new Date(2026, 10, 18) })).toBe('1-18 Nov 26');
  });
  it("uses 'd MMM-d MMM yy' inside one year", () => {
    expect(summarise({ start: new Date(2026, 9, 20), end: new Date(2026, 10, 18) })).toBe('20 Oct-18 Nov 26');
  });
  it('uses the full form across years', () => {
    expect(summarise({ start: new Date(2025, 11, 29), end: new Date(2026, 0, 4) })).toBe('29 Dec 25-4 Jan 26');
  });
  it("says 'Invalid range' when the end is before the start or a date is missing", () => {
    expect(summarise({ start: new Date(2026, 10, 18), end: new Date(2026, 10, 1) })).toBe('Invalid range');
    expect(summarise({ start: new Date(2026, 10, 18) })).toBe('Invalid range');
  });
});

describe('typed dates', () => {
  it('reads dd/MM/yyyy and refuses what is not a date', () => {
    expect(show(parseTypedDate('05/11/2026')!)).toBe('2026-11-05 00:00:00');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('yesterday')).toBeNull();
  });
});
