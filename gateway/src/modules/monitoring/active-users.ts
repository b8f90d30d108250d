import type { AppContext } from '../../shared/app-context';
import { ENTITY_TYPES, type EntityType, roleOf } from '@infinitum/rules';
import { activityKeys } from './activity';

/** A user is active when their last authenticated call is at most this old. */
export const ACTIVE_WINDOW_MINUTES = 15;

export interface ActiveUser {
  id: number;
  name: string;
  email: string;
  role_name: string;
  entity_type: EntityType;
  entity_name: string;
  /** ISO 8601 time of the last authenticated call. */
  last_active: string;
  api_calls: number;
  isAdmin: boolean;
}

export interface ActiveUsersAnswer {
  users: ActiveUser[];
  counts: { entity_type: EntityType; count: number }[];
  total: number;
  window_minutes: number;
}

interface UserRow {
  id: number;
  name: string;
  email: string;
  admin: number;
  entity_type: EntityType;
  entity_name: string | null;
}

/** Users active in the last 15 minutes, most recent first, with their call counts and organisation. */
export async function readActiveUsers(app: AppContext, now = Date.now()): Promise<ActiveUsersAnswer> {
  const k = activityKeys(app.keys);
  const since = now - ACTIVE_WINDOW_MINUTES * 60_000;
  const flat = await app.redis.zrevrangebyscore(k.lastActive, '+inf', since, 'WITHSCORES');
  const lastActive = new Map<number, number>();
  for (let i = 0; i + 1 < flat.length; i += 2) lastActive.set(Number(flat[i]), Number(flat[i + 1]));
  const ids = [...lastActive.keys()];
  const calls = ids.length ? await app.redis.hmget(k.calls, ...ids.map(String)) : [];
  const callsOf = new Map(ids.map((id, n) => [id, Number(calls[n] ?? 0)]));
  const rows: UserRow[] = ids.length
    ? await app.ds.query(
        `SELECT u.id, u.name, u.email, u.admin, u.entity_type,
                CASE u.entity_type WHEN 'CUSTOMER' THEN COALESCE(NULLIF(TRIM(c.display_name), ''), c.cust_name) WHEN 'AGENCY' THEN a.agency_name
                  WHEN 'BROADCASTER' THEN b.broadcaster_name WHEN 'ADTECH' THEN t.adtech_name END AS entity_name
           FROM user u
           LEFT JOIN customer c ON u.entity_type = 'CUSTOMER' AND c.id = u.entity_id
           LEFT JOIN agency a ON u.entity_type = 'AGENCY' AND a.id = u.entity_id
           LEFT JOIN broadcaster b ON u.entity_type = 'BROADCASTER' AND b.id = u.entity_id
           LEFT JOIN adtech t ON u.entity_type = 'ADTECH' AND t.id = u.entity_id
          WHERE u.id IN (?) AND u.active = 1`,
        [ids],
      )
    : [];
  const users: ActiveUser[] = rows
    .map((r) => {
      const id = Number(r.id);
      const admin = Boolean(Number(r.admin));
      return {
        id,
        name: r.name,
        email: r.email,
        role_name: roleOf({ entityType: r.entity_type, admin }),
        entity_type: r.entity_type,
        entity_name: r.entity_type === 'SYSTEM' ? 'System' : (r.entity_name ?? 'Unknown'),
        last_active: new Date(lastActive.get(id)!).toISOString(),
        api_calls: callsOf.get(id) ?? 0,
        isAdmin: r.entity_type === 'SYSTEM' || admin,
      };
    })
    .sort((a, b) => (a.last_active < b.last_active ? 1 : a.last_active > b.last_active ? -1 : a.id - b.id));
  const counts = ENTITY_TYPES.map((entity_type) => ({
    entity_type,
    count: users.filter((u) => u.entity_type === entity_type).length,
  }));
  return { users, counts, total: users.length, window_minutes: ACTIVE_WINDOW_MINUTES };
}
