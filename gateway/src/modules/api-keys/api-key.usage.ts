import type { AppContext } from '../../shared/app-context';

/** Calls per key: a Redis hash (`total`, `d:yyyy-MM-dd`), plus `last_used_at` in the row (at most once a minute). */
const usageKey = (app: AppContext, id: number) => app.keys.of(`api-key-usage:${id}`);
const today = () => new Date().toISOString().slice(0, 10);

/** Counted after the key is accepted; never delays or fails the call (errors are logged). */
export function recordUse(app: AppContext, id: number): void {
  const key = usageKey(app, id);
  app.redis
    .multi()
    .hincrby(key, 'total', 1)
    .hincrby(key, `d:${today()}`, 1)
    .exec()
    .catch((err: unknown) => app.log.warn({ err, apiKeyId: id }, 'API key usage not counted'));
  app.ds
    .query(
      'UPDATE api_key SET last_used_at = UTC_TIMESTAMP(3) WHERE id = ? AND (last_used_at IS NULL OR last_used_at < UTC_TIMESTAMP(3) - INTERVAL 1 MINUTE)',
      [id],
    )
    .catch((err: unknown) => app.log.warn({ err, apiKeyId: id }, 'API key last use not stored'));
}

export interface Usage {
  total: number;
  today: number;
}

/** Usage of many keys: one HMGET each, sent together (each key has its own hash slot on a Redis Cluster). */
export async function usageOf(app: AppContext, ids: number[]): Promise<Map<number, Usage>> {
  const out = new Map<number, Usage>();
  if (ids.length === 0) return out;
  const day = `d:${today()}`;
  const answers = await Promise.all(
    ids.map((id) => app.redis.hmget(usageKey(app, id), 'total', day).catch(() => [null, null])),
  );
  ids.forEach((id, i) => {
    const [total, d] = answers[i];
    out.set(id, { total: Number(total ?? 0), today: Number(d ?? 0) });
  });
  return out;
}
