#!/usr/bin/env node
// `npm test`: the whole suite on real MySQL/MariaDB and Redis, ending with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { checkServices } from './services.mjs';

// On a fresh clone, install first (the README promises `npm test` works right after cloning).
if (!existsSync('node_modules/.package-lock.json')) {
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const problem = await checkServices(
  process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306',
  process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
);
if (problem) {
  console.error(problem);
  process.exit(1);
}
mkdirSync('test-artifacts', { recursive: true });
const out = process.env.JEST_RESULTS ?? 'test-artifacts/jest-results.json';
const args = ['jest', '--json', `--outputFile=${out}`, '--maxWorkers=2', ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=4096`.trim() },
});
let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  passed = r.numPassedTests;
  failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
