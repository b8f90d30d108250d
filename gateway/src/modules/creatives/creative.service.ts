import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import { conflict } from '../../shared/errors';
import { type Actor, checkCreative, CREATIVE_TYPE_LABELS } from '@infinitum/rules';
import { assertFields } from '../../shared/validation/assert';
import { customerForNewRecord, findVisible, lockRecord, refuseCustomerChange } from '../access/record-scope';
import { optionalText, text } from '../../shared/input';
import { Creative } from './creative.entity';

/** A creative as both transports answer it (spec 3). */
export interface CreativeRecord {
  id: number;
  customer_id: number;
  description: string;
  creative_type: number;
  creative_format: string;
  creative_type_label: 'Video' | 'Image' | 'Audio';
  url: string | null;
}

export const toCreativeRecord = (c: Creative): CreativeRecord => ({
  id: c.id,
  customer_id: c.customerId,
  description: c.description,
  creative_type: c.creativeType,
  creative_format: c.creativeFormat,
  creative_type_label: CREATIVE_TYPE_LABELS[c.creativeType] ?? 'Video',
  url: c.url,
});

export async function listCreatives(app: AppContext, actor: Actor, customerId: number): Promise<CreativeRecord[]> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const rows = await app.ds.getRepository(Creative).find({ where: { customerId }, order: { id: 'DESC' } });
  return rows.map(toCreativeRecord);
}

function creativeFields(input: Record<string, unknown>, current?: Creative) {
  const pick = (name: string, stored: unknown) => (input[name] !== undefined ? input[name] : stored);
  return {
    description: pick('description', current?.description),
    creative_type: pick('creative_type', current?.creativeType ?? 1),
    creative_format: pick('creative_format', current?.creativeFormat),
    url: pick('url', current?.url ?? null),
  };
}

function apply(c: Creative, fields: ReturnType<typeof creativeFields>): void {
  assertFields(checkCreative(fields));
  c.description = text(fields, 'description');
  c.creativeType = Number(fields.creative_type ?? 1) || 1;
  c.creativeFormat = text(fields, 'creative_format');
  c.url = optionalText(fields, 'url');
}

export async function createCreative(
  app: AppContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<CreativeRecord> {
  const c = new Creative();
  c.customerId = await customerForNewRecord(app.ds.manager, actor, input);
  c.createdBy = actor.userId;
  apply(c, creativeFields(input));
  return toCreativeRecord(await app.ds.getRepository(Creative).save(c));
}

export async function updateCreative(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<CreativeRecord> {
  const c = await findVisible(app.ds.manager, actor, Creative, id, 'Creative');
  refuseCustomerChange(input, c.customerId);
  apply(c, creativeFields(input, c));
  const saved = await app.ds.transaction(async (tx) => {
    await lockRecord(tx, 'creative', c.id, 'Creative');
    return tx.getRepository(Creative).save(c);
  });
  return toCreativeRecord(saved);
}

/** A creative with impression tags has measured impressions, so it is not deleted under them. */
export async function deleteCreative(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const c = await findVisible(app.ds.manager, actor, Creative, id, 'Creative');
  await app.ds.transaction(async (tx) => {
    // A tag save holds the creatives it adds (impression-tag.service): its check waits for us.
    await lockRecord(tx, 'creative', c.id, 'Creative');
    const used: unknown[] = await tx.query('SELECT 1 FROM impression_tag WHERE creative_id = ? LIMIT 1', [c.id]);
    if (used.length > 0) throw conflict('This creative has impression tags; remove them first.');
    await tx.query('DELETE FROM booking_creative WHERE creative_id = ?', [c.id]);
    await tx.query('DELETE FROM creative WHERE id = ?', [c.id]);
  });
  return { id: c.id };
}
