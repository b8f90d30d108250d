import { visitTicks } from '../charts/WhatIfChart';
import { windowLabel } from '../utils/chart-data';
import { windowWords } from './WhatIf';

describe('the what-if windows in words (docs/design.md#attribution-what-if)', () => {
  it('labels hours as hours and whole days as days', () => {
    expect([1, 6, 24, 48, 72, 168, 336, 720].map(windowLabel)).toEqual([
      '1 h',
      '6 h',
      '1 d',
      '2 d',
      '3 d',
      '7 d',
      '14 d',
      '30 d',
    ]);
    expect([1, 6, 24, 168].map(windowWords)).toEqual(['1 hour', '6 hours', '1 day', '7 days']);
  });
});

describe('visitTicks', () => {
  it('marks whole numbers of visits 1, 2 or 5 x a power of ten apart, up to the largest', () => {
    expect(visitTicks(11)).toEqual([5, 10]);
    expect(visitTicks(80)).toEqual([20, 40, 60, 80]);
    expect(visitTicks(1)).toEqual([1]);
    expect(visitTicks(1234)).toEqual([500, 1000]);
  });
});
