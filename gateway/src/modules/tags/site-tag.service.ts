import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import { randomKey } from '../../shared/ids';
import { type Actor, checkSiteTag } from '@infinitum/rules';
import { siteTagStatus, type SiteTagStatus } from '../../shared/status';
import { assertFields } from '../../shared/validation/assert';
import { customerForNewRecord, findVisible, lockRecord, refuseCustomerChange } from '../access/record-scope';
import { flag, text } from '../../shared/input';
import { SiteTag } from './site-tag.entity';
import { siteTagText } from './tag-text';

/** A site tag as both transports answer it (spec 3); status derived from its pings (spec 4). */
export interface SiteTagRecord {
  id: number;
  customer_id: number;
  tag_description: string;
  tag_key: string;
  tag: string;
  main_site_tag: boolean;
  ping_count: number;
  ping_date: string | null;
  status: SiteTagStatus;
}

export const toSiteTagRecord = (publicUrl: string, s: SiteTag): SiteTagRecord => ({
  id: s.id,
  customer_id: s.customerId,
  tag_description: s.tagDescription,
  tag_key: s.tagKey,
  tag: siteTagText(publicUrl, s.tagKey),
  main_site_tag: Boolean(s.mainSiteTag),
  ping_count: Number(s.pingCount ?? 0),
  ping_date: s.pingDate ? new Date(s.pingDate).toISOString() : null,
  status: siteTagStatus(s.pingDate ?? null, Number(s.pingCount ?? 0)),
});

export async function listSiteTags(app: AppContext, actor: Actor, customerId: number): Promise<SiteTagRecord[]> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const rows = await app.ds.getRepository(SiteTag).find({ where: { customerId }, order: { id: 'DESC' } });
  return rows.map((s) => toSiteTagRecord(app.config.PUBLIC_URL, s));
}

/** A customer has one main site tag: making one main makes the others secondary. */
async function save(app: AppContext, s: SiteTag): Promise<SiteTagRecord> {
  const saved = await app.ds.transaction(async (tx) => {
    // A tag deleted meanwhile answers 404 instead of being saved back.
    if (s.id) await lockRecord(tx, 'site_tag', s.id, 'Site tag');
    if (s.mainSiteTag && s.id) {
      await tx.query('UPDATE site_tag SET main_site_tag = 0 WHERE customer_id = ? AND id <> ?', [s.customerId, s.id]);
    } else if (s.mainSiteTag) {
      await tx.query('UPDATE site_tag SET main_site_tag = 0 WHERE customer_id = ?', [s.customerId]);
    }
    return tx.getRepository(SiteTag).save(s);
  });
  return toSiteTagRecord(app.config.PUBLIC_URL, saved);
}

export async function createSiteTag(
  app: AppContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<SiteTagRecord> {
  const customerId = await customerForNewRecord(app.ds.manager, actor, input);
  assertFields(checkSiteTag(input));
  const s = new SiteTag();
  s.customerId = customerId;
  s.createdBy = actor.userId;
  s.tagDescription = text(input, 'tag_description');
  s.mainSiteTag = flag(input.main_site_tag);
  s.tagKey = randomKey();
  s.pingCount = 0;
  s.pingDate = null;
  return save(app, s);
}

/** Description and main/secondary change; the key, pings and customer never do. */
export async function updateSiteTag(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<SiteTagRecord> {
  const s = await findVisible(app.ds.manager, actor, SiteTag, id, 'Site tag');
  refuseCustomerChange(input, s.customerId);
  const fields = { tag_description: input.tag_description !== undefined ? input.tag_description : s.tagDescription };
  assertFields(checkSiteTag(fields));
  s.tagDescription = text(fields, 'tag_description');
  if (input.main_site_tag !== undefined && input.main_site_tag !== null) s.mainSiteTag = flag(input.main_site_tag);
  return save(app, s);
}

export async function deleteSiteTag(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const s = await findVisible(app.ds.manager, actor, SiteTag, id, 'Site tag');
  await app.ds.getRepository(SiteTag).delete({ id: s.id });
  return { id: s.id };
}
