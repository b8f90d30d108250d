import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { bodyOf, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { MountRoutes } from '../../rest/routes';
import {
  acceptInvitation,
  currentUser,
  login,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  verifyResetToken,
} from './auth.service';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Like `route()` but never reads the Authorization header: the client sends its (possibly expired)
 * access token on every request, and signing in or refreshing must work exactly then.
 */
const publicRoute =
  (handler: (req: Request) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    handler(req).then(
      (answer) => {
        if (!res.headersSent) res.json(answer);
      },
      (e: unknown) => next(e),
    );
  };

/** Sign-in, token refresh, password reset and invitation: the public /api calls of spec 7, plus GET /me. */
export const mountAuthRoutes: MountRoutes = (router, app) => {
  router.post(
    '/login',
    publicRoute((req) => login(app, null, { ...bodyOf(req), ip: clientIp(req) })),
  );
  router.post(
    '/refresh-token',
    publicRoute((req) => refreshSession(app, null, bodyOf(req))),
  );
  router.post(
    '/password-reset',
    publicRoute((req) => requestPasswordReset(app, null, bodyOf(req))),
  );
  router.get(
    '/verify-reset-token',
    publicRoute((req) => verifyResetToken(app, null, { token: req.query.token })),
  );
  router.post(
    '/reset-password',
    publicRoute((req) => resetPassword(app, null, bodyOf(req))),
  );
  router.post(
    '/accept-invitation',
    publicRoute((req) => acceptInvitation(app, null, bodyOf(req))),
  );
  router.get(
    '/me',
    route(app, (call) => currentUser(app, signedIn(call))),
  );
};

const me = z.object({
  email: z.string(),
  name: z.string(),
  role: z.string().describe('ROLE_ADMIN or ROLE_{BROADCASTER|AGENCY|CUSTOMER|ADTECH}_{ADMIN|USER}'),
  entity_id: z.number().int(),
  entity_type: z.enum(['SYSTEM', 'CUSTOMER', 'AGENCY', 'BROADCASTER', 'ADTECH']),
  country_code: z.string().describe("The organisation's primary country"),
  country_list: z.array(z.string()).describe("The organisation's operational countries, primary first"),
});
const message = z.object({ message: z.string() });
const token = z.object({ token: z.string() });

documentApi(
  {
    method: 'post',
    path: '/login',
    summary: 'Sign in with email and password',
    tag: 'auth',
    auth: false,
    body: z.object({ email: z.string(), password: z.string() }),
    response: me.extend({
      access_token: z.string().describe('JWT, 15 minutes'),
      refresh_token: z.string().describe('Opaque, 30 days, single use'),
    }),
    errors: {
      401: "'Login failed. Please check your credentials.'",
      429: 'Too many failed attempts for this email from this address (Retry-After)',
      503: 'Sign-in is temporarily unavailable: the attempt counter (Redis) cannot be reached (Retry-After)',
    },
  },
  {
    method: 'post',
    path: '/refresh-token',
    summary: 'Spend a refresh token for a new access token and its rotated successor',
    tag: 'auth',
    auth: false,
    body: token,
    response: z.object({ new_token: z.string(), refresh_token: z.string() }),
    errors: { 401: 'Unknown, expired, revoked or reused refresh token (reuse revokes the whole session)' },
  },
  {
    method: 'post',
    path: '/password-reset',
    summary: 'Email a password reset link (same answer whether or not the email is registered)',
    tag: 'auth',
    auth: false,
    body: z.object({ email: z.string() }),
    response: message,
    errors: { 503: 'Temporarily unavailable: the email counter (Redis) cannot be reached (Retry-After)' },
  },
  {
    method: 'get',
    path: '/verify-reset-token',
    summary: 'Check a password reset token before showing the form',
    tag: 'auth',
    auth: false,
    query: z.object({ token: z.string() }),
    response: z.object({ valid: z.literal(true) }),
  },
  {
    method: 'post',
    path: '/reset-password',
    summary: 'Set a new password with a reset token (single use; signs out every session)',
    tag: 'auth',
    auth: false,
    body: z.object({ token: z.string(), new_password: z.string().min(8) }),
    response: message,
  },
  {
    method: 'post',
    path: '/accept-invitation',
    summary: 'Accept an invitation: activates the account and emails a set-password link',
    tag: 'auth',
    auth: false,
    body: token,
    response: message,
  },
  {
    method: 'get',
    path: '/me',
    summary: 'The signed-in user (restores a session)',
    tag: 'auth',
    response: me,
  },
);
