import type { AppContext } from '../../shared/app-context';
import { unauthenticated } from '../../shared/errors';
import { type Actor, type EntityType, roleOf } from '@infinitum/rules';
import { recordActivity } from '../monitoring/activity';
import { tokenFactsOf } from './access-token';

export const SESSION_ENDED = 'Your session is no longer valid. Please sign in again.';

interface SessionRow {
  admin: number;
  entity_type: EntityType;
  entity_id: number;
  active: number;
  password_changed_at: Date | null;
  session_ended: number;
}

/**
 * An access token is valid for 15 minutes, but the user behind it may be removed, deactivated, moved
 * to another organisation or lose the admin flag within that time, change their password, or sign out.
 * Every signed-in call confirms the token still describes the stored user and a live session (one
 * primary-key read, the session's revocation looked up in the same statement); otherwise 401, and the
 * client's one refresh either gets a token with the current role or ends the session (the refresh reads
 * the row too).
 */
export async function confirmActor(app: AppContext, actor: Actor): Promise<Actor> {
  const facts = tokenFactsOf(actor);
  const rows: SessionRow[] = await app.ds.query(
    `SELECT u.admin, u.entity_type, u.entity_id, u.active, u.password_changed_at,
       EXISTS(SELECT 1 FROM refresh_token r WHERE r.family_id = ? AND r.revoked_at IS NOT NULL) AS session_ended
     FROM user u WHERE u.id = ?`,
    [facts?.sessionId ?? null, actor.userId],
  );
  const row = rows[0];
  const same =
    row !== undefined &&
    Boolean(Number(row.active)) &&
    roleOf({ entityType: row.entity_type, admin: Boolean(Number(row.admin)) }) === actor.role &&
    Number(row.entity_id) === actor.entityId;
  // Whole seconds on both sides (iat has no finer grain): a token issued in the second of the change survives.
  const passwordChanged =
    facts !== null &&
    row?.password_changed_at != null &&
    facts.issuedAt < Math.floor(new Date(row.password_changed_at).getTime() / 1000);
  if (!same || passwordChanged || Number(row.session_ended) === 1) throw unauthenticated(SESSION_ENDED);
  recordActivity(app, actor);
  return actor;
}
