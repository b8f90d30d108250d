import type { AppContext } from '../../shared/app-context';
import { unauthenticated } from '../../shared/errors';
import { type Actor, type EntityType, roleOf } from '../../shared/roles';

export const SESSION_ENDED = 'Your session is no longer valid. Please sign in again.';

interface SessionRow {
  admin: number;
  entity_type: EntityType;
  entity_id: number;
  active: number;
}

/**
 * An access token is valid for 15 minutes, but the user behind it may be removed, deactivated, moved
 * to another organisation or lose the admin flag within that time. Every signed-in call confirms the
 * token still describes the stored user (one primary-key read); otherwise 401, and the client's one
 * refresh either gets a token with the current role or ends the session (the refresh reads the row too).
 */
export async function confirmActor(app: AppContext, actor: Actor): Promise<Actor> {
  const rows: SessionRow[] = await app.ds.query('SELECT admin, entity_type, entity_id, active FROM user WHERE id = ?', [
    actor.userId,
  ]);
  const row = rows[0];
  const same =
    row !== undefined &&
    Boolean(Number(row.active)) &&
    roleOf({ entityType: row.entity_type, admin: Boolean(Number(row.admin)) }) === actor.role &&
    Number(row.entity_id) === actor.entityId;
  if (!same) throw unauthenticated(SESSION_ENDED);
  return actor;
}
