import type { EntityManager } from 'typeorm';
import type { AppContext } from '../../shared/app-context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { type Actor, can, clientRules, isEntityAdmin, isSuperAdmin, stripDomain, withPrimary } from '@infinitum/rules';
import { assertValid } from '../../shared/validation/assert';
import { canSeeCustomer, visibleCustomerIds } from '../access/customer-scope';
import { countriesOf } from '../auth/countries';
import { type Input, insertedId, optionalNumber, optionalText } from '../../shared/input';
import { checkedCountries, saveOperationalCountries } from '../organisations/operational-countries';
import { assertTaxonomy, countryTimeZone } from '../reference/reference.service';
import { assertMayAssociate, containsPattern, SEARCH_LIMIT, searchTerm } from '../relationships/association-policy';
import { type AssociationRequestRecord, requestAssociation } from '../relationships/association-request.service';
import { insertRelationship } from '../relationships/related';
import { RETENTION_DEFAULT, RETENTION_MAX, RETENTION_MIN } from './retention-months';

/**
 * A client as the service answers it; taxonomy_desc, country_list, operational_countries and
 * is_multi_country are added by `customer.details.ts` (GraphQL resolves them through loaders).
 */
export interface CustomerBase {
  id: number;
  cust_name: string;
  display_name: string | null;
  domain: string | null;
  admin_email: string | null;
  taxonomy_id: number;
  country_code: string;
  time_zone: string;
  /** ROLE_ADMIN only (spec 6); null for everyone else. */
  billing_entity: number | null;
  status: number;
  retention_months: number;
  /** H of invalid traffic rule 7 (docs/invalid-traffic.md#rules-6-and-7). */
  nat_hourly_limit: number;
  created_by: number | null;
}

interface CustomerRow {
  id: number;
  cust_name: string;
  display_name: string | null;
  domain: string | null;
  admin_email: string | null;
  taxonomy_id: number;
  country_code: string;
  time_zone: string;
  billing_entity: number;
  status: number;
  retention_months: number;
  nat_hourly_limit: number;
  created_by: number | null;
}

const COLUMNS =
  'id, cust_name, display_name, domain, admin_email, taxonomy_id, country_code, time_zone, billing_entity, status, retention_months, nat_hourly_limit, created_by';

function toBase(actor: Actor, r: CustomerRow, opts: { associated: boolean } = { associated: true }): CustomerBase {
  const admin = can.seeAdminFields(actor);
  return {
    id: Number(r.id),
    cust_name: r.cust_name,
    // The association search answers another organisation's name and nothing private.
    display_name: opts.associated ? r.display_name : null,
    domain: opts.associated ? r.domain : null,
    admin_email: opts.associated ? r.admin_email : null,
    taxonomy_id: Number(r.taxonomy_id),
    country_code: r.country_code,
    time_zone: r.time_zone,
    billing_entity: admin ? Number(r.billing_entity) : null,
    status: Number(r.status),
    retention_months: Number(r.retention_months),
    nat_hourly_limit: Number(r.nat_hourly_limit),
    created_by: admin && r.created_by !== null ? Number(r.created_by) : null,
  };
}

async function rowOf(em: EntityManager, id: number): Promise<CustomerRow | null> {
  const rows: CustomerRow[] = await em.query(`SELECT ${COLUMNS} FROM customer WHERE id = ?`, [id]);
  return rows[0] ?? null;
}

async function visibleRow(em: EntityManager, actor: Actor, id: number): Promise<CustomerRow> {
  const row = (await canSeeCustomer(em, actor, id)) ? await rowOf(em, id) : null;
  if (!row) throw notFound('Customer');
  return row;
}

/**
 * GET /customers/?associated=: visible clients (default); associated=false&q= = the association search
 * (spec 5): names containing q (2 characters at least), at most 10, among clients not related yet.
 */
export async function listCustomers(
  app: AppContext,
  actor: Actor,
  query: { associated?: boolean; q?: unknown },
): Promise<CustomerBase[]> {
  const em = app.ds.manager;
  const ids = await visibleCustomerIds(em, actor);
  if (query.associated === false) {
    if (!can.manageClients(actor)) throw forbidden();
    // Only an admin may ask to associate (association-policy.ts): nothing for non-admins.
    if (ids === 'all' || !isEntityAdmin(actor)) return [];
    const rows: CustomerRow[] = await em.query(
      `SELECT ${COLUMNS} FROM customer c WHERE cust_name LIKE ? ESCAPE '!' ${ids.length ? 'AND c.id NOT IN (?)' : ''}
       ORDER BY cust_name, id LIMIT ${SEARCH_LIMIT}`,
      [containsPattern(searchTerm(query.q)), ...(ids.length ? [ids] : [])],
    );
    return rows.map((r) => toBase(actor, r, { associated: false }));
  }
  if (ids !== 'all' && ids.length === 0) return [];
  const rows: CustomerRow[] =
    ids === 'all'
      ? await em.query(`SELECT ${COLUMNS} FROM customer ORDER BY cust_name, id`)
      : await em.query(`SELECT ${COLUMNS} FROM customer WHERE id IN (?) ORDER BY cust_name, id`, [ids]);
  return rows.map((r) => toBase(actor, r));
}

export async function getCustomer(app: AppContext, actor: Actor, id: number): Promise<CustomerBase> {
  return toBase(actor, await visibleRow(app.ds.manager, actor, id));
}

function cleaned(input: Input) {
  const domain = optionalText(input, 'domain');
  const email = optionalText(input, 'admin_email');
  const taxonomy = optionalNumber(input.taxonomy_id);
  return {
    cust_name: optionalText(input, 'cust_name') ?? '',
    display_name: optionalText(input, 'display_name'),
    domain: domain ? stripDomain(domain) : null,
    admin_email: email ? email.toLowerCase() : null,
    taxonomy_id: taxonomy ?? 0,
  };
}

/**
 * Countries of a client being saved (spec 6): ROLE_ADMIN, a multi-country user, or the client's own
 * admin choose them; a single-country user's new client gets their own country as primary and
 * operational; a multi-country user may only choose among their own countries.
 */
async function chosenCountries(
  em: EntityManager,
  actor: Actor,
  input: Input,
  editingOwn: boolean,
): Promise<{ country_code: string; country_list: string[] }> {
  if (isSuperAdmin(actor) || editingOwn) {
    return checkedCountries(em, optionalText(input, 'country_code') ?? '', input.country_list);
  }
  const own = await countriesOf(em, actor.entityType, actor.entityId);
  if (own.country_list.length <= 1) return { country_code: own.country_code, country_list: [own.country_code] };
  const chosen = await checkedCountries(em, optionalText(input, 'country_code') ?? '', input.country_list);
  const outside = chosen.country_list.filter((c) => !own.country_list.includes(c));
  if (outside.length > 0) {
    const message = `You do not operate in: ${outside.join(', ')}`;
    throw badRequest(message, { [outside.includes(chosen.country_code) ? 'country_code' : 'country_list']: message });
  }
  return chosen;
}

async function choosesCountry(em: EntityManager, actor: Actor, editingOwn: boolean): Promise<boolean> {
  if (isSuperAdmin(actor) || editingOwn) return true;
  return (await countriesOf(em, actor.entityType, actor.entityId)).country_list.length > 1;
}

/** Retention months (docs/design.md#retention): a whole number 1 to 25; absent keeps `current`. */
function retentionOf(input: Input, current: number): number {
  const raw = (input as { retention_months?: unknown }).retention_months;
  if (raw === undefined || raw === null || raw === '') return current;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < RETENTION_MIN || v > RETENTION_MAX) {
    const message = `Retention must be a whole number of months from ${RETENTION_MIN} to ${RETENTION_MAX}`;
    throw badRequest(message, { retention_months: message });
  }
  return v;
}

/** Rule 7's H, 1 to NAT_LIMIT_MAX: the super admin's to change (others' value is ignored, as billing_entity's). */
const NAT_LIMIT_MAX = 10_000;
function natLimitOf(actor: Actor, input: Input, current: number): number {
  const raw = (input as { nat_hourly_limit?: unknown }).nat_hourly_limit;
  if (!can.seeAdminFields(actor) || raw === undefined || raw === null || raw === '') return current;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 1 || v > NAT_LIMIT_MAX) {
    const message = `The hourly impression limit must be a whole number from 1 to ${NAT_LIMIT_MAX}`;
    throw badRequest(message, { nat_hourly_limit: message });
  }
  return v;
}

function billingOf(actor: Actor, input: Input, current: number): number {
  if (!can.seeAdminFields(actor)) return current;
  const v = optionalNumber(input.billing_entity);
  return v === null ? current : v;
}

/** POST /customers/: new clients get the time zone of their country; a non-super-admin gets a relationship. */
export async function createCustomer(app: AppContext, actor: Actor, input: Input): Promise<CustomerBase> {
  if (!can.manageClients(actor)) throw forbidden();
  const data = cleaned(input);
  const em = app.ds.manager;
  const rules = clientRules({ choosesCountry: await choosesCountry(em, actor, false) });
  assertValid(rules, { ...input, ...data, country_code: input.country_code });
  await assertTaxonomy(em, data.taxonomy_id);
  const countries = await chosenCountries(em, actor, input, false);
  const billing = billingOf(actor, input, 2);
  const retention = retentionOf(input, RETENTION_DEFAULT);
  const id = await app.ds.transaction(async (tx) => {
    const customerId = insertedId(
      await tx.query(
        `INSERT INTO customer (cust_name, display_name, domain, admin_email, taxonomy_id, country_code, time_zone, billing_entity, status, retention_months, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
        [
          data.cust_name,
          data.display_name,
          data.domain,
          data.admin_email,
          data.taxonomy_id,
          countries.country_code,
          await countryTimeZone(tx, countries.country_code),
          billing,
          retention,
          actor.userId,
        ],
      ),
    );
    await saveOperationalCountries(tx, 'customer', customerId, countries.country_list);
    if (!isSuperAdmin(actor)) {
      await insertRelationship(
        tx,
        { type: actor.entityType as 'AGENCY', id: actor.entityId },
        { type: 'CUSTOMER', id: customerId },
        actor.userId,
      );
    }
    return customerId;
  });
  return getCustomer(app, actor, id);
}

/** PUT /customers/:id: super admin, or an admin of that client (spec 6). */
export async function updateCustomer(app: AppContext, actor: Actor, id: number, input: Input): Promise<CustomerBase> {
  const em = app.ds.manager;
  const row = await visibleRow(em, actor, id);
  if (!can.editEntity(actor, 'CUSTOMER', id)) throw forbidden();
  const data = cleaned(input);
  const editingOwn = actor.entityType === 'CUSTOMER' && actor.entityId === id;
  const countryGiven = input.country_code !== undefined;
  assertValid(clientRules({ choosesCountry: countryGiven }), { ...input, ...data });
  await assertTaxonomy(em, data.taxonomy_id);
  const countries = countryGiven ? await chosenCountries(em, actor, input, editingOwn) : null;
  const retention = retentionOf(input, Number(row.retention_months));
  const natLimit = natLimitOf(actor, input, Number(row.nat_hourly_limit));
  await app.ds.transaction(async (tx) => {
    await tx.query(
      `UPDATE customer SET cust_name = ?, display_name = ?, domain = ?, admin_email = ?, taxonomy_id = ?,
         country_code = ?, billing_entity = ?, retention_months = ?, nat_hourly_limit = ? WHERE id = ?`,
      [
        data.cust_name,
        data.display_name,
        data.domain,
        data.admin_email,
        data.taxonomy_id,
        countries?.country_code ?? row.country_code,
        billingOf(actor, input, Number(row.billing_entity)),
        retention,
        natLimit,
        id,
      ],
    );
    if (countries) await saveOperationalCountries(tx, 'customer', id, countries.country_list);
    else if (input.country_list !== undefined) {
      const list = withPrimary(
        row.country_code,
        Array.isArray(input.country_list) ? input.country_list.map(String) : [],
      );
      await saveOperationalCountries(
        tx,
        'customer',
        id,
        (await checkedCountries(tx, row.country_code, list)).country_list,
      );
    }
  });
  return getCustomer(app, actor, id);
}

/**
 * POST /customers/:id/associate: asks to relate an existing client to the actor's own entity. The answer
 * is a pending request; the client's admin (or the super admin) accepts it.
 */
export async function associateCustomer(
  app: AppContext,
  actor: Actor,
  id: number,
  input: Input,
): Promise<AssociationRequestRecord> {
  if (!can.manageClients(actor)) throw forbidden();
  if (isSuperAdmin(actor)) throw badRequest('The super admin relates organisations under Manage Relationships.');
  assertMayAssociate(actor);
  const name = optionalText(input, 'cust_name');
  assertValid(clientRules({ associating: true }), { cust_name: name });
  return requestAssociation(app, actor, { type: 'CUSTOMER', id }, name, 'Customer');
}
