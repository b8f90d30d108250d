import type { RequestHandler } from 'express';
import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { setRequestAuth } from '../../shared/request-auth';
import { authenticateKey, keyOf } from '../api-keys/api-key.actor';
import { refusal, restNeed } from '../api-keys/api-key.scope';
import { actorFromAuthorization } from './access-token';
import { confirmActor } from './session-check';

/**
 * Authenticate once, below both transports: the request's headers (`Authorization: Bearer <access token>`,
 * or an API key as `X-Api-Key` / `Bearer ifk_...`) become a confirmed actor: a key checked (revocation,
 * expiry, owner), rate-limited and counted; a token verified and confirmed against the stored user and
 * session (session-check.ts). REST and GraphQL read the result (shared/request-auth.ts); a key's scopes
 * are then checked per operation: REST by the route, GraphQL by the operation it resolved
 * (api-key.plugin.ts). Work starts on the first read, so a public call never waits on it.
 */
export function authenticate(app: AppContext): RequestHandler {
  return (req, _res, next) => {
    let by: 'key' | 'token' | 'none';
    let secret: string | null = null;
    let early: unknown = null;
    try {
      secret = keyOf(req);
    } catch (e) {
      early = e;
    }
    if (early !== null || secret !== null) by = 'key';
    else by = req.headers.authorization ? 'token' : 'none';
    let once: Promise<Actor | null> | null = null;
    const confirm = async (): Promise<Actor | null> => {
      if (early !== null) throw early;
      if (secret !== null) return authenticateKey(app, secret, []);
      const actor = actorFromAuthorization(app.config.JWT_SECRET, req.headers.authorization);
      return actor ? confirmActor(app, actor) : null;
    };
    const signedBy = (): Actor | null => {
      if (by !== 'token') return null;
      try {
        return actorFromAuthorization(app.config.JWT_SECRET, req.headers.authorization);
      } catch {
        return null;
      }
    };
    setRequestAuth(req, {
      by,
      signedBy,
      actor: () => (once ??= confirm()),
      restRefusal: (actor, method, path) =>
        actor.apiKey ? refusal(actor.apiKey.scopes, restNeed(method, path)) : null,
    });
    next();
  };
}
