#!/usr/bin/env node
// `npm run check`: types, lint, format, schema drift, codegen drift, pending migrations. Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { checkServices } from './services.mjs';

function step(name, cmd, args, env = {}) {
  process.stdout.write(`check: ${name}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`check failed: ${name}`);
    process.exit(1);
  }
}

function drift(name, file, regenerate) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  regenerate();
  const after = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (before !== after) {
    console.error(`check failed: ${file} is out of date (${name}); run the generator and commit the result`);
    process.exit(1);
  }
}

step('types (gateway, tests)', 'npx', ['tsc', '-p', 'tsconfig.json']);
step('types (client)', 'npx', ['tsc', '-p', 'client/tsconfig.json', '--noEmit']);
step('lint', 'npx', ['eslint', 'gateway/src', 'client/src', 'packages', 'tests']);
step('format', 'npx', ['prettier', '--check', 'gateway/src', 'client/src', 'packages', 'tests', 'scripts']);
drift('schema', 'schema.graphql', () => step('schema emit', 'npm', ['run', '-s', 'schema:emit']));
drift('codegen', 'client/src/gql/graphql.ts', () => step('codegen', 'npm', ['run', '-s', 'codegen']));
const problem = await checkServices(
  process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306',
  'redis://127.0.0.1:6379',
);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const server = process.env.TEST_MYSQL_SERVER ?? 'mysql://root@127.0.0.1:3306';
step('pending migrations', 'node', ['-r', '@swc-node/register', 'gateway/src/cli/generate-migration.ts'], {
  MYSQL_URL: `${server}/infinitum_check_${process.pid}`,
  DROP_AFTER: '1',
});
console.log('check: all clean');
