/** en-GB figures for the written analysis (the server writes these sentences, so it formats them). */
const int = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const count = (n: number) => int.format(n);
export const dollars = (n: number) => `$${money.format(n)}`;
export const percent = (fraction: number) => `${one.format(fraction * 100)}%`;
export const decimal = (n: number) => one.format(n);

/** Escapes text that came from records (creative descriptions, region names) before it enters HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const p = (...sentences: string[]) => `<p>${sentences.filter(Boolean).join(' ')}</p>`;
