import { useEffect, useState } from 'react';
import { currentAccessToken } from '../app/access-token';

/** One snapshot of the live view (GET /api/live/:customerId; docs/design.md#live-view). */
export interface LiveSnapshot {
  customer_id: number;
  as_of: string;
  minutes: { minute: string; impressions: number; hits: number; responses: number }[];
  impressions: number;
  hits: number;
  responses: number;
  tags: { kind: 'impression' | 'site'; id: number; name: string; hits: number; last_hit: string }[];
  /** Ids of the customer's tags that have ever received a hit. */
  received: { impression: number[]; site: number[] };
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

/**
 * The stream with the session's access token. Not the GraphQL link's auth fetch: it reads every answer's body to
 * spot auth errors, which an endless stream never finishes. An expired token (401) reconnects after the retry
 * delay, by when the app's own calls have refreshed it.
 */
const streamFetch = async (url: string, init: RequestInit) => {
  const token = await currentAccessToken();
  return fetch(url, { ...init, headers: { ...init.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
};

/** Parses server-sent event blocks out of a growing text buffer; answers the snapshots and the rest. */
export function parseEvents(buffer: string): { snapshots: LiveSnapshot[]; rest: string } {
  const snapshots: LiveSnapshot[] = [];
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const lines = block.split('\n');
    const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
    if (lines.includes('event: snapshot') && data.length) snapshots.push(JSON.parse(data.join('\n')) as LiveSnapshot);
  }
  return { snapshots, rest };
}

/**
 * The customer's live figures, pushed by the server (server-sent events over an authenticated fetch, not
 * polling); reconnects after 2 s when the stream drops. A customer the user may not see is 'refused'.
 */
export function useLiveFeed(customerId: number | null) {
  const [state, setState] = useState<{ snapshot: LiveSnapshot | null; status: LiveStatus; for: number | null }>({
    snapshot: null,
    status: 'connecting',
    for: null,
  });
  useEffect(() => {
    if (customerId === null) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState({ snapshot: null, status: 'connecting', for: customerId });
    const connect = async () => {
      try {
        const res = await streamFetch(`/api/live/${customerId}/stream`, {
          signal: controller.signal,
          headers: { accept: 'text/event-stream' },
        });
        if (res.status === 404 || res.status === 403) {
          setState({ snapshot: null, status: 'refused', for: customerId });
          return;
        }
        if (!res.ok || !res.body) throw new Error(`live stream ${res.status}`);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          const last = parsed.snapshots.at(-1);
          if (last) setState({ snapshot: last, status: 'live', for: customerId });
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setState((s) => ({ ...s, status: 'reconnecting' }));
      retry = setTimeout(() => void connect(), 2000);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [customerId]);
  return state.for === customerId ? state : { snapshot: null, status: 'connecting' as LiveStatus, for: customerId };
}
