import fc from 'fast-check';
import { meanViews, pearson, ratio, viewsFor80Percent } from './metrics';

test('a ratio over 0 is 0', () => {
  expect(ratio(5, 0)).toBe(0);
  expect(ratio(1, 4)).toBe(0.25);
});

test('Pearson r: perfect, inverse, and 0 without variance or with one point', () => {
  expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
  expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  expect(pearson([5, 5, 5], [1, 2, 3])).toBe(0);
  expect(pearson([7], [9])).toBe(0);
});

test('80% views: the smallest k covering 4/5 of responses, by brute force over response lists', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 60 }), (views) => {
      const counts = new Map<number, number>();
      for (const v of views) counts.set(v, (counts.get(v) ?? 0) + 1);
      const brute =
        views.length === 0
          ? 0
          : Math.min(...views.filter((k) => 5 * views.filter((v) => v <= k).length >= 4 * views.length));
      expect(viewsFor80Percent(counts)).toBe(brute);
      expect(meanViews(counts)).toBeCloseTo(views.length ? views.reduce((a, b) => a + b, 0) / views.length : 0, 9);
    }),
  );
});
