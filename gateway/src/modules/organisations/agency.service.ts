import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { type Actor, agencyRules, can, isEntityAdmin, isSuperAdmin, stripDomain } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { countriesOf } from '../auth/countries';
import { assertCountriesExist } from '../reference/reference.service';
import { assertMayAssociate, containsPattern, SEARCH_LIMIT, searchTerm } from '../relationships/association-policy';
import { type AssociationRequestRecord, requestAssociation } from '../relationships/association-request.service';
import { insertRelationship, isVisible, visibleIds } from '../relationships/related';
import { type Input, insertedId, optionalText } from '../../shared/input';

/** Agency as the API answers it (spec 3). Country and created_by are for ROLE_ADMIN only (spec 6). */
export interface AgencyRecord {
  id: number;
  agency_name: string;
  domain: string | null;
  admin_email: string | null;
  country_code: string | null;
  created_by: number | null;
}

interface AgencyRow {
  id: number;
  agency_name: string;
  domain: string | null;
  admin_email: string | null;
  country_code: string | null;
  created_by: number | null;
}

const COLUMNS = 'id, agency_name, domain, admin_email, country_code, created_by';

function toRecord(actor: Actor, r: AgencyRow, opts: { associated: boolean } = { associated: true }): AgencyRecord {
  const admin = can.seeAdminFields(actor);
  return {
    id: Number(r.id),
    agency_name: r.agency_name,
    // The association search answers another organisation's name and nothing else.
    domain: opts.associated ? r.domain : null,
    admin_email: opts.associated ? r.admin_email : null,
    country_code: admin ? r.country_code : null,
    created_by: admin && r.created_by !== null ? Number(r.created_by) : null,
  };
}

async function rowOf(em: EntityManager, id: number): Promise<AgencyRow | null> {
  const rows: AgencyRow[] = await em.query(`SELECT ${COLUMNS} FROM agency WHERE id = ?`, [id]);
  return rows[0] ?? null;
}

/** The agency if the actor may see it; an unknown and another tenant's agency answer the same 404. */
async function visibleRow(em: EntityManager, actor: Actor, id: number): Promise<AgencyRow> {
  const row = (await isVisible(em, actor, 'AGENCY', id)) ? await rowOf(em, id) : null;
  if (!row) throw notFound('Agency');
  return row;
}

/**
 * GET /agencies/?associated=: associated (default) = agencies related to the actor's entity (all for
 * the super admin, its own for an agency user); associated=false&q= = the association search (spec 5):
 * names containing q (2 characters at least), at most 10, among agencies not related yet.
 */
export async function listAgencies(
  app: AppContext,
  actor: Actor,
  query: { associated?: boolean; q?: unknown },
): Promise<AgencyRecord[]> {
  const em = app.ds.manager;
  const ids = await visibleIds(em, actor, 'AGENCY');
  if (query.associated === false) {
    if (!can.manageAgencies(actor)) throw forbidden();
    // Only an admin may ask to associate (association-policy.ts), so only an admin is offered the search.
    if (ids === 'all' || !isEntityAdmin(actor)) return [];
    const rows: AgencyRow[] = await em.query(
      `SELECT ${COLUMNS} FROM agency WHERE agency_name LIKE ? ESCAPE '!' ${ids.length ? 'AND id NOT IN (?)' : ''}
       ORDER BY agency_name, id LIMIT ${SEARCH_LIMIT}`,
      [containsPattern(searchTerm(query.q)), ...(ids.length ? [ids] : [])],
    );
    return rows.map((r) => toRecord(actor, r, { associated: false }));
  }
  if (ids !== 'all' && ids.length === 0) return [];
  const rows: AgencyRow[] =
    ids === 'all'
      ? await em.query(`SELECT ${COLUMNS} FROM agency ORDER BY agency_name, id`)
      : await em.query(`SELECT ${COLUMNS} FROM agency WHERE id IN (?) ORDER BY agency_name, id`, [ids]);
  return rows.map((r) => toRecord(actor, r));
}

export async function getAgency(app: AppContext, actor: Actor, id: number): Promise<AgencyRecord> {
  return toRecord(actor, await visibleRow(app.ds.manager, actor, id));
}

function cleaned(input: Input) {
  const domain = optionalText(input, 'domain');
  const email = optionalText(input, 'admin_email');
  return {
    agency_name: optionalText(input, 'agency_name') ?? '',
    domain: domain ? stripDomain(domain) : null,
    admin_email: email ? email.toLowerCase() : null,
  };
}

/** Country of a new agency: ROLE_ADMIN chooses it; anyone else's agency gets their own country. */
async function countryFor(em: EntityManager, actor: Actor, input: Input): Promise<string | null> {
  if (can.seeAdminFields(actor)) {
    const code = optionalText(input, 'country_code')?.toUpperCase() ?? null;
    if (code) await assertCountriesExist(em, [code], 'country_code');
    return code;
  }
  return (await countriesOf(em, actor.entityType, actor.entityId)).country_code;
}

/** POST /agencies/: a non-super-admin's new agency is related to their own entity (so they see it). */
export async function createAgency(app: AppContext, actor: Actor, input: Input): Promise<AgencyRecord> {
  if (!can.manageAgencies(actor)) throw forbidden();
  const data = cleaned(input);
  assertValid(agencyRules(), { ...input, ...data });
  const id = await app.ds.transaction(async (em) => {
    const country = await countryFor(em, actor, input);
    const agencyId = insertedId(
      await em.query(
        'INSERT INTO agency (agency_name, domain, admin_email, country_code, created_by) VALUES (?, ?, ?, ?, ?)',
        [data.agency_name, data.domain, data.admin_email, country, actor.userId],
      ),
    );
    if (!isSuperAdmin(actor)) {
      await insertRelationship(
        em,
        { type: actor.entityType as 'AGENCY', id: actor.entityId },
        { type: 'AGENCY', id: agencyId },
        actor.userId,
      );
    }
    return agencyId;
  });
  return getAgency(app, actor, id);
}

/** PUT /agencies/:id: super admin, or an admin of that agency (spec 6). */
export async function updateAgency(app: AppContext, actor: Actor, id: number, input: Input): Promise<AgencyRecord> {
  const em = app.ds.manager;
  const row = await visibleRow(em, actor, id);
  if (!can.editEntity(actor, 'AGENCY', id)) throw forbidden();
  const data = cleaned(input);
  assertValid(agencyRules(), { ...input, ...data });
  const country =
    can.seeAdminFields(actor) && input.country_code !== undefined
      ? await countryFor(em, actor, input)
      : row.country_code;
  await em.query('UPDATE agency SET agency_name = ?, domain = ?, admin_email = ?, country_code = ? WHERE id = ?', [
    data.agency_name,
    data.domain,
    data.admin_email,
    country,
    id,
  ]);
  return getAgency(app, actor, id);
}

/**
 * POST /agencies/:id/associate: asks to relate an existing agency to the actor's own entity. The answer
 * is a pending request; the agency's admin (or the super admin) accepts it.
 */
export async function associateAgency(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AssociationRequestRecord> {
  if (!can.manageAgencies(actor)) throw forbidden();
  if (isSuperAdmin(actor)) throw badRequest('The super admin relates organisations under Manage Relationships.');
  assertMayAssociate(actor);
  const name = optionalText(input, 'agency_name');
  assertValid(agencyRules({ associating: true }), { agency_name: name });
  return requestAssociation(app, actor, { type: 'AGENCY', id }, name, 'Agency');
}
