/** The monitoring screens' texts and constants, character for character from the spec (sections 8, 9). */
export const TEXTS = {
  activityError: "Failed to load today's activity metrics",
  activityEmpty: 'No activity data for today',
  queueError: 'Failed to connect to Redis queue monitoring',
  queueEmpty: 'No queue data available',
  cacheError: 'Failed to fetch Redis metrics',
  activeUsersEmpty: 'No data available',
  alertsError: 'Failed to load alert and report activity',
  alertsEmpty: 'No alert evaluation or mail yet',
} as const;

/** Spec 9 refresh intervals, ms. */
export const REFRESH = {
  activeUsers: 30_000,
  activeUsersFocused: 10_000,
  dailyActivity: 60_000,
  queue: 5_000,
  cache: 10_000,
  alerts: 60_000,
} as const;

/** Spec 9: Active Users 25 per page; top-10 chart; sparkline of the last 60 points. */
export const ACTIVE_USERS_PAGE_SIZE = 25;
export const SPARKLINE_POINTS = 60;
