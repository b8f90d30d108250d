import { assertCustomerVisible } from '../access/customer-scope';
import type { AppContext } from '../../shared/app-context';
import { conflict } from '../../shared/errors';
import { type Actor, checkCampaign } from '@infinitum/rules';
import { dateStatus, type DateStatus, todayIn } from '../../shared/status';
import { assertFields } from '../../shared/validation/assert';
import { Campaign } from './campaign.entity';
import {
  customerForNewRecord,
  customerTimeZone,
  findVisible,
  lockRecord,
  refuseCustomerChange,
} from '../access/record-scope';
import { text } from '../../shared/input';
import { detachCampaignNotes } from '../annotations/annotation.service';

/** A campaign as both transports answer it (spec 3). */
export interface CampaignRecord {
  id: number;
  customer_id: number;
  campaign_name: string;
  start_date: string;
  end_date: string;
  status: DateStatus;
}

export const toCampaignRecord = (c: Campaign, today: string): CampaignRecord => ({
  id: c.id,
  customer_id: c.customerId,
  campaign_name: c.campaignName,
  start_date: c.startDate,
  end_date: c.endDate,
  status: dateStatus(c.startDate, c.endDate, today),
});

export async function listCampaigns(app: AppContext, actor: Actor, customerId: number): Promise<CampaignRecord[]> {
  await assertCustomerVisible(app.ds.manager, actor, customerId);
  const today = todayIn(await customerTimeZone(app.ds.manager, customerId));
  const rows = await app.ds.getRepository(Campaign).find({ where: { customerId }, order: { id: 'DESC' } });
  return rows.map((c) => toCampaignRecord(c, today));
}

/** Fields of the form merged over the stored campaign (a PUT may send only what changed). */
function campaignFields(input: Record<string, unknown>, current?: Campaign) {
  return {
    campaign_name: input.campaign_name ?? current?.campaignName,
    start_date: input.start_date ?? current?.startDate,
    end_date: input.end_date ?? current?.endDate,
  };
}

function apply(c: Campaign, fields: ReturnType<typeof campaignFields>): void {
  c.campaignName = text(fields, 'campaign_name');
  c.startDate = text(fields, 'start_date');
  c.endDate = text(fields, 'end_date');
}

async function answer(app: AppContext, c: Campaign): Promise<CampaignRecord> {
  return toCampaignRecord(c, todayIn(await customerTimeZone(app.ds.manager, c.customerId)));
}

export async function createCampaign(
  app: AppContext,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<CampaignRecord> {
  const customerId = await customerForNewRecord(app.ds.manager, actor, input);
  const fields = campaignFields(input);
  assertFields(checkCampaign(fields));
  const c = new Campaign();
  c.customerId = customerId;
  c.createdBy = actor.userId;
  apply(c, fields);
  return answer(app, await app.ds.getRepository(Campaign).save(c));
}

export async function updateCampaign(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<CampaignRecord> {
  const c = await findVisible(app.ds.manager, actor, Campaign, id, 'Campaign');
  refuseCustomerChange(input, c.customerId);
  const fields = campaignFields(input, c);
  assertFields(checkCampaign(fields));
  apply(c, fields);
  const saved = await app.ds.transaction(async (tx) => {
    await lockRecord(tx, 'campaign', c.id, 'Campaign');
    return tx.getRepository(Campaign).save(c);
  });
  return answer(app, saved);
}

/**
 * Bookings hold the measurement of a campaign, so a campaign with bookings is not deleted under them. Its
 * notes are kept as the customer's (campaign detached).
 */
export async function deleteCampaign(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const c = await findVisible(app.ds.manager, actor, Campaign, id, 'Campaign');
  await app.ds.transaction(async (tx) => {
    // A booking being saved holds the campaign row (booking.service applyBooking): its check waits for us.
    await lockRecord(tx, 'campaign', c.id, 'Campaign');
    const used: unknown[] = await tx.query('SELECT 1 FROM booking WHERE campaign_id = ? LIMIT 1', [c.id]);
    if (used.length > 0) throw conflict('This campaign has bookings; delete them first.');
    await detachCampaignNotes(tx, c.id);
    await tx.query('DELETE FROM campaign WHERE id = ?', [c.id]);
  });
  return { id: c.id };
}
