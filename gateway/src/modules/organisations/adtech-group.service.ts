import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound } from '../../shared/errors';
import { type Actor, adtechGroupRules } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { idList, type Input, insertedId, optionalText } from '../../shared/input';
import { assertSystemAdmin } from './system-access';

export interface AdtechGroupBase {
  id: number;
  group_name: string;
}

/** A group with its members (adtech_count is shown as 'N entities'; adtech_ids fill the edit form). */
export interface AdtechGroupRecord extends AdtechGroupBase {
  adtech_count: number;
  adtech_ids: number[];
}

const toBase = (r: AdtechGroupBase): AdtechGroupBase => ({ id: Number(r.id), group_name: r.group_name });

/** Member adtech ids of several groups, one query. */
export async function membersOfGroups(em: EntityManager, ids: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows: { group_id: number; adtech_id: number }[] = await em.query(
    'SELECT group_id, adtech_id FROM adtech_group_member WHERE group_id IN (?) ORDER BY adtech_id',
    [[...new Set(ids)]],
  );
  for (const r of rows) out.get(Number(r.group_id))?.push(Number(r.adtech_id));
  return out;
}

export async function listAdtechGroups(app: AppContext, actor: Actor): Promise<AdtechGroupBase[]> {
  assertSystemAdmin(actor);
  const rows: AdtechGroupBase[] = await app.ds.query('SELECT id, group_name FROM adtech_group ORDER BY group_name, id');
  return rows.map(toBase);
}

export async function getAdtechGroup(app: AppContext, actor: Actor, id: number): Promise<AdtechGroupBase> {
  assertSystemAdmin(actor);
  const rows: AdtechGroupBase[] = await app.ds.query('SELECT id, group_name FROM adtech_group WHERE id = ?', [id]);
  if (!rows[0]) throw notFound('AdTech group');
  return toBase(rows[0]);
}

async function checkedMembers(em: EntityManager, input: Input): Promise<number[] | null> {
  if (input.adtech_ids === undefined || input.adtech_ids === null) return null;
  if (!Array.isArray(input.adtech_ids))
    throw badRequest('AdTechs must be a list', { adtech_ids: 'AdTechs must be a list' });
  const ids = idList(input.adtech_ids);
  if (ids.length !== input.adtech_ids.length) {
    throw badRequest('Unknown AdTech in the group', { adtech_ids: 'Unknown AdTech in the group' });
  }
  if (ids.length === 0) return ids;
  const rows: { id: number }[] = await em.query('SELECT id FROM adtech WHERE id IN (?)', [ids]);
  if (rows.length !== ids.length)
    throw badRequest('Unknown AdTech in the group', { adtech_ids: 'Unknown AdTech in the group' });
  return ids;
}

async function saveGroup(app: AppContext, actor: Actor, id: number | null, input: Input): Promise<number> {
  assertSystemAdmin(actor);
  const name = optionalText(input, 'group_name') ?? '';
  assertValid(adtechGroupRules, { group_name: name });
  if (id !== null) await getAdtechGroup(app, actor, id);
  return app.ds.transaction(async (em) => {
    const members = await checkedMembers(em, input);
    let savedId = id;
    if (savedId === null) {
      savedId = insertedId(
        await em.query('INSERT INTO adtech_group (group_name, created_by) VALUES (?, ?)', [name, actor.userId]),
      );
    } else {
      // Concurrent saves of one group take turns (the member rewrite below would otherwise deadlock).
      await em.query('SELECT id FROM adtech_group WHERE id = ? FOR UPDATE', [savedId]);
      await em.query('UPDATE adtech_group SET group_name = ? WHERE id = ?', [name, savedId]);
    }
    if (members) {
      // A new group has no members: no DELETE, whose gap locks deadlocked concurrent creates.
      if (id !== null) await em.query('DELETE FROM adtech_group_member WHERE group_id = ?', [savedId]);
      if (members.length) {
        await em.query('INSERT INTO adtech_group_member (group_id, adtech_id) VALUES ?', [
          members.map((m) => [savedId, m]),
        ]);
      }
    }
    return savedId;
  });
}

export async function createAdtechGroup(app: AppContext, actor: Actor, input: Input): Promise<AdtechGroupBase> {
  return getAdtechGroup(app, actor, await saveGroup(app, actor, null, input));
}

export async function updateAdtechGroup(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AdtechGroupBase> {
  return getAdtechGroup(app, actor, await saveGroup(app, actor, id, input));
}

export async function withAdtechGroupDetails(app: AppContext, bases: AdtechGroupBase[]): Promise<AdtechGroupRecord[]> {
  const members = await membersOfGroups(
    app.ds.manager,
    bases.map((b) => b.id),
  );
  return bases.map((b) => {
    const ids = members.get(b.id) ?? [];
    return { ...b, adtech_count: ids.length, adtech_ids: ids };
  });
}
