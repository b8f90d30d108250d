import { filterPayload, selectionFromParams, selectionToParams } from './selection';

const now = new Date(2026, 10, 23, 10, 0);

describe('the selection in the URL query', () => {
  it('reads defaults from a plain /dashboard: last 30 days, summary, every filter All', () => {
    const s = selectionFromParams(new URLSearchParams(), now);
    expect(s.customerId).toBeNull();
    expect(s.view).toBe('summary');
    expect(selectionToParams(s).toString()).toBe('from=2026-10-25&to=2026-11-23');
    expect(Object.values(s.filters).every((ids) => ids.length === 1 && ids[0] === 0)).toBe(true);
  });
  it('round-trips customer, range, view and filters', () => {
    const q = 'customer=7&from=2026-11-01&to=2026-11-10&view=performance&region=AUK,WGN&daypart=7&site=3';
    const s = selectionFromParams(new URLSearchParams(q), now);
    expect(selectionToParams(s).toString()).toBe(q.replace('AUK,WGN', 'AUK%2CWGN'));
    expect(filterPayload({ ...s, customerId: 7 })).toEqual({
      client_id: 7,
      startdate: '2026-11-01',
      enddate: '2026-11-10',
      region: ['AUK', 'WGN'],
      campaign: [0],
      booking: [0],
      creative: [0],
      channel: [0],
      weekday: [0],
      time_slots: [7],
      sites: [3],
    });
  });
  it('falls back to the default for an invalid or reversed range and ignores junk ids', () => {
    const s = selectionFromParams(new URLSearchParams('from=2026-13-40&to=2026-11-10&campaign=x,-1,4'), now);
    expect(s.range.start.getDate()).toBe(25);
    expect(s.filters.campaign).toEqual([4]);
    const reversed = selectionFromParams(new URLSearchParams('from=2026-11-20&to=2026-11-01'), now);
    expect(selectionToParams(reversed).get('from')).toBe('2026-10-25');
  });
});
