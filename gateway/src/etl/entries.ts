import type { Hit, LogEntry } from '../stream';
import type { PreparedBatch } from './rows';

/** Entries written in one transaction, their hits, and the rows those become (made once). */
export interface Batch {
  entries: LogEntry[];
  hits: Hit[];
  prepared?: Promise<PreparedBatch>;
}

/**
 * Splits a read's entries into batches of about `batchHits` hits, as many as the read holds whole
 * batches (at least one): a read of 56k hits is one batch, not 50k and a 6k tail paying a batch's
 * fixed cost again; no batch is over 1.5 x batchHits.
 */
export function splitBatches(entries: LogEntry[], batchHits: number): Batch[] {
  const total = entries.reduce((n, e) => n + parseEntry(e).length, 0);
  const limit = Math.max(1, total / Math.max(1, Math.round(total / batchHits)));
  const out: Batch[] = [];
  let batch: Batch = { entries: [], hits: [] };
  for (const entry of entries) {
    batch.entries.push(entry);
    for (const h of parseEntry(entry)) batch.hits.push(h);
    if (batch.hits.length >= limit) {
      out.push(batch);
      batch = { entries: [], hits: [] };
    }
  }
  if (batch.entries.length) out.push(batch);
  return out;
}

/** Parsed once per entry (the reader counts hits, the batch uses them). */
const parsedEntries = new WeakMap<LogEntry, Hit[]>();

export function parseEntry(entry: LogEntry): Hit[] {
  let hits = parsedEntries.get(entry);
  if (!hits) parsedEntries.set(entry, (hits = parseFields(entry.data)));
  return hits;
}

function parseFields(data: string): Hit[] {
  try {
    const hits = JSON.parse(data) as Hit[];
    return Array.isArray(hits) ? hits : [];
  } catch {
    return [];
  }
}
