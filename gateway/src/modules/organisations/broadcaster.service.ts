import type { AppContext } from '../../shared/app-context';
import { notFound } from '../../shared/errors';
import { type Actor, broadcasterRules, isSuperAdmin } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { type Input, insertedId, optionalText } from '../../shared/input';
import { checkedCountries, countryListsOf, saveOperationalCountries } from './operational-countries';
import { assertSystemAdmin } from './system-access';

export interface BroadcasterBase {
  id: number;
  broadcaster_name: string;
  country_code: string;
}

export interface BroadcasterRecord extends BroadcasterBase {
  country_list: string[];
}

const toBase = (r: BroadcasterBase): BroadcasterBase => ({
  id: Number(r.id),
  broadcaster_name: r.broadcaster_name,
  country_code: r.country_code,
});

/** GET /broadcasters/: all for the super admin, a broadcaster user's own, nothing for others. */
export async function listBroadcasters(app: AppContext, actor: Actor): Promise<BroadcasterBase[]> {
  if (!isSuperAdmin(actor) && actor.entityType !== 'BROADCASTER') return [];
  const rows: BroadcasterBase[] = isSuperAdmin(actor)
    ? await app.ds.query('SELECT id, broadcaster_name, country_code FROM broadcaster ORDER BY broadcaster_name, id')
    : await app.ds.query('SELECT id, broadcaster_name, country_code FROM broadcaster WHERE id = ?', [actor.entityId]);
  return rows.map(toBase);
}

export async function getBroadcaster(app: AppContext, actor: Actor, id: number): Promise<BroadcasterBase> {
  const visible = isSuperAdmin(actor) || (actor.entityType === 'BROADCASTER' && actor.entityId === id);
  const rows: BroadcasterBase[] = visible
    ? await app.ds.query('SELECT id, broadcaster_name, country_code FROM broadcaster WHERE id = ?', [id])
    : [];
  if (!rows[0]) throw notFound('Broadcaster');
  return toBase(rows[0]);
}

async function saveBroadcaster(app: AppContext, actor: Actor, id: number | null, input: Input) {
  assertSystemAdmin(actor);
  const name = optionalText(input, 'broadcaster_name') ?? '';
  assertValid(broadcasterRules, { broadcaster_name: name, country_code: input.country_code });
  if (id !== null) await getBroadcaster(app, actor, id);
  return app.ds.transaction(async (em) => {
    const countries = await checkedCountries(em, optionalText(input, 'country_code') ?? '', input.country_list);
    let savedId = id;
    if (savedId === null) {
      savedId = insertedId(
        await em.query('INSERT INTO broadcaster (broadcaster_name, country_code, created_by) VALUES (?, ?, ?)', [
          name,
          countries.country_code,
          actor.userId,
        ]),
      );
    } else {
      await em.query('UPDATE broadcaster SET broadcaster_name = ?, country_code = ? WHERE id = ?', [
        name,
        countries.country_code,
        savedId,
      ]);
    }
    await saveOperationalCountries(em, 'broadcaster', savedId, countries.country_list);
    return savedId;
  });
}

export async function createBroadcaster(app: AppContext, actor: Actor, input: Input): Promise<BroadcasterBase> {
  return getBroadcaster(app, actor, await saveBroadcaster(app, actor, null, input));
}

export async function updateBroadcaster(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<BroadcasterBase> {
  return getBroadcaster(app, actor, await saveBroadcaster(app, actor, id, input));
}

/** Adds country_list (primary first) with one query. */
export async function withBroadcasterDetails(app: AppContext, bases: BroadcasterBase[]): Promise<BroadcasterRecord[]> {
  const lists = await countryListsOf(app.ds.manager, 'broadcaster', bases);
  return bases.map((b) => ({ ...b, country_list: lists.get(b.id) ?? [b.country_code] }));
}
