import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { bodyOf, route, signedIn } from '../../rest/http';
import { documentApi } from '../../rest/openapi';
import type { MountRoutes } from '../../shared/module';
import { unauthenticated } from '../../shared/errors';
import { requestAuth } from '../../shared/request-auth';
import { messageSchema } from '../organisations/organisation.schemas';
import {
  acceptInvitation,
  currentUser,
  login,
  logout,
  refreshSession,
  requestPasswordReset,
  resetPassword,
  verifyResetToken,
} from './auth.service';
import { answerWithCookie, clearRefreshCookie, refreshCookieOf, wantsCookie } from './refresh-cookie';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Like `route()` but never reads the Authorization header: the client sends its (possibly expired)
 * access token on every request, and signing in or refreshing must work exactly then.
 */
const publicRoute =
  (handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) => {
    // Tokens and account answers: never kept by a browser or a proxy.
    res.setHeader('Cache-Control', 'no-store');
    handler(req, res).then(
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
    publicRoute(async (req, res) => {
      const answer = await login(app, null, { ...bodyOf(req), ip: clientIp(req) });
      return wantsCookie(req) ? answerWithCookie(res, answer) : answer;
    }),
  );
  // The web client (cookie form) sends no token in the body: the HttpOnly cookie carries it.
  router.post(
    '/refresh-token',
    publicRoute(async (req, res) => {
      if (!wantsCookie(req)) return refreshSession(app, null, bodyOf(req));
      try {
        const cookie = refreshCookieOf(req);
        if (!cookie) throw unauthenticated('Invalid or expired refresh token.');
        return answerWithCookie(res, await refreshSession(app, null, { token: cookie }));
      } catch (e) {
        clearRefreshCookie(res);
        throw e;
      }
    }),
  );
  router.post(
    '/logout',
    publicRoute(async (req, res) => {
      if (!wantsCookie(req)) return logout(app, requestAuth(req).signedBy(), bodyOf(req));
      clearRefreshCookie(res);
      return logout(app, requestAuth(req).signedBy(), { token: refreshCookieOf(req) });
    }),
  );
  router.post(
    '/password-reset',
    publicRoute((req) => requestPasswordReset(app, null, { ...bodyOf(req), ip: clientIp(req) })),
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
const token = z.object({ token: z.string() }).meta({ id: 'TokenInput' });

documentApi(
  {
    method: 'post',
    path: '/login',
    operationId: 'login',
    summary: 'Sign in with email and password',
    tag: 'Authentication',
    auth: false,
    body: z.object({ email: z.string(), password: z.string() }),
    response: me.extend({
      access_token: z.string().describe('JWT, 15 minutes'),
      refresh_token: z.string().describe('Opaque, 30 days, single use'),
    }),
    errors: {
      401: "'Login failed. Please check your credentials.'",
      429: 'Too many failed attempts for this email from this address, or from this address across emails (Retry-After)',
      503: 'Sign-in is temporarily unavailable: the attempt counter (Redis) cannot be reached (Retry-After)',
    },
  },
  {
    method: 'post',
    path: '/refresh-token',
    operationId: 'refreshToken',
    summary: 'Spend a refresh token for a new access token and its rotated successor',
    tag: 'Authentication',
    auth: false,
    body: token,
    response: z.object({ new_token: z.string(), refresh_token: z.string() }),
    errors: { 401: 'Unknown, expired, revoked or reused refresh token (reuse revokes the whole session)' },
  },
  {
    method: 'post',
    path: '/logout',
    operationId: 'logout',
    summary:
      'Sign out: revoke the session of this refresh token, or the one the access token sent names (its access tokens stop working too)',
    tag: 'Authentication',
    auth: false,
    body: z.object({ token: z.string().optional().describe('The refresh token of the session to end') }),
    response: messageSchema,
    errors: { 400: 'token is not text, or the access token sent names no session and no refresh token came' },
  },
  {
    method: 'post',
    path: '/password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Email a password reset link (same answer whether or not the email is registered)',
    tag: 'Authentication',
    auth: false,
    body: z.object({ email: z.string() }),
    response: messageSchema,
    errors: {
      429: 'Too many reset requests from this address across emails (Retry-After)',
      503: 'Temporarily unavailable: the email counter (Redis) cannot be reached (Retry-After)',
    },
  },
  {
    method: 'get',
    path: '/verify-reset-token',
    operationId: 'verifyResetToken',
    summary: 'Check a password reset token before showing the form',
    tag: 'Authentication',
    auth: false,
    query: z.object({ token: z.string() }),
    response: z.object({ valid: z.literal(true) }),
  },
  {
    method: 'post',
    path: '/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset token (single use; signs out every session)',
    tag: 'Authentication',
    auth: false,
    body: z.object({ token: z.string(), new_password: z.string().min(8) }),
    response: messageSchema,
  },
  {
    method: 'post',
    path: '/accept-invitation',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation: activates the account and emails a set-password link',
    tag: 'Authentication',
    auth: false,
    body: token,
    response: messageSchema,
  },
  {
    method: 'get',
    path: '/me',
    operationId: 'getMe',
    summary: 'The signed-in user (restores a session)',
    tag: 'Authentication',
    response: me,
  },
);
