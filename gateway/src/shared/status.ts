/**
 * Statuses derived from stored facts (spec 4), pure and dependency-free so the client can import them.
 * Nothing here is stored: the server answers them with every record.
 */
export type DateStatus = 'Active' | 'Upcoming' | 'Completed';
export type SiteTagStatus = 'Active' | 'Low traffic' | 'Not detected';

/** Today (yyyy-MM-dd) in an IANA time zone; an unknown zone falls back to UTC. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** Booking and campaign status: Active from start to end (both days included), Upcoming before, Completed after. */
export function dateStatus(startDate: string, endDate: string, today: string): DateStatus {
  if (today < startDate) return 'Upcoming';
  if (today > endDate) return 'Completed';
  return 'Active';
}

/** Above this many pings in 24 hours a site tag is Active (spec 9). */
export const SITE_TAG_ACTIVE_ABOVE = 50;

/** Site tag status: Active when seen and above 50 pings; Low traffic at 1 to 50; otherwise Not detected. */
export function siteTagStatus(pingDate: Date | string | null, pingCount: number): SiteTagStatus {
  if (pingDate && pingCount > SITE_TAG_ACTIVE_ABOVE) return 'Active';
  if (pingCount >= 1 && pingCount <= SITE_TAG_ACTIVE_ABOVE) return 'Low traffic';
  return 'Not detected';
}

/** On the Campaign Overview a booking has a tag issue when its customer's site tags pinged fewer times (spec 4, 9). */
export const OVERVIEW_TAG_ISSUE_BELOW = 100;

/** The Overview's tag-issue rule: the server owns it, the client only shows the flag. */
export const hasTagIssue = (pingCount: number): boolean => pingCount < OVERVIEW_TAG_ISSUE_BELOW;
