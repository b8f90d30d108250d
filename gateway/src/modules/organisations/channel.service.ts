import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, notFound } from '../../shared/errors';
import { type Actor, channelRules, isSuperAdmin } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import type { ChannelOwnerType } from './channel.entity';
import { type Input, insertedId, optionalText, positiveId } from '../../shared/input';
import { assertSystemAdmin } from './system-access';

export interface ChannelBase {
  id: number;
  channel_name: string;
  owner_type: ChannelOwnerType;
  owner_id: number;
}

export interface ChannelRecord extends ChannelBase {
  owner_name: string | null;
}

// Fixed identifier map: owner type -> table and name column.
const OWNER_TABLE: Record<ChannelOwnerType, { table: string; name: string }> = {
  broadcaster: { table: 'broadcaster', name: 'broadcaster_name' },
  adtech: { table: 'adtech', name: 'adtech_name' },
};

const COLUMNS = 'id, channel_name, owner_type, owner_id';
const toBase = (r: ChannelBase): ChannelBase => ({
  id: Number(r.id),
  channel_name: r.channel_name,
  owner_type: r.owner_type,
  owner_id: Number(r.owner_id),
});

/**
 * Channels a user may see (spec 6, booking channels): the super admin, customer and agency users
 * all; a broadcaster user its own; an adtech user its own plus the broadcasters' channels.
 */
function scope(actor: Actor): { where: string; params: unknown[] } {
  if (isSuperAdmin(actor) || actor.entityType === 'CUSTOMER' || actor.entityType === 'AGENCY') {
    return { where: '', params: [] };
  }
  if (actor.entityType === 'BROADCASTER') {
    return { where: "WHERE owner_type = 'broadcaster' AND owner_id = ?", params: [actor.entityId] };
  }
  if (actor.entityType === 'ADTECH') {
    return {
      where: "WHERE owner_type = 'broadcaster' OR (owner_type = 'adtech' AND owner_id = ?)",
      params: [actor.entityId],
    };
  }
  return { where: 'WHERE 1 = 0', params: [] };
}

export async function listChannels(app: AppContext, actor: Actor): Promise<ChannelBase[]> {
  const s = scope(actor);
  const rows: ChannelBase[] = await app.ds.query(
    `SELECT ${COLUMNS} FROM channel ${s.where} ORDER BY channel_name, id`,
    s.params,
  );
  return rows.map(toBase);
}

export async function getChannel(app: AppContext, actor: Actor, id: number): Promise<ChannelBase> {
  const s = scope(actor);
  const where = s.where ? `${s.where.replace('WHERE', 'WHERE (')}) AND id = ?` : 'WHERE id = ?';
  const rows: ChannelBase[] = await app.ds.query(`SELECT ${COLUMNS} FROM channel ${where}`, [...s.params, id]);
  if (!rows[0]) throw notFound('Channel');
  return toBase(rows[0]);
}

/** Owner names of channels, one query per owner type. */
export async function ownerNamesOf(
  em: EntityManager,
  owners: readonly { owner_type: ChannelOwnerType; owner_id: number }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const type of Object.keys(OWNER_TABLE) as ChannelOwnerType[]) {
    const ids = [...new Set(owners.filter((o) => o.owner_type === type).map((o) => o.owner_id))];
    if (ids.length === 0) continue;
    const t = OWNER_TABLE[type];
    const rows: { id: number; name: string }[] = await em.query(
      `SELECT id, ${t.name} AS name FROM ${t.table} WHERE id IN (?)`,
      [ids],
    );
    for (const r of rows) out.set(`${type}:${Number(r.id)}`, r.name);
  }
  return out;
}

async function saveChannel(app: AppContext, actor: Actor, id: number | null, input: Input): Promise<number> {
  assertSystemAdmin(actor);
  const data = {
    channel_name: optionalText(input, 'channel_name') ?? '',
    owner_type: (optionalText(input, 'owner_type') ?? '').toLowerCase(),
    owner_id: input.owner_id,
  };
  assertValid(channelRules, data);
  const ownerType = data.owner_type as ChannelOwnerType;
  const ownerId = positiveId(data.owner_id);
  const owner =
    ownerId === null ? new Map() : await ownerNamesOf(app.ds.manager, [{ owner_type: ownerType, owner_id: ownerId }]);
  if (ownerId === null || owner.size === 0) throw badRequest('Owner is required', { owner_id: 'Owner is required' });
  if (id !== null) await getChannel(app, actor, id);
  if (id === null) {
    return insertedId(
      await app.ds.query('INSERT INTO channel (channel_name, owner_type, owner_id, created_by) VALUES (?, ?, ?, ?)', [
        data.channel_name,
        ownerType,
        ownerId,
        actor.userId,
      ]),
    );
  }
  await app.ds.query('UPDATE channel SET channel_name = ?, owner_type = ?, owner_id = ? WHERE id = ?', [
    data.channel_name,
    ownerType,
    ownerId,
    id,
  ]);
  return id;
}

export async function createChannel(app: AppContext, actor: Actor, input: Input): Promise<ChannelBase> {
  return getChannel(app, actor, await saveChannel(app, actor, null, input));
}

export async function updateChannel(app: AppContext, actor: Actor, id: number, input: Input): Promise<ChannelBase> {
  return getChannel(app, actor, await saveChannel(app, actor, id, input));
}

export async function withChannelDetails(app: AppContext, bases: ChannelBase[]): Promise<ChannelRecord[]> {
  const names = await ownerNamesOf(app.ds.manager, bases);
  return bases.map((b) => ({ ...b, owner_name: names.get(`${b.owner_type}:${b.owner_id}`) ?? null }));
}
