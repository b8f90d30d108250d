import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../shared/app-context';
import { DomainError, forbidden, httpStatusOf, unauthenticated } from '../shared/errors';
import { requestAuth } from '../shared/request-auth';
import type { Actor } from '@infinitum/rules';
import { TOO_DEEP } from './json-guard';

/** What a REST handler gets: the app, the request and (when signed in) the actor. */
export interface RestCall {
  app: AppContext;
  req: Request;
  actor: Actor | null;
}

/** The actor of a call that needs a signed-in user; 401 otherwise. */
export function signedIn(call: RestCall): Actor {
  if (!call.actor) throw unauthenticated();
  return call.actor;
}

/**
 * Wraps a handler: parse, authorise (in the service), call, answer. A returned value is sent as JSON
 * with 200 (or `status`); errors go to the error handler.
 */
export function route(app: AppContext, handler: (call: RestCall) => Promise<unknown>, status = 200): RequestHandler {
  return (req, res, next) => {
    requestActor(app, req)
      .then((confirmed) => handler({ app, req, actor: confirmed }))
      .then(
        (body) => {
          if (!res.headersSent) res.status(status).json(body ?? { message: 'OK' });
        },
        (e: unknown) => next(e),
      );
  };
}

/**
 * The signed-in check every call goes through, read from the authentication middleware's result
 * (shared/request-auth.ts): the bearer token's actor confirmed against the stored user (removed,
 * deactivated, moved or demoted users get a 401), or an API key's actor, which must also hold the scope
 * this operation needs; null without either.
 */
export async function requestActor(_app: AppContext, req: Request): Promise<Actor | null> {
  const auth = requestAuth(req);
  const actor = await auth.actor();
  if (actor?.apiKey) {
    const path = `${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? req.path}`.replace(
      /^\/api/,
      '',
    );
    const why = auth.restRefusal(actor, req.method, path);
    if (why) throw forbidden(why);
  }
  return actor;
}

/** A JSON request body as a plain record; anything else (an array, a string, nothing) counts as an empty form. */
export const bodyOf = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

/** A positive integer path or query parameter, or a 400 naming it. */
export function intParam(value: unknown, name: string): number {
  const s = String(value ?? '');
  if (!/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 4294967295) {
    throw new DomainError('VALIDATION', `${name} must be a positive integer.`, {
      [name]: `${name} must be a positive integer.`,
    });
  }
  return Number(s);
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** DomainError -> status and `{message, fields}`; body-parser errors -> 400/413; anything else -> 500 (logged). */
export function errorHandler(app: AppContext) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof DomainError) {
      if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      res
        .status(httpStatusOf[err.code])
        .json({ message: err.message, detail: err.message, ...(err.fields ? { fields: err.fields } : {}) });
      return;
    }
    const bp = err as BodyParserError;
    if (bp?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large.' });
      return;
    }
    if (bp?.type === 'entity.too.deep') {
      res.status(400).json({ message: TOO_DEEP });
      return;
    }
    if (bp?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON in request body.' });
      return;
    }
    if (bp?.status && bp.status >= 400 && bp.status < 500) {
      res.status(bp.status).json({ message: 'Bad request.' });
      return;
    }
    app.log.error({ err, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'An unexpected error occurred.' });
  };
}

/** A positive integer path parameter (`:id` unless named), or a 400 naming it. */
export const idParam = (req: Request, name = 'id'): number => intParam(req.params[name], name);
