import { DAYPARTS, SESSION_GAP_MS, TOUCH_WINDOW_MS, type RefHit, type RefImpression, type RefVisit } from './types';

/**
 * The plain, obviously-correct reference of docs/design.md#visits-and-attribution: sessions and touches computed from raw events
 * with nothing clever, to compare the ETL's tables with.
 */

const byTsThenId = <T extends { ts: number; id: string }>(a: T, b: T): number =>
  a.ts - b.ts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function uniqueById<T extends { id: string }>(events: T[]): T[] {
  const seen = new Map<string, T>();
  for (const e of events) if (!seen.has(e.id)) seen.set(e.id, e);
  return [...seen.values()];
}

const householdKey = (e: { customerId: number; household: string }) => `${e.customerId}|${e.household}`;

/**
 * Visits: per customer and household, hits in time order (ties by id); a hit joins the current
 * session when it comes at most 30 minutes after the session's previous hit. Duplicate ids count once.
 * Visits are ordered by customer, household (as strings), time.
 */
export function sessionise(hits: RefHit[]): RefVisit[] {
  const groups = new Map<string, RefHit[]>();
  for (const h of uniqueById(hits)) {
    const key = householdKey(h);
    const list = groups.get(key) ?? [];
    list.push(h);
    groups.set(key, list);
  }
  const visits: RefVisit[] = [];
  for (const list of groups.values()) {
    list.sort(byTsThenId);
    let current: RefVisit | null = null;
    let previousTs = 0;
    for (const h of list) {
      if (current && h.ts - previousTs <= SESSION_GAP_MS) {
        if (!current.siteTagIds.includes(h.siteTagId)) current.siteTagIds.push(h.siteTagId);
      } else {
        current = {
          customerId: h.customerId,
          household: h.household,
          ts: h.ts,
          region: h.region,
          siteTagIds: [h.siteTagId],
          touches: [],
        };
        visits.push(current);
      }
      previousTs = h.ts;
    }
  }
  for (const v of visits) v.siteTagIds.sort((a, b) => a - b);
  return visits.sort(
    (a, b) =>
      a.customerId - b.customerId ||
      (a.household < b.household ? -1 : a.household > b.household ? 1 : 0) ||
      a.ts - b.ts,
  );
}

/** Touches: impressions of the same customer and household with visit.ts - W < ts <= visit.ts (W default 7 x 24 h). */
export function attachTouches(
  visits: RefVisit[],
  impressions: RefImpression[],
  touchWindowMs: number = TOUCH_WINDOW_MS,
): RefVisit[] {
  const unique = uniqueById(impressions);
  return visits.map((v) => ({
    ...v,
    touches: unique
      .filter(
        (i) =>
          i.customerId === v.customerId && i.household === v.household && i.ts > v.ts - touchWindowMs && i.ts <= v.ts,
      )
      .sort(byTsThenId),
  }));
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Local date (yyyy-MM-dd), weekday (1 Monday .. 7 Sunday) and daypart (1..8) of a UTC instant in a zone. */
export function localParts(ts: number, timeZone: string): { date: string; weekday: number; daypart: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(new Date(ts))) parts[p.type] = p.value;
  const minute = Number(parts.hour) * 60 + Number(parts.minute);
  let daypart = 1;
  for (const d of DAYPARTS) if (minute >= d.startMinute) daypart = d.id;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: WEEKDAYS[parts.weekday], daypart };
}
