import type { AppContext } from '../shared/app-context';
import { unauthenticated } from '../shared/errors';
import type { Actor } from '@infinitum/rules';
import { createLoaders, type Loaders } from '../shared/loaders';
import type { Request } from 'express';
import { graphqlKeyActor } from '../modules/api-keys/api-key.actor';

/** Per-request GraphQL context: the app, the actor (if signed in) and per-request DataLoaders. */
export interface GqlContext {
  app: AppContext;
  actor: Actor | null;
  loaders: Loaders;
  /** The caller's address (login throttling), as REST sees it in `req.ip`. */
  ip?: string;
}

export function buildContext(app: AppContext, actor: Actor | null, ip?: string): GqlContext {
  return { app, actor, loaders: createLoaders(app), ip };
}

export function requireActor(ctx: GqlContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}

/** The request's API key actor (api-keys module), or else `userActor()` (the access token). */
export const requestActor = (app: AppContext, req: Request, userActor: () => Promise<Actor | null>) =>
  graphqlKeyActor(app, req) ?? userActor();
