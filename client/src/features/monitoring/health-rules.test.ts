import {
  ago,
  appendPoint,
  formatUptime,
  memoryAlert,
  queueBadge,
  queueFill,
  rateBadge,
  roleLabel,
} from './health-rules';

test('queue badge thresholds 200 and 1000, bar full at 1000 (spec 4, 9)', () => {
  expect(queueBadge(0).label).toBe('Healthy');
  expect(queueBadge(200).label).toBe('Healthy');
  expect(queueBadge(201).label).toBe('Moderate Load');
  expect(queueBadge(1000).label).toBe('Moderate Load');
  expect(queueBadge(1001).label).toBe('High Load');
  expect(queueFill(500)).toBe(50);
  expect(queueFill(5000)).toBe(100);
});

test('processing-rate badge: above 50 success, above 10 warning, above 0 info, else idle', () => {
  expect([0, 0.1, 10, 10.5, 50, 51].map((r) => rateBadge(r).level)).toEqual([
    'idle',
    'info',
    'info',
    'warning',
    'warning',
    'success',
  ]);
});

test('memory red above 80%, uptime, relative time, sparkline window, role words', () => {
  expect(memoryAlert(80)).toBe(false);
  expect(memoryAlert(80.1)).toBe(true);
  expect(formatUptime(3 * 86400 + 4 * 3600 + 12 * 60)).toBe('3d 4h 12m');
  expect(formatUptime(75)).toBe('1m 15s');
  expect(ago(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('5 min ago');
  const series = Array.from({ length: 60 }, (_, i) => i);
  expect(appendPoint(series, 99, 60)).toHaveLength(60);
  expect(appendPoint(series, 99, 60).at(-1)).toBe(99);
  expect(roleLabel('ROLE_ADMIN')).toBe('Super Admin');
  expect(roleLabel('ROLE_CUSTOMER_USER')).toBe('Client User');
});
