import { householdOfIp, TAG_KEY } from './hit';
import type { AppContext } from '../shared/app-context';

/**
 * Opt-out (docs/invalid-traffic.md#opt-out, shared DESIGN.md section 3b rule 2): a public page per customer and a
 * pixel, both named by one of the customer's site tag keys (already public: every page of the site carries one).
 * Either records the requesting browser's household — the collector's salted hash of its address, never the
 * address — in opt_out for that customer; from then on the ETL stores its hits apart with the reason `opt_out`.
 */

/** The customer whose site tag this key is, or null. */
export async function customerOfKey(app: AppContext, key: string): Promise<{ id: number; name: string } | null> {
  if (!TAG_KEY.test(key)) return null;
  const [row] = (await app.ds.query(
    `SELECT c.id, COALESCE(NULLIF(c.display_name, ''), c.cust_name) AS name
       FROM site_tag s JOIN customer c ON c.id = s.customer_id WHERE s.tag_key = ?`,
    [key],
  )) as { id: number; name: string }[];
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** Records the household of `ip` as opted out of `customerId`'s measurement (idempotent). */
export async function recordOptOut(app: AppContext, customerId: number, ip: string): Promise<void> {
  const household = householdOfIp(app.config.HOUSEHOLD_SALT, ip);
  await app.ds.query('INSERT IGNORE INTO opt_out (customer_id, household_id) VALUES (?, ?)', [customerId, household]);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f5f7fa;color:#1a202c}
main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;color:#0b3d5c;margin-top:0}p{line-height:1.5}
button{background:#0b3d5c;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:1rem;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
}

export const NOT_FOUND = page(
  'Opt-out page not found',
  '<h1>Opt-out page not found</h1><p>This opt-out link is not valid. Please use the link in the privacy notice.</p>',
);

export function optOutPage(name: string, key: string): string {
  const who = escapeHtml(name);
  return page(
    `Opt out of ad measurement by ${name}`,
    `<h1>Opt out of ad measurement</h1>
<p>${who} measures which of its television and online ads lead to visits to its website. To do so it counts
ad impressions and site visits by household: a code computed from your internet connection's address, never
the address itself.</p>
<p>If you opt out, visits and ad impressions from this household are no longer counted for ${who}. The opt-out
applies to every browser and device sharing this internet connection.</p>
<form method="post" action="/optout/${encodeURIComponent(key)}"><button type="submit">Opt out</button></form>`,
  );
}

export function donePage(name: string): string {
  const who = escapeHtml(name);
  return page(
    'You have opted out',
    `<h1>You have opted out</h1><p data-testid="opted-out">From now on, visits and ad impressions from this household are
not counted for ${who}.</p>`,
  );
}
