import { referenceAnswers, referenceWhatIf, WHAT_IF_HOURS, type RefCustomer } from '../reference/metrics';
import { checkWindows, type RefHit, type RefImpression } from '../reference/types';

/**
 * The reference calculator at buyer-set attribution windows (docs/design.md#attribution-settings): touch window W and same-day
 * window S as parameters, with the defaults (7 x 24 h, 24 h) giving what every existing suite compares with.
 * One household, one impression, visits at known delays, so each count can be read off by hand.
 */
const HOUR = 3_600_000;
const T = Date.UTC(2026, 2, 2, 10, 0, 0);
const customer: RefCustomer = {
  id: 1,
  timeZone: 'UTC',
  country: 'NZ',
  cpmOfBooking: new Map([[7, 20_000]]),
  creativeName: new Map([[3, 'Spring 30s']]),
  creativeFormat: new Map([[3, '30s']]),
  channelName: new Map([[4, 'TVNZ 1']]),
  siteName: new Map([[9, 'Home page']]),
};
const impression: RefImpression = {
  id: 'imp-1',
  customerId: 1,
  household: '42',
  ts: T,
  bookingId: 7,
  campaignId: 5,
  creativeId: 3,
  channelId: 4,
  region: 'AUK',
};
// Delays of the visits after the impression: 30 min, 5 h, 30 h, exactly 48 h, 8 days, 20 days.
const delaysH = [0.5, 5, 30, 48, 8 * 24, 20 * 24];
const hits: RefHit[] = delaysH.map((d, i) => ({
  id: `hit-${i}`,
  customerId: 1,
  household: '42',
  ts: T + d * HOUR,
  siteTagId: 9,
  region: 'AUK',
}));
const filter = { customerId: 1, start: '2026-03-02', end: '2026-03-31' };
const answers = (touchH: number, sameDayH: number) =>
  referenceAnswers(customer, [impression], hits, filter, { touchMs: touchH * HOUR, sameDayMs: sameDayH * HOUR });
const sameDayTotal = (a: ReturnType<typeof answers>) =>
  a.responses_over_time.table_data.reduce((s, r) => s + r.Same_Day, 0);

describe('reference calculator windows W and S', () => {
  it('gives exactly the old answers with no windows and with the explicit defaults', () => {
    const none = referenceAnswers(customer, [impression], hits, filter);
    expect(answers(168, 24)).toEqual(none);
    expect(none.impression_summary.summary_data.Total_Responses).toBe(4);
    expect(none.visit_response_timing.summary_data).toEqual({
      Hour_1: 1,
      Day_1: 1,
      Week_1: 2,
      Hour_1_Perc: 0.25,
      Day_1_Perc: 0.25,
      Week_1_Perc: 0.5,
    });
    expect(sameDayTotal(none)).toBe(2);
  });

  it('counts a touch only when visit - W < impression time, so a visit exactly W later is not a response', () => {
    expect(answers(48, 24).impression_summary.summary_data.Total_Responses).toBe(3);
    expect(answers(49, 24).impression_summary.summary_data.Total_Responses).toBe(4);
    expect(answers(1, 1).impression_summary.summary_data.Total_Responses).toBe(1);
  });

  it('cuts Same_Day at S', () => {
    expect(sameDayTotal(answers(168, 1))).toBe(1);
    expect(sameDayTotal(answers(168, 6))).toBe(2);
    expect(sameDayTotal(answers(168, 48))).toBe(4);
  });

  it('adds Beyond_Week only when W is over 7 days', () => {
    const month = answers(720, 24);
    expect(month.impression_summary.summary_data.Total_Responses).toBe(6);
    expect(month.visit_response_timing.summary_data).toEqual({
      Hour_1: 1,
      Day_1: 1,
      Week_1: 2,
      Beyond_Week: 2,
      Hour_1_Perc: 1 / 6,
      Day_1_Perc: 1 / 6,
      Week_1_Perc: 2 / 6,
      Beyond_Week_Perc: 2 / 6,
    });
    expect(answers(6, 6).visit_response_timing.summary_data).not.toHaveProperty('Beyond_Week');
  });

  it('what-if: responses, rate and cost per visit at each W in the list', () => {
    expect(WHAT_IF_HOURS).toEqual([1, 6, 24, 48, 72, 168, 336, 720]);
    const points = referenceWhatIf(customer, [impression], hits, filter);
    const n = [1, 2, 2, 3, 4, 4, 5, 6];
    expect(points).toEqual(
      WHAT_IF_HOURS.map((h, i) => ({
        Window_Hours: h,
        Total_Responses: n[i],
        Response_Rate: n[i],
        Current_CPR: 20 / n[i],
      })),
    );
  });

  it('refuses windows a customer could not set', () => {
    expect(() => checkWindows({ touchMs: 24 * HOUR, sameDayMs: 48 * HOUR })).toThrow(/same-day/);
    expect(() => checkWindows({ touchMs: 1.5 * HOUR, sameDayMs: HOUR })).toThrow(/touch window/);
    expect(() => checkWindows({ touchMs: 31 * 24 * HOUR, sameDayMs: HOUR })).toThrow(/touch window/);
    expect(() => answers(24, 48)).toThrow();
  });
});
