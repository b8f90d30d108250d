import { loadCidrs } from '../../shared/invalid-traffic';
import { type Hit, hitLogOf, hitSinkOf, type HitLogStatus, spooledBytes } from '../../stream';
import { type LineError, MAX_LISTED_ERRORS, parseLine } from './ingest-lines';
import type { AppContext } from '../../shared/app-context';
import { DomainError, forbidden } from '../../shared/errors';
import { type Actor, can, isSuperAdmin } from '@infinitum/rules';
import { visibleCustomerIds } from '../access/customer-scope';

/**
 * Bulk ingest and the ingest status (docs/design.md#collection and docs/design.md#running-it) behind the same door as every other call:
 * the route hands over the actor the shared signed-in check confirmed; who may ingest and which tags a
 * line may name are decided here.
 */

/**
 * Who may bulk-ingest: the super admin, and an API key with the `ingest` scope, whose lines
 * are limited to the tags of its organisation's customers by `acceptedTagKeys`.
 */
export function mayBulkIngest(actor: Actor): boolean {
  return isSuperAdmin(actor) || !!actor.apiKey?.scopes.includes('ingest');
}

export function assertMayBulkIngest(actor: Actor): void {
  if (!mayBulkIngest(actor)) throw forbidden();
}

export interface IngestAnswer {
  accepted: number;
  rejected: number;
  errors: LineError[];
}

/**
 * "i:key" / "v:key" of the tag keys in the hits that exist AND belong to a customer the actor sees
 * (the super admin: every customer). A line naming another customer's tag is rejected like an unknown
 * tag, so an ingest actor learns nothing about tags beyond its own.
 */
export async function acceptedTagKeys(app: AppContext, actor: Actor, hits: readonly Hit[]): Promise<Set<string>> {
  const known = new Set<string>();
  const customers = await visibleCustomerIds(app.ds.manager, actor);
  if (customers !== 'all' && customers.length === 0) return known;
  for (const [kind, table] of [
    ['i', 'impression_tag'],
    ['v', 'site_tag'],
  ] as const) {
    const keys = [...new Set(hits.filter((h) => h.k === kind).map((h) => h.t))];
    for (let i = 0; i < keys.length; i += 1000) {
      const rows: { tag_key: string }[] =
        customers === 'all'
          ? await app.ds.query(`SELECT tag_key FROM ${table} WHERE tag_key IN (?)`, [keys.slice(i, i + 1000)])
          : await app.ds.query(`SELECT tag_key FROM ${table} WHERE tag_key IN (?) AND customer_id IN (?)`, [
              keys.slice(i, i + 1000),
              customers,
            ]);
      for (const r of rows) known.add(`${kind}:${r.tag_key}`);
    }
  }
  return known;
}

/**
 * POST /api/ingest/events: NDJSON lines checked one by one as the body arrives (in batches of lines);
 * good lines are encoded into their stream entries at once and all go to the stream in one go at the
 * end, so a refused body (413, 503) lands nothing. What the request holds is the encoded entries (at
 * most about the body's size), not the parsed lines (memory).
 */
export async function ingestEvents(
  app: AppContext,
  actor: Actor,
  body: AsyncIterable<string[]>,
): Promise<IngestAnswer> {
  assertMayBulkIngest(actor);
  const now = Date.now();
  const answer: IngestAnswer = { accepted: 0, rejected: 0, errors: [] };
  const reject = (line: number, reason: string) => {
    answer.rejected++;
    if (answer.errors.length < MAX_LISTED_ERRORS) answer.errors.push({ line, reason });
  };
  const hitLog = hitLogOf(app);
  const entries = hitLog.batch();
  /** "k:key" -> whether the actor may send it: each tag key is looked up once per request. */
  const tagAccepted = new Map<string, boolean>();
  let line = 0;
  const datacenter = loadCidrs(app.config.DATACENTER_CIDRS_FILE);
  for await (const rows of body) {
    const parsed: (Hit | string | null)[] = rows.map((row) =>
      parseLine(row, app.config.HOUSEHOLD_SALT, now, datacenter),
    );
    const unseen = parsed.filter((p): p is Hit => typeof p === 'object' && !!p && !tagAccepted.has(`${p.k}:${p.t}`));
    if (unseen.length) {
      const known = await acceptedTagKeys(app, actor, unseen);
      for (const h of unseen) tagAccepted.set(`${h.k}:${h.t}`, known.has(`${h.k}:${h.t}`));
    }
    for (const p of parsed) {
      line++;
      if (p === null) continue;
      if (typeof p === 'string') reject(line, p);
      else if (tagAccepted.get(`${p.k}:${p.t}`)) entries.add(p);
      else reject(line, 'unknown tag');
    }
  }
  try {
    await hitSinkOf(app).take(entries);
  } catch (e) {
    app.log.warn({ err: e }, 'bulk ingest: stream unavailable');
    throw new DomainError('UNAVAILABLE', 'Ingest is unavailable right now; retry later.', undefined, 5);
  }
  if (answer.rejected) hitLog.countRejected('invalid_line', answer.rejected);
  answer.accepted = entries.count;
  return answer;
}

/**
 * POST /api/ingest/dead-letters/replay (super admin): every dead-lettered entry goes back into the stream
 * (in chunks, each moved in one MULTI). Event ids keep a replay that races another harmless.
 */
export async function replayDeadLetters(app: AppContext, actor: Actor): Promise<{ replayed: number }> {
  // A person's decision: a system key reads every tenant but manages nothing.
  if (!can.manageSystem(actor)) throw forbidden();
  let replayed = 0;
  try {
    replayed = await hitLogOf(app).replayDeadLetters();
  } catch (e) {
    app.log.warn({ err: e }, 'dead-letter replay: stream unavailable');
    throw new DomainError('UNAVAILABLE', 'Ingest is unavailable right now; retry later.', undefined, 5);
  }
  if (replayed) app.log.info({ replayed, by: actor.userId }, 'dead letters replayed into the stream');
  return { replayed };
}

/** GET /api/ingest/status. */
export async function getIngestStatus(app: AppContext, actor: Actor): Promise<HitLogStatus> {
  // The whole system's queue and spool: the super admin's, not a partner key's (refused here, not only by the
  // transport's deny list).
  if (!can.manageSystem(actor)) throw forbidden();
  // The spool before the log: a replay adds to the log before it removes its file.
  const spooled = spooledBytes(app.config.SPOOL_DIR);
  try {
    return await hitLogOf(app).status(spooled);
  } catch (e) {
    // The hit log's engine away (Redis, or NATS with HIT_LOG=jetstream): a 503 to retry, never made-up figures.
    app.log.warn({ err: e }, 'ingest status: hit log unavailable');
    throw new DomainError('UNAVAILABLE', 'Ingest is unavailable right now; retry later.', undefined, 5);
  }
}
