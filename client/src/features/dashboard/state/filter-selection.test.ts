import {
  ALL,
  badgeCount,
  chooseOption,
  chooseSingle,
  isAll,
  menuLists,
  payloadIds,
  selectionSummary,
} from './filter-selection';
import { applyBookings, applyCampaigns, bookingOptionsFor } from './cascade';

const options = [1, 2, 3, 4];
const named = [
  { id: 1, display_name: 'Auckland' },
  { id: 2, display_name: 'Wellington' },
  { id: 3, display_name: 'Canterbury' },
];

describe('dashboard filter selection (spec 4), bullet by bullet', () => {
  it('defaults to All (id 0)', () => {
    expect(isAll([ALL])).toBe(true);
    expect(payloadIds([ALL])).toEqual([0]);
  });
  it('choosing All while All is selected selects every real option', () => {
    expect(chooseOption([ALL], ALL, options)).toEqual([1, 2, 3, 4]);
  });
  it('choosing All otherwise resets to All alone', () => {
    expect(chooseOption([2, 3], ALL, options)).toEqual([ALL]);
  });
  it('choosing an item while All is selected replaces All with that item', () => {
    expect(chooseOption([ALL], 3, options)).toEqual([3]);
  });
  it('toggling an item off removes it; none left returns to All', () => {
    expect(chooseOption([2, 3], 3, options)).toEqual([2]);
    expect(chooseOption([2], 2, options)).toEqual([ALL]);
  });
  it('adds further items', () => {
    expect(chooseOption([2], 4, options)).toEqual([2, 4]);
  });
  it("is 'filtered' when All is not selected, with a badge of the selected count", () => {
    expect(badgeCount([ALL])).toBe(0);
    expect(badgeCount([1, 3])).toBe(2);
  });
  it("tooltip: 'All <title>s', names for 1-2, '<n> <title>s selected' otherwise", () => {
    expect(selectionSummary('Region', [ALL], named)).toBe('All Regions');
    expect(selectionSummary('Region', [2], named)).toBe('Wellington');
    expect(selectionSummary('Region', [1, 3], named)).toBe('Auckland, Canterbury');
    expect(selectionSummary('Region', [1, 2, 3], named)).toBe('3 Regions selected');
  });
  it('single-select Site: picking replaces the selection', () => {
    expect(chooseSingle(5)).toEqual([5]);
    expect(chooseSingle(ALL)).toEqual([ALL]);
  });
  it('region ids are codes and compare as they come', () => {
    expect(chooseOption([ALL], 'AUK', ['AUK', 'WGN'])).toEqual(['AUK']);
    expect(chooseOption(['AUK'], 'AUK', ['AUK', 'WGN'])).toEqual([ALL]);
  });
});

describe('campaign / booking cascade (spec 4: bookings auto-select campaigns)', () => {
  const bookings = [
    { id: 11, display_name: 'B11', campaign_id: 1 },
    { id: 12, display_name: 'B12', campaign_id: 1 },
    { id: 21, display_name: 'B21', campaign_id: 2 },
  ];
  it('booking options follow the chosen campaigns', () => {
    expect(bookingOptionsFor([ALL], bookings).map((b) => b.id)).toEqual([11, 12, 21]);
    expect(bookingOptionsFor([2], bookings).map((b) => b.id)).toEqual([21]);
  });
  it('choosing bookings selects their campaigns', () => {
    expect(applyBookings({ campaign: [ALL], booking: [ALL] }, [21], bookings)).toEqual({
      campaign: [2],
      booking: [21],
    });
    expect(applyBookings({ campaign: [1], booking: [ALL] }, [11, 21], bookings)).toEqual({
      campaign: [1, 2],
      booking: [11, 21],
    });
  });
  it('narrowing campaigns drops bookings of other campaigns, none left is All', () => {
    expect(applyCampaigns({ campaign: [1, 2], booking: [11, 21] }, [1], bookings)).toEqual({
      campaign: [1],
      booking: [11],
    });
    expect(applyCampaigns({ campaign: [2], booking: [21] }, [1], bookings)).toEqual({ campaign: [1], booking: [ALL] });
  });
});

describe("the server's id-0 option", () => {
  it("is the menu's own All row, not an item of any list (spec 3, 9)", () => {
    const all = { id: 0, display_name: 'All' };
    const lists = menuLists({
      regions: [all, { id: 'AUK', display_name: 'Auckland' }],
      campaigns: [all, ...named],
      bookings: [
        { ...all, campaign_id: 0 },
        { id: 7, display_name: 'Home - AOTV 1', campaign_id: 1 },
      ],
    });
    expect(lists).toEqual({
      regions: [{ id: 'AUK', display_name: 'Auckland' }],
      campaigns: named,
      bookings: [{ id: 7, display_name: 'Home - AOTV 1', campaign_id: 1 }],
    });
    // Choosing All while All is selected then selects the real options only.
    expect(
      chooseOption(
        [ALL],
        ALL,
        lists.campaigns.map((o) => o.id),
      ),
    ).toEqual([1, 2, 3]);
  });
});
