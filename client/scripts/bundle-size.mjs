// Prints the gzipped JavaScript a first visit downloads (DESIGN 6: under 300 KB), from Vite's manifest:
// the entry chunk with its static imports, plus each route's own lazy chunk closure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 300;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = new Map();
const sizeOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gz.get(file);
};

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const total = (keys) =>
  [...keys].reduce((sum, k) => sum + (manifest[k].file.endsWith('.js') ? sizeOf(manifest[k].file) : 0), 0);

const entryBytes = total(entry);
console.log(`entry ${manifest[entryKey].file}: ${kb(entryBytes)} KB gzipped (with static imports)`);
let worst = entryBytes;
for (const route of ['src/features/auth/LoginPage.tsx', 'src/features/overview/OverviewPage.tsx']) {
  if (!manifest[route]) continue;
  const keys = closure(route, new Set(entry));
  const bytes = total(keys);
  worst = Math.max(worst, bytes);
  console.log(`first visit to ${route.split('/').pop().replace('.tsx', '')}: ${kb(bytes)} KB gzipped`);
}
const heavy = Object.values(manifest).filter((c) => /exceljs|leaflet|victory/i.test(c.file) && entry.has(c.src ?? ''));
if (heavy.length) {
  console.error(`heavy libraries in the entry chunk: ${heavy.map((c) => c.file).join(', ')}`);
  process.exit(1);
}
if (worst > BUDGET_KB * 1024) {
  console.error(`over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
console.log(`within the ${BUDGET_KB} KB budget`);
