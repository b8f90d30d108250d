/** Badges and colours of the System Health tab (spec 4 and 9). Pure: the tests import them. */

export const QUEUE_MODERATE = 200;
export const QUEUE_HIGH = 1000;
export const MEMORY_RED_PERCENT = 80;

export interface Badge {
  label: string;
  palette: 'green' | 'orange' | 'red' | 'blue' | 'gray';
}

/** Queue health badge from the largest queue: above 1000 High Load, above 200 Moderate Load, else Healthy. */
export function queueBadge(largest: number): Badge {
  if (largest > QUEUE_HIGH) return { label: 'High Load', palette: 'red' };
  if (largest > QUEUE_MODERATE) return { label: 'Moderate Load', palette: 'orange' };
  return { label: 'Healthy', palette: 'green' };
}

/** The queue bar is full at 1000 messages. */
export const queueFill = (messages: number) => Math.min(100, (Math.max(0, messages) / QUEUE_HIGH) * 100);

/** Processing-rate badge: above 50/s success, above 10 warning, above 0 info, else idle. */
export function rateBadge(eventsPerS: number): Badge & { level: 'success' | 'warning' | 'info' | 'idle' } {
  if (eventsPerS > 50) return { level: 'success', label: 'High throughput', palette: 'green' };
  if (eventsPerS > 10) return { level: 'warning', label: 'Moderate throughput', palette: 'orange' };
  if (eventsPerS > 0) return { level: 'info', label: 'Low throughput', palette: 'blue' };
  return { level: 'idle', label: 'Idle', palette: 'gray' };
}

/** Memory above 80% is red. */
export const memoryAlert = (percent: number) => percent > MEMORY_RED_PERCENT;

/** "3d 4h 12m" from seconds (uptime). */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m`;
  return `${m}m ${s % 60}s`;
}

/** "just now", "4 min ago", "2 h ago" since an ISO time. */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

/** The last `n` points of a series after appending one. */
export const appendPoint = (series: number[], value: number, n: number) => [...series, value].slice(-n);

/** Role code to words: ROLE_ADMIN Super Admin, ROLE_CUSTOMER_USER Client User, ... */
export function roleLabel(role: string): string {
  if (role === 'ROLE_ADMIN') return 'Super Admin';
  const m = /^ROLE_([A-Z]+)_(ADMIN|USER)$/.exec(role);
  if (!m) return role;
  return `${ENTITY_LABEL[m[1]] ?? m[1]} ${m[2] === 'ADMIN' ? 'Admin' : 'User'}`;
}

export const ENTITY_LABEL: Record<string, string> = {
  SYSTEM: 'System',
  CUSTOMER: 'Client',
  AGENCY: 'Agency',
  BROADCASTER: 'Broadcaster',
  ADTECH: 'AdTech',
};
