import type { AppContext } from '../../shared/app-context';
import { DomainError } from '../../shared/errors';
import type { Actor } from '@infinitum/rules';
import { listCustomers } from '../customers/customer.service';
import { taxonomyDescByIds } from '../reference/reference.service';
import { listAgencies } from '../organisations/agency.service';
import { listUsers } from '../users/user.service';

/**
 * The cards of Administrative tools (spec 2), counted by the server from the rows its lists answer. A
 * part whose list the caller may not read is null (its tab is not shown either): the lists' own
 * permission checks decide, so cards and tables cannot disagree.
 */
export interface AdminSummary {
  users: { total: number; admins: number; standard: number } | null;
  agencies: { total: number } | null;
  clients: { total: number; top_category: string | null; top_share: number | null } | null;
}

/** The category most clients are in (ties: the first by name) and its share of all clients, 0..1. */
export function topCategory(categories: readonly (string | null | undefined)[]): {
  top_category: string | null;
  top_share: number | null;
} {
  const counts = new Map<string, number>();
  for (const c of categories) {
    const name = c?.trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let top: [string, number] | null = null;
  for (const entry of [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (!top || entry[1] > top[1]) top = entry;
  }
  return {
    top_category: top?.[0] ?? null,
    top_share: top ? Math.round((top[1] / categories.length) * 10000) / 10000 : null,
  };
}

/** A list the caller may not read (403) counts as none. */
async function orNull<T>(list: Promise<T>): Promise<T | null> {
  try {
    return await list;
  } catch (e) {
    if (e instanceof DomainError && e.code === 'FORBIDDEN') return null;
    throw e;
  }
}

export async function adminSummary(app: AppContext, actor: Actor): Promise<AdminSummary> {
  const [users, agencies, clients] = await Promise.all([
    orNull(listUsers(app, actor)),
    orNull(listAgencies(app, actor, {})),
    orNull(listCustomers(app, actor, {})),
  ]);
  const admins = users?.filter((u) => u.admin).length ?? 0;
  const categories =
    clients &&
    (await taxonomyDescByIds(
      app.ds.manager,
      clients.map((c) => c.taxonomy_id),
    ));
  return {
    users: users && { total: users.length, admins, standard: users.length - admins },
    agencies: agencies && { total: agencies.length },
    clients: clients && {
      total: clients.length,
      ...topCategory(clients.map((c) => categories?.get(c.taxonomy_id))),
    },
  };
}
