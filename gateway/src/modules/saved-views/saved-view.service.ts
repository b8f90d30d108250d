import type { Actor } from '@infinitum/rules';
import type { AppContext } from '../../shared/app-context';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { type Input, optionalText } from '../../shared/input';
import { SavedView } from './saved-view.entity';

/** A saved view as both transports answer it. */
export interface SavedViewRecord {
  id: number;
  name: string;
  /** The dashboard address's query string, without '?': open `/dashboard?<query>` to see the view. */
  query: string;
  created_at: string;
  updated_at: string;
}

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = 'Name must be at most 100 characters';
export const QUERY_INVALID = 'Query must be the dashboard address’s query string (at most 2000 characters)';
export const NAME_TAKEN = 'You already have a view with this name';
export const TOO_MANY = 'You have 100 saved views: delete one first';
const MAX_NAME = 100;
const MAX_QUERY = 2000;
const MAX_VIEWS = 100;
const NOT_FOUND = 'Saved view';

/** Saved views belong to people: an API key has no user to keep them for. */
function owner(actor: Actor): number {
  if (actor.apiKey) throw forbidden('Saved views belong to a signed-in user, not to an API key.');
  return actor.userId;
}

const record = (v: SavedView): SavedViewRecord => ({
  id: v.id,
  name: v.name,
  query: v.query,
  created_at: new Date(v.createdAt).toISOString(),
  updated_at: new Date(v.updatedAt).toISOString(),
});

function nameOf(input: Input): string {
  const name = optionalText(input, 'name');
  if (!name) throw badRequest(NAME_REQUIRED, { name: NAME_REQUIRED });
  if ([...name].length > MAX_NAME) throw badRequest(NAME_TOO_LONG, { name: NAME_TOO_LONG });
  return name;
}

/** The selection as URLSearchParams writes it ('?' dropped); anything but such a string is a 400. */
function queryOf(input: Input): string {
  const v = input.query ?? '';
  if (typeof v !== 'string' || v.length > MAX_QUERY || /[\u0000-\u001f\u007f#]/.test(v)) {
    throw badRequest(QUERY_INVALID, { query: QUERY_INVALID });
  }
  const q = new URLSearchParams(v.replace(/^\?/, '')).toString();
  if (q.length > MAX_QUERY) throw badRequest(QUERY_INVALID, { query: QUERY_INVALID });
  return q;
}

/** The actor's own view, or a 404 (another user's view is not found, never forbidden: its id tells nothing). */
async function ownView(app: AppContext, actor: Actor, id: number): Promise<SavedView> {
  const userId = owner(actor);
  const view = await app.ds.getRepository(SavedView).findOneBy({ id, userId });
  if (!view) throw notFound(NOT_FOUND);
  return view;
}

async function nameFree(app: AppContext, userId: number, name: string, except?: number) {
  const same = await app.ds.getRepository(SavedView).findOneBy({ userId, name });
  if (same && same.id !== except) throw conflict(NAME_TAKEN);
}

export async function listSavedViews(app: AppContext, actor: Actor): Promise<SavedViewRecord[]> {
  const userId = owner(actor);
  const views = await app.ds.getRepository(SavedView).find({ where: { userId }, order: { name: 'ASC', id: 'ASC' } });
  return views.map(record);
}

export async function createSavedView(app: AppContext, actor: Actor, input: Input): Promise<SavedViewRecord> {
  const userId = owner(actor);
  const name = nameOf(input);
  const query = queryOf(input);
  const repo = app.ds.getRepository(SavedView);
  if ((await repo.countBy({ userId })) >= MAX_VIEWS) throw conflict(TOO_MANY);
  await nameFree(app, userId, name);
  try {
    const saved = await repo.save(repo.create({ userId, name, query }));
    return record(await repo.findOneByOrFail({ id: saved.id }));
  } catch (e) {
    // Two saves of the same name at once: the unique index answers for the second.
    if ((e as { code?: string }).code === 'ER_DUP_ENTRY') throw conflict(NAME_TAKEN);
    throw e;
  }
}

/** Renames a view and, when `query` is given, saves the current selection under it. */
export async function updateSavedView(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<SavedViewRecord> {
  const view = await ownView(app, actor, id);
  const repo = app.ds.getRepository(SavedView);
  const changes: Partial<SavedView> = {};
  if (input.name !== undefined) {
    changes.name = nameOf(input);
    await nameFree(app, view.userId, changes.name, view.id);
  }
  if (input.query !== undefined) changes.query = queryOf(input);
  if (Object.keys(changes).length > 0) {
    try {
      await repo.update({ id: view.id, userId: view.userId }, { ...changes, updatedAt: new Date() });
    } catch (e) {
      if ((e as { code?: string }).code === 'ER_DUP_ENTRY') throw conflict(NAME_TAKEN);
      throw e;
    }
  }
  return record(await repo.findOneByOrFail({ id: view.id }));
}

export async function deleteSavedView(app: AppContext, actor: Actor, id: number): Promise<SavedViewRecord> {
  const view = await ownView(app, actor, id);
  await app.ds.getRepository(SavedView).delete({ id: view.id, userId: view.userId });
  return record(view);
}
