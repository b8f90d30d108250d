import type { EntityManager } from 'typeorm';
import { type Actor, isoDate } from '@infinitum/rules';
import { assertCustomerVisible } from '../access/customer-scope';
import { customerForNewRecord, findVisible, refuseCustomerChange } from '../access/record-scope';
import type { AppContext } from '../../shared/app-context';
import { badRequest } from '../../shared/errors';
import { type Input, optionalText, positiveId } from '../../shared/input';
import { Annotation } from './annotation.entity';

/**
 * Annotations (docs/design.md#annotations): notes users put on a customer's timeline, and the automatic markers
 * the data itself gives (a booking's start and end, a creative's first impression). Read by whoever sees the
 * customer; added, edited and removed by whoever may edit its campaigns (the same tenant scope: another
 * tenant's customer or note answers like an unknown one, 404).
 */

export const NOTE_MAX = 500;
/** Longest range a list covers (as the dashboard's). */
const MAX_LIST_DAYS = 800;

export interface AnnotationRecord {
  id: number;
  customer_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  start_date: string;
  end_date: string;
  note: string;
  created_by_name: string | null;
  updated_at: string;
}

export type AutoMarkerKind = 'booking_start' | 'booking_end' | 'first_impression';

/** A marker the data gives: never stored, computed for the range asked. */
export interface AutoMarker {
  kind: AutoMarkerKind;
  date: string;
  text: string;
  campaign_id: number | null;
}

export interface AnnotationList {
  notes: AnnotationRecord[];
  automatic: AutoMarker[];
}

const invalid = (field: string, message: string) => badRequest(message, { [field]: message });

function dateField(input: Input, field: string): string {
  const v = input[field];
  if (typeof v !== 'string' || !isoDate(v)) throw invalid(field, `${field} must be a date (yyyy-MM-dd)`);
  return v;
}

function listRange(input: Input): { start: string; end: string } {
  const start = dateField(input, 'startdate');
  const end = dateField(input, 'enddate');
  if (end < start) throw invalid('enddate', 'enddate must not be before startdate');
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  if (days > MAX_LIST_DAYS) throw invalid('enddate', `The date range must be at most ${MAX_LIST_DAYS} days`);
  return { start, end };
}

function customerIdOf(input: Input): number {
  const id = positiveId(input.client_id ?? input.customer_id);
  if (id === null) throw invalid('client_id', 'client_id must be a positive integer');
  return id;
}

const recordSql = `SELECT a.id, a.customer_id, a.campaign_id, c.campaign_name, a.start_date, a.end_date, a.note,
  u.name AS created_by_name, a.updated_at
  FROM annotation a
  LEFT JOIN campaign c ON c.id = a.campaign_id
  LEFT JOIN user u ON u.id = a.created_by`;

interface RecordRow {
  id: number;
  customer_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  start_date: string | Date;
  end_date: string | Date;
  note: string;
  created_by_name: string | null;
  updated_at: Date | string;
}

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

const toRecord = (r: RecordRow): AnnotationRecord => ({
  id: Number(r.id),
  customer_id: Number(r.customer_id),
  campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
  campaign_name: r.campaign_name,
  start_date: day(r.start_date),
  end_date: day(r.end_date),
  note: r.note,
  created_by_name: r.created_by_name,
  updated_at: new Date(r.updated_at).toISOString(),
});

async function recordOf(em: EntityManager, id: number): Promise<AnnotationRecord> {
  const rows: RecordRow[] = await em.query(`${recordSql} WHERE a.id = ?`, [id]);
  return toRecord(rows[0]);
}

/** The notes overlapping [start, end] and the automatic markers inside it, in date order. */
export async function listAnnotations(app: AppContext, actor: Actor, input: Input): Promise<AnnotationList> {
  const customerId = customerIdOf(input);
  const { start, end } = listRange(input);
  const em = app.ds.manager;
  await assertCustomerVisible(em, actor, customerId);
  const rows: RecordRow[] = await em.query(
    `${recordSql} WHERE a.customer_id = ? AND a.start_date <= ? AND a.end_date >= ? ORDER BY a.start_date, a.id`,
    [customerId, end, start],
  );
  return { notes: rows.map(toRecord), automatic: await automaticMarkers(em, customerId, start, end) };
}

/** Booking starts and ends, and each creative's first impression (its first day in the rollup), within the range. */
async function automaticMarkers(em: EntityManager, customerId: number, start: string, end: string) {
  const bookings: { campaign_id: number; booking_name: string; start_date: string | Date; end_date: string | Date }[] =
    await em.query(
      `SELECT campaign_id, booking_name, start_date, end_date FROM booking
        WHERE customer_id = ? AND ((start_date BETWEEN ? AND ?) OR (end_date BETWEEN ? AND ?))`,
      [customerId, start, end, start, end],
    );
  const firsts: { creative_id: number; description: string; first_day: string | Date }[] = await em.query(
    `SELECT f.creative_id, cr.description, f.first_day FROM (
        SELECT creative_id, MIN(local_date) AS first_day FROM impression_rollup
         WHERE customer_id = ? GROUP BY creative_id
      ) f JOIN creative cr ON cr.id = f.creative_id
      WHERE f.first_day BETWEEN ? AND ?`,
    [customerId, start, end],
  );
  const out: AutoMarker[] = [];
  for (const b of bookings) {
    const s = day(b.start_date);
    const e = day(b.end_date);
    const campaign = Number(b.campaign_id);
    if (s >= start && s <= end)
      out.push({ kind: 'booking_start', date: s, text: `${b.booking_name} starts`, campaign_id: campaign });
    if (e >= start && e <= end)
      out.push({ kind: 'booking_end', date: e, text: `${b.booking_name} ends`, campaign_id: campaign });
  }
  for (const f of firsts) {
    out.push({
      kind: 'first_impression',
      date: day(f.first_day),
      text: `First impression of ${f.description}`,
      campaign_id: null,
    });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.text < b.text ? -1 : 1));
}

interface Fields {
  start: string;
  end: string;
  note: string;
  campaignId: number | null;
}

async function checkedFields(
  em: EntityManager,
  customerId: number,
  input: Input,
  current?: Annotation,
): Promise<Fields> {
  const merged: Input = {
    start_date: input.start_date ?? current?.startDate,
    end_date: input.end_date ?? input.start_date ?? current?.endDate,
    note: input.note ?? current?.note,
  };
  const startDate = dateField(merged, 'start_date');
  const endDate = dateField(merged, 'end_date');
  if (endDate < startDate) throw invalid('end_date', 'end_date must not be before start_date');
  const note = (optionalText(merged, 'note') ?? '').trim();
  if (!note) throw invalid('note', 'note is required');
  if (note.length > NOTE_MAX) throw invalid('note', `note must be at most ${NOTE_MAX} characters`);
  let campaignId = current?.campaignId ?? null;
  if ('campaign_id' in input) {
    const raw = input.campaign_id;
    campaignId = raw === null || raw === 0 || raw === '' || raw === undefined ? null : positiveId(raw);
    if (raw !== null && raw !== 0 && raw !== '' && raw !== undefined && campaignId === null) {
      throw invalid('campaign_id', 'campaign_id must be a campaign id');
    }
  }
  if (campaignId !== null) {
    const own: unknown[] = await em.query('SELECT 1 FROM campaign WHERE id = ? AND customer_id = ?', [
      campaignId,
      customerId,
    ]);
    if (own.length === 0) throw invalid('campaign_id', 'campaign_id is not a campaign of this customer');
  }
  return { start: startDate, end: endDate, note, campaignId };
}

export async function createAnnotation(app: AppContext, actor: Actor, input: Input): Promise<AnnotationRecord> {
  const em = app.ds.manager;
  const customerId = await customerForNewRecord(em, actor, {
    ...input,
    customer_id: input.customer_id ?? input.client_id,
  });
  const f = await checkedFields(em, customerId, input);
  const a = new Annotation();
  a.customerId = customerId;
  a.createdBy = actor.userId;
  a.startDate = f.start;
  a.endDate = f.end;
  a.note = f.note;
  a.campaignId = f.campaignId;
  const saved = await app.ds.getRepository(Annotation).save(a);
  return recordOf(em, saved.id);
}

export async function updateAnnotation(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AnnotationRecord> {
  const em = app.ds.manager;
  const a = await findVisible(em, actor, Annotation, id, 'Annotation');
  refuseCustomerChange(input, a.customerId);
  const f = await checkedFields(em, a.customerId, input, a);
  a.startDate = f.start;
  a.endDate = f.end;
  a.note = f.note;
  a.campaignId = f.campaignId;
  await app.ds.getRepository(Annotation).save(a);
  return recordOf(em, a.id);
}

export async function deleteAnnotation(app: AppContext, actor: Actor, id: number): Promise<{ id: number }> {
  const a = await findVisible(app.ds.manager, actor, Annotation, id, 'Annotation');
  await app.ds.getRepository(Annotation).delete({ id: a.id });
  return { id: a.id };
}

/**
 * A deleted campaign's notes stay as the customer's notes (docs/design.md#annotations): what a colleague wrote
 * about a date is still true of the customer's timeline. Run inside the campaign's deletion (same transaction).
 */
export async function detachCampaignNotes(tx: EntityManager, campaignId: number): Promise<void> {
  await tx.query('UPDATE annotation SET campaign_id = NULL WHERE campaign_id = ?', [campaignId]);
}
