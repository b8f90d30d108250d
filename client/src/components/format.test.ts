import {
  formatBytes,
  formatDecimal1,
  formatWholeDollars,
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
  it('writes numbers exactly as Intl.NumberFormat en-GB would, without building one', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const [zero, one, two] = [intl(0), intl(1), intl(2)];
    const numbers = [0, -0, 0.5, -0.5, 1.005, 2.675, 1.45, 0.05, 0.95, 9.95, 99.995, 999.5, 999999.5, -0.04, -0.4];
    numbers.push(1e-7, 5e-7, 123456789.125, 2 ** 53, 1e21, 1.5e21, 9.999e22, Number.MAX_SAFE_INTEGER / 3);
    let seed = 18;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 20000; i++) {
      const magnitude = 10 ** Math.floor(random() * 14 - 4);
      const n = (random() - 0.3) * magnitude;
      // Halves and near-halves at each scale too, where the rounding rule shows.
      numbers.push(n, Math.round(n * 100) / 100 + 0.005, Math.round(n * 10) / 10 + 0.05, Math.round(n) + 0.5);
    }
    const differ = numbers.flatMap((n) =>
      [
        [formatCount(n), zero.format(n)],
        [formatDecimal1(n), one.format(n)],
        [formatDollars(n), `$${two.format(n)}`],
        [formatWholeDollars(n), `$${zero.format(Math.round(n))}`],
      ].flatMap(([ours, theirs]) => (ours === theirs ? [] : [`${n}: ${ours} vs ${theirs}`])),
    );
    expect(differ).toEqual([]);
  });
});
