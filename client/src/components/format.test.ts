import {
  formatBytes,
  formatCompact,
  formatCount,
  formatDay,
  formatDollars,
  formatMoney,
  formatPercent,
  truncateLabel,
} from './format';

describe('spec 9 formats', () => {
  it('counts, compact and money', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('-');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1250)).toBe('1.3K');
    expect(formatCompact(3_400_000)).toBe('3.4M');
    expect(formatMoney(123.456)).toBe('$123.46');
    expect(formatMoney(1500)).toBe('$1.5K');
    expect(formatMoney(2_000_000)).toBe('$2.0M');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
  });
  it('percent from a fraction, dates, labels, bytes', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(undefined)).toBe('-');
    expect(formatDay('2026-03-05')).toBe('05 Mar 2026');
    expect(formatDay('')).toBe('N/A');
    expect(truncateLabel('A creative with a long name')).toBe('A creative with a...');
    expect(truncateLabel('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
