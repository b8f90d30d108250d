import { dashboardSheets } from '../utils/export-workbook';
import { timingBuckets } from './ResponseTiming';

/** docs/design.md#attribution-settings: a touch window longer than a week adds a fourth timing bucket. */
const week = {
  Hour_1: 3,
  Day_1: 5,
  Week_1: 2,
  Beyond_Week: null,
  Hour_1_Perc: 0.3,
  Day_1_Perc: 0.5,
  Week_1_Perc: 0.2,
  Beyond_Week_Perc: null,
};
const month = {
  ...week,
  Beyond_Week: 10,
  Hour_1_Perc: 0.15,
  Day_1_Perc: 0.25,
  Week_1_Perc: 0.1,
  Beyond_Week_Perc: 0.5,
};

describe('visit response timing beyond a week', () => {
  it('shows a "Beyond 1 week" bar only when the answer has Beyond_Week', () => {
    expect(timingBuckets(week).map((b) => b.label)).toEqual(['Within 1 hour', 'Within 1 day', 'Within 1 week']);
    // GraphQL answers null for the optional field under a window of a week or less.
    const long = timingBuckets(month);
    expect(long.map((b) => b.label)).toEqual(['Within 1 hour', 'Within 1 day', 'Within 1 week', 'Beyond 1 week']);
    expect(long.map((b) => b.count(month))).toEqual([3, 5, 2, 10]);
    expect(long[3].share(month)).toBe(0.5);
  });

  it('the workbook has Beyond_Week columns only when the answer has them', () => {
    const columns = (timing: Record<string, unknown>) =>
      dashboardSheets({ timing })
        .find((s) => s.name === 'Visit Response Timing')!
        .columns.map((c) => c.key);
    const { Beyond_Week: _b, Beyond_Week_Perc: _p, ...restAnswer } = week;
    expect(columns(restAnswer)).toEqual(['Hour_1', 'Day_1', 'Week_1', 'Hour_1_Perc', 'Day_1_Perc', 'Week_1_Perc']);
    expect(columns(week)).not.toContain('Beyond_Week');
    expect(columns(month)).toEqual([
      'Hour_1',
      'Day_1',
      'Week_1',
      'Beyond_Week',
      'Hour_1_Perc',
      'Day_1_Perc',
      'Week_1_Perc',
      'Beyond_Week_Perc',
    ]);
  });
});
