import { optimalFrequency } from './reach-frequency';

const row = (Frequency: number, Households: number, Responding: number) => ({
  Frequency,
  Households,
  Responding,
  Response_Rate: Responding / Households,
});

describe('optimal frequency (docs/design.md#optimal-frequency)', () => {
  test('a row of a few households is never named, however high its rate', () => {
    // Three households at frequency 1 all responded (100%); the supported rows peak at 40% (k = 10).
    const rows = [row(1, 3, 3), row(2, 200, 20), row(5, 100, 10), row(10, 50, 20)];
    expect(optimalFrequency(rows)).toBe(10);
  });

  test('the smallest supported frequency within 90% of the best supported rate', () => {
    const rows = [row(1, 400, 20), row(2, 300, 28), row(3, 200, 20), row(4, 29, 29), row(5, 100, 10)];
    // Best supported rate 10% (k = 3 and k = 5); 90% of it is 9%: k = 2 has 9.33%.
    expect(optimalFrequency(rows)).toBe(2);
  });

  test('0 when no row has 30 households', () => {
    expect(optimalFrequency([row(1, 29, 10), row(2, 5, 5)])).toBe(0);
    expect(optimalFrequency([])).toBe(0);
  });
});
