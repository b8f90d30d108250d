import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound, unauthenticated } from '../../shared/errors';
import { type Actor, type EntityType, type Role, roleOf } from '@infinitum/rules';
import { NOT_TEXT } from '../../shared/input';
import { assertValid } from '../../shared/validation/assert';
import { signAccessToken, tokenFactsOf } from './access-token';
import { emailRules, loginRules, resetPasswordRules, tokenRules } from './auth.rules';
import { invitationEmail, passwordResetEmail, sendQuietly, setPasswordEmail } from './auth.emails';
import { countriesOf } from './countries';
import { reserveLoginAttempt } from './login-throttle';
import { createOneTimeToken, findLiveToken, spendTokens } from './one-time-tokens';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, passwordMatches } from './passwords';
import { mayEmailReset } from './reset-throttle';
import {
  familyOf,
  issueRefreshToken,
  newFamilyId,
  revokeFamily,
  revokeUserRefreshTokens,
  ROTATION_ISOLATION,
  rotateRefreshToken,
} from './refresh-tokens';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const RESET_LINK_SENT = 'Password reset link has been sent to your email.';
export const INVALID_RESET_TOKEN = 'Invalid or expired reset token.';
export const INVALID_INVITATION = 'Invalid or expired invitation.';

/** The signed-in user as the client keeps it (spec 3: logged-in user). */
export interface Me {
  email: string;
  name: string;
  role: Role;
  entity_id: number;
  entity_type: EntityType;
  country_code: string;
  country_list: string[];
}

export interface LoginResult extends Me {
  access_token: string;
  refresh_token: string;
}

export interface RefreshResult {
  new_token: string;
  refresh_token: string;
}

export interface MessageResult {
  message: string;
}

type Input = Record<string, unknown>;

interface UserRow {
  id: number;
  name: string;
  email: string;
  password_hash: string | null;
  admin: number | boolean;
  entity_type: EntityType;
  entity_id: number;
  active: number | boolean;
}

const USER_COLUMNS = 'id, name, email, password_hash, admin, entity_type, entity_id, active';
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const normalEmail = (v: unknown) => text(v).trim().toLowerCase();

async function userWhere(em: EntityManager, column: 'id' | 'email', value: unknown): Promise<UserRow | null> {
  const rows: UserRow[] = await em.query(`SELECT ${USER_COLUMNS} FROM user WHERE ${column} = ?`, [value]);
  return rows[0] ?? null;
}

function actorOf(u: UserRow): Actor {
  const admin = Boolean(u.admin);
  return {
    userId: Number(u.id),
    name: u.name,
    email: u.email,
    role: roleOf({ entityType: u.entity_type, admin }),
    entityType: u.entity_type,
    entityId: Number(u.entity_id),
    admin,
  };
}

async function meOf(em: EntityManager, u: UserRow): Promise<Me> {
  const actor = actorOf(u);
  return {
    email: u.email,
    name: u.name,
    role: actor.role,
    entity_id: actor.entityId,
    entity_type: actor.entityType,
    ...(await countriesOf(em, actor.entityType, actor.entityId)),
  };
}

/** Email + password -> tokens and the user. Unknown email, wrong password and inactive account answer alike. */
export async function login(
  app: AppContext,
  _actor: Actor | null,
  input: Input & { ip: string },
): Promise<LoginResult> {
  assertValid(loginRules, input);
  const email = normalEmail(input.email);
  // Reserved before the password is checked: concurrent guesses cannot all pass a not-yet-counted limit.
  const attempt = await reserveLoginAttempt(app, email, input.ip);
  const user = await userWhere(app.ds.manager, 'email', email);
  const matches = await passwordMatches(user?.password_hash, text(input.password));
  if (!user || !matches || !user.active) throw unauthenticated(LOGIN_FAILED);
  await attempt.succeeded();
  const familyId = newFamilyId();
  const refreshToken = await app.ds.transaction(async (em) => {
    // A JS date like every other auth timestamp: the session time zone of the server plays no part.
    await em.query('UPDATE user SET last_login_at = ? WHERE id = ?', [new Date(), user.id]);
    return issueRefreshToken(em, Number(user.id), familyId);
  });
  return {
    access_token: signAccessToken(app.config.JWT_SECRET, actorOf(user), undefined, familyId),
    refresh_token: refreshToken,
    ...(await meOf(app.ds.manager, user)),
  };
}

/** Spends a refresh token: a new access token and the rotated refresh token. */
export async function refreshSession(app: AppContext, _actor: Actor | null, input: Input): Promise<RefreshResult> {
  assertValid(tokenRules, input);
  const outcome = await app.ds.transaction(ROTATION_ISOLATION, async (em) => {
    const rotation = await rotateRefreshToken(em, app.config.JWT_SECRET, text(input.token));
    if (!rotation.ok) {
      // A replayed token means a leaked one: worth an operator's attention.
      if (rotation.reason === 'reused') app.log.warn('refresh token reused: its session was revoked');
      return null;
    }
    const user = await userWhere(em, 'id', rotation.userId);
    if (!user || !user.active) {
      await revokeFamily(em, rotation.familyId);
      return null;
    }
    return { user, token: rotation.token, familyId: rotation.familyId };
  });
  // Committed before answering: a reused token's family stays revoked.
  if (!outcome) throw unauthenticated('Invalid or expired refresh token.');
  return {
    new_token: signAccessToken(app.config.JWT_SECRET, actorOf(outcome.user), undefined, outcome.familyId),
    refresh_token: outcome.token,
  };
}

export const SIGNED_OUT = 'Signed out.';
export const NO_SESSION_NAMED = 'This access token names no session: send the refresh token to sign out.';

/**
 * Sign out: revokes the session (refresh-token family) of the refresh token given, which also ends the
 * access tokens issued in it (session-check.ts). Always the same answer: an unknown, spent or already
 * revoked token has nothing left to end, and the client signs out locally either way.
 */
/**
 * Ends a session: the one of the refresh token sent, and the one the caller's access token names (its
 * `sid`), so a client holding only its access token signs out too. An access token naming no session,
 * without a refresh token, is a 400: nothing would end.
 */
export async function logout(app: AppContext, actor: Actor | null, input: Input): Promise<MessageResult> {
  const token = input.token;
  if (token !== undefined && token !== null && typeof token !== 'string') {
    throw badRequest(NOT_TEXT('token'), { token: NOT_TEXT('token') });
  }
  const refresh = typeof token === 'string' && token.length >= 16 && token.length <= 200 ? token : null;
  const sessionId = actor && !actor.apiKey ? (tokenFactsOf(actor)?.sessionId ?? null) : null;
  if (actor && !actor.apiKey && sessionId === null && refresh === null) throw badRequest(NO_SESSION_NAMED);
  if (refresh !== null || sessionId !== null) {
    await app.ds.transaction(async (em) => {
      const familyId = refresh !== null ? await familyOf(em, refresh) : null;
      if (familyId) await revokeFamily(em, familyId);
      if (sessionId && sessionId !== familyId) await revokeFamily(em, sessionId);
    });
  }
  return { message: SIGNED_OUT };
}

/** The signed-in user, read fresh (a deleted or deactivated account no longer restores its session). */
export async function currentUser(app: AppContext, actor: Actor): Promise<Me> {
  const user = await userWhere(app.ds.manager, 'id', actor.userId);
  if (!user || !user.active) throw unauthenticated();
  return meOf(app.ds.manager, user);
}

/**
 * Always the same answer, given before anything about the address is looked up: the throttle (atomic
 * counters, the same for every address) decides, then the answer goes out and the lookup, the token and
 * the email follow. Registered and unknown addresses take the same path to the answer; nobody learns
 * from its content or its timing whether an email is registered.
 */
export async function requestPasswordReset(
  app: AppContext,
  _actor: Actor | null,
  input: Input & { ip: string },
): Promise<MessageResult> {
  assertValid(emailRules, input);
  const email = normalEmail(input.email);
  // Counted for every address, known or not; over the limit the answer stays the same, only the email is skipped.
  const allowed = await mayEmailReset(app, email, input.ip);
  if (allowed) {
    setImmediate(() => {
      emailResetLink(app, email).catch((err: unknown) => app.log.warn({ err }, 'password reset email not prepared'));
    });
  }
  return { message: RESET_LINK_SENT };
}

async function emailResetLink(app: AppContext, email: string): Promise<void> {
  const user = await userWhere(app.ds.manager, 'email', email);
  if (!user || !user.active) return;
  const token = await createOneTimeToken(app.ds.manager, Number(user.id), 'reset');
  await sendQuietly(app, passwordResetEmail(app, user, token));
}

export async function verifyResetToken(app: AppContext, _actor: Actor | null, input: Input): Promise<{ valid: true }> {
  if (!(await findLiveToken(app.ds.manager, text(input.token), 'reset'))) throw badRequest(INVALID_RESET_TOKEN);
  return { valid: true };
}

/** Single use; signs the user out of every session. */
export async function resetPassword(app: AppContext, _actor: Actor | null, input: Input): Promise<MessageResult> {
  assertValid(resetPasswordRules, input);
  const passwordHash = await hashPassword(assertPasswordAllowed(input.new_password, 'new_password', 'New password'));
  const done = await app.ds.transaction(async (em) => {
    const live = await findLiveToken(em, text(input.token), 'reset', new Date(), true);
    if (!live) return false;
    await spendTokens(em, live.userId, 'reset');
    // password_changed_at ends the access tokens issued before it too (session-check.ts).
    await em.query('UPDATE user SET password_hash = ?, password_changed_at = ? WHERE id = ?', [
      passwordHash,
      new Date(),
      live.userId,
    ]);
    await revokeUserRefreshTokens(em, live.userId);
    return true;
  });
  if (!done) throw badRequest(INVALID_RESET_TOKEN);
  return { message: 'Password updated successfully.' };
}

/** Activates the invited account and emails a link to set its password. */
export async function acceptInvitation(app: AppContext, _actor: Actor | null, input: Input): Promise<MessageResult> {
  assertValid(tokenRules, input);
  const accepted = await app.ds.transaction(async (em) => {
    const live = await findLiveToken(em, text(input.token), 'invitation', new Date(), true);
    if (!live) return null;
    const user = await userWhere(em, 'id', live.userId);
    if (!user) return null;
    await spendTokens(em, live.userId, 'invitation');
    await em.query('UPDATE user SET active = 1 WHERE id = ?', [live.userId]);
    return { user, token: await createOneTimeToken(em, live.userId, 'reset') };
  });
  if (!accepted) throw badRequest(INVALID_INVITATION);
  await sendQuietly(app, setPasswordEmail(app, accepted.user, accepted.token));
  return { message: 'Invitation accepted successfully.' };
}

/** For the users service: invites an (inactive) user by email; the link works for seven days. */
export async function issueInvitation(app: AppContext, userId: number): Promise<void> {
  const user = await userWhere(app.ds.manager, 'id', userId);
  if (!user) throw notFound('User');
  const token = await createOneTimeToken(app.ds.manager, userId, 'invitation');
  await sendQuietly(app, invitationEmail(app, user, token));
}
