#!/usr/bin/env node
// `npm run demo`: install when missing, build, migrate, seed the demo world, start the gateway with its
// worker on http://localhost:4000, load 90 days of simulated traffic through the real pipeline, print the logins.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { checkServices } from './services.mjs';

const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`demo: \`${cmd} ${args.join(' ')}\` failed`);
    process.exit(r.status ?? 1);
  }
};

if (!existsSync('node_modules/.package-lock.json')) run('npm', ['ci', '--no-audit', '--no-fund']);

// Secrets kept across demo restarts (sessions and household ids stay valid); never committed.
const secretsFile = '.demo.env';
if (!existsSync(secretsFile)) {
  writeFileSync(
    secretsFile,
    `JWT_SECRET=${randomBytes(32).toString('hex')}\nHOUSEHOLD_SALT=${randomBytes(24).toString('hex')}\n`,
  );
}
const secrets = Object.fromEntries(
  readFileSync(secretsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('=')),
);
const port = process.env.PORT ?? '4000';
const env = {
  ...process.env,
  ...secrets,
  NODE_ENV: 'production',
  PORT: port,
  MYSQL_URL: process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/infinitum',
  ADMIN_EMAIL: process.env.ADMIN_EMAIL ?? 'admin@infinitum.local',
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? 'Infinitum-admin-1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  WORKER: '1',
};

const problem = await checkServices(env.MYSQL_URL, env.REDIS_URL ?? 'redis://127.0.0.1:6379');
if (problem) {
  console.error(problem);
  process.exit(1);
}

run('npm', ['run', 'build']);
run('node', ['gateway/dist/db/migrate-cli.js'], env);
run('node', ['gateway/dist/seed/demo-cli.js'], env);

const server = spawn('node', ['gateway/dist/main.js'], { stdio: 'inherit', env });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));

for (let i = 0; i < 120; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
  } catch {
    // not up yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
const sim = spawnSync(
  'node',
  ['gateway/dist/simulate/cli.js', '--history', '90', '--if-empty', '--url', `http://127.0.0.1:${port}`],
  {
    stdio: 'inherit',
    env,
  },
);
if (sim.status !== 0) console.error('demo: loading simulated traffic failed (the app still runs)');
spawnSync('node', ['gateway/dist/seed/demo-cli.js', '--print-logins'], { stdio: 'inherit', env });
console.log(`\nInfinitum is running on http://localhost:${port}  (Ctrl+C stops it)`);
