import type { AppContext } from '../../shared/app-context';
import { notFound } from '../../shared/errors';
import { type Actor, adtechRules } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { flag, type Input, insertedId, optionalText } from '../../shared/input';
import { checkedCountries, countryListsOf, saveOperationalCountries } from './operational-countries';
import { assertSystemAdmin } from './system-access';

export interface AdtechBase {
  id: number;
  adtech_name: string;
  country_code: string;
  requires_job_number: boolean;
  requires_charged_cpm: boolean;
}

export interface AdtechRecord extends AdtechBase {
  country_list: string[];
}

interface AdtechRow {
  id: number;
  adtech_name: string;
  country_code: string;
  requires_job_number: number;
  requires_charged_cpm: number;
}

const COLUMNS = 'id, adtech_name, country_code, requires_job_number, requires_charged_cpm';

const toBase = (r: AdtechRow): AdtechBase => ({
  id: Number(r.id),
  adtech_name: r.adtech_name,
  country_code: r.country_code,
  requires_job_number: Boolean(r.requires_job_number),
  requires_charged_cpm: Boolean(r.requires_charged_cpm),
});

/** GET /adtechs/: every signed-in user (the booking form lists adtechs as publishers, spec 6). */
export async function listAdtechs(app: AppContext, _actor: Actor): Promise<AdtechBase[]> {
  const rows: AdtechRow[] = await app.ds.query(`SELECT ${COLUMNS} FROM adtech ORDER BY adtech_name, id`);
  return rows.map(toBase);
}

export async function getAdtech(app: AppContext, _actor: Actor, id: number): Promise<AdtechBase> {
  const rows: AdtechRow[] = await app.ds.query(`SELECT ${COLUMNS} FROM adtech WHERE id = ?`, [id]);
  if (!rows[0]) throw notFound('AdTech');
  return toBase(rows[0]);
}

async function saveAdtech(app: AppContext, actor: Actor, id: number | null, input: Input): Promise<number> {
  assertSystemAdmin(actor);
  const name = optionalText(input, 'adtech_name') ?? '';
  assertValid(adtechRules, { adtech_name: name, country_code: input.country_code });
  const current = id === null ? null : await getAdtech(app, actor, id);
  const jobNumber =
    input.requires_job_number === undefined ? (current?.requires_job_number ?? false) : flag(input.requires_job_number);
  const chargedCpm =
    input.requires_charged_cpm === undefined
      ? (current?.requires_charged_cpm ?? false)
      : flag(input.requires_charged_cpm);
  return app.ds.transaction(async (em) => {
    const countries = await checkedCountries(em, optionalText(input, 'country_code') ?? '', input.country_list);
    let savedId = id;
    if (savedId === null) {
      savedId = insertedId(
        await em.query(
          'INSERT INTO adtech (adtech_name, country_code, requires_job_number, requires_charged_cpm, created_by) VALUES (?, ?, ?, ?, ?)',
          [name, countries.country_code, jobNumber, chargedCpm, actor.userId],
        ),
      );
    } else {
      await em.query(
        'UPDATE adtech SET adtech_name = ?, country_code = ?, requires_job_number = ?, requires_charged_cpm = ? WHERE id = ?',
        [name, countries.country_code, jobNumber, chargedCpm, savedId],
      );
    }
    await saveOperationalCountries(em, 'adtech', savedId, countries.country_list);
    return savedId;
  });
}

export async function createAdtech(app: AppContext, actor: Actor, input: Input): Promise<AdtechBase> {
  return getAdtech(app, actor, await saveAdtech(app, actor, null, input));
}

export async function updateAdtech(app: AppContext, actor: Actor, id: number, input: Input): Promise<AdtechBase> {
  return getAdtech(app, actor, await saveAdtech(app, actor, id, input));
}

export async function withAdtechDetails(app: AppContext, bases: AdtechBase[]): Promise<AdtechRecord[]> {
  const lists = await countryListsOf(app.ds.manager, 'adtech', bases);
  return bases.map((b) => ({ ...b, country_list: lists.get(b.id) ?? [b.country_code] }));
}
