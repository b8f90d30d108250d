/** The 30-minute session rule of docs/design.md#visits-and-attribution, over one household's hits of one customer. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

export interface SessionHit {
  eventId: string;
  ts: number;
  siteTagId: number;
  region: string;
}

export interface Session {
  startTs: number;
  endTs: number;
  region: string;
  hits: number;
  siteTagIds: number[];
}

/** Hits in time order (ties by event id); a hit joins when at most 30 minutes after the previous one. */
export function sessionise(hits: SessionHit[]): Session[] {
  const sorted = [...hits].sort((a, b) => a.ts - b.ts || (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  const sessions: Session[] = [];
  let current: Session | null = null;
  for (const h of sorted) {
    if (current && h.ts - current.endTs <= SESSION_GAP_MS) {
      current.endTs = h.ts;
      current.hits++;
      if (!current.siteTagIds.includes(h.siteTagId)) current.siteTagIds.push(h.siteTagId);
    } else {
      current = { startTs: h.ts, endTs: h.ts, region: h.region, hits: 1, siteTagIds: [h.siteTagId] };
      sessions.push(current);
    }
  }
  return sessions;
}
