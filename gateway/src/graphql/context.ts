import type { AppContext } from '../shared/app-context';
import { unauthenticated } from '../shared/errors';
import type { Actor } from '../shared/roles';
import { createLoaders, type Loaders } from './loaders';

/** Per-request GraphQL context: the app, the actor (if signed in) and per-request DataLoaders. */
export interface GqlContext {
  app: AppContext;
  actor: Actor | null;
  loaders: Loaders;
}

export function buildContext(app: AppContext, actor: Actor | null): GqlContext {
  return { app, actor, loaders: createLoaders(app) };
}

export function requireActor(ctx: GqlContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
