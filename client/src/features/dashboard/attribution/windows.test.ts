import { overTimeSubtitle, sameDayLabel, timingHelp, windowsText } from './windows';

/** The panels' texts under a client's attribution windows (docs/design.md#attribution-settings). */
describe('attribution window texts', () => {
  test('the defaults read exactly as the panels always did', () => {
    expect(overTimeSubtitle({ touchWindowHours: 168, sameDayWindowHours: 24 })).toBe(
      'Same Day = visits within 24 hours of an impression; All Responses = visits over the 7 days after',
    );
    expect(timingHelp(168)).toBe(
      "How long after the household's last impression the visit came: within the first hour, hours 2-24, days 2-7.",
    );
  });

  test('other windows are named in days when whole, else in hours', () => {
    expect(overTimeSubtitle({ touchWindowHours: 336, sameDayWindowHours: 6 })).toBe(
      'Same Day = visits within 6 hours of an impression; All Responses = visits over the 14 days after',
    );
    expect(overTimeSubtitle({ touchWindowHours: 36, sameDayWindowHours: 36 })).toBe(
      'Same Day = visits within 36 hours of an impression; All Responses = visits over the 36 hours after',
    );
    expect(sameDayLabel(1)).toBe('1 hour');
    expect(sameDayLabel(48)).toBe('2 days');
    expect(windowsText(720, 24)).toBe('30 days / same day 24 hours');
  });

  test("timing's help names the buckets W reaches", () => {
    const lead = "How long after the household's last impression the visit came: ";
    expect(timingHelp(1)).toBe(`${lead}within the first hour (the whole touch window).`);
    expect(timingHelp(6)).toBe(`${lead}within the first hour or hours 2-6.`);
    expect(timingHelp(36)).toBe(`${lead}within the first hour, hours 2-24, or up to 36 hours.`);
    expect(timingHelp(72)).toBe(`${lead}within the first hour, hours 2-24, or days 2-3.`);
    expect(timingHelp(100)).toBe(`${lead}within the first hour, hours 2-24, or days 2-5 (up to 100 hours).`);
    expect(timingHelp(336)).toBe(
      `${lead}within the first hour, hours 2-24, days 2-7, or after the first week up to 14 days.`,
    );
  });
});
