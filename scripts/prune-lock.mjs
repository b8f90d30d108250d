#!/usr/bin/env node
// The registry these machines reach lacks some other-platform optional binaries (e.g. @swc/core-darwin-arm64
// of the locked version), so npm writes a lock whose optionalDependencies point at entries it could not
// add, and `npm ci` then refuses the lock. This drops those dangling optional references (they are
// never installed on linux-x64 anyway). Run after any `npm install`: `node scripts/prune-lock.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const has = (path, name) => {
  // npm resolves a dependency from the nearest node_modules up the tree.
  let dir = path;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    const i = dir.lastIndexOf('/node_modules/');
    if (dir === '') return false;
    dir = i >= 0 ? dir.slice(0, i) : '';
  }
};
let pruned = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  if (!pkg.optionalDependencies) continue;
  for (const name of Object.keys(pkg.optionalDependencies)) {
    if (!has(path, name)) {
      delete pkg.optionalDependencies[name];
      pruned++;
    }
  }
  if (Object.keys(pkg.optionalDependencies).length === 0) delete pkg.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lock: removed ${pruned} dangling optional references`);
