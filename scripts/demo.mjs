#!/usr/bin/env node
// `npm run demo`: install when missing, build, migrate, seed the demo world, load 90 days of simulated
// traffic through the real pipeline (on a private port while http://localhost:4000 answers "loading"), then
// serve the app on http://localhost:4000 and print the logins. Without SMTP_URL a local mail catcher takes
// the mails (password resets, invitations) and shows them at http://localhost:4001 and in this console.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
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

// Mail: SMTP_URL when given (e.g. the compose file's mailpit), else a catcher in this process.
let mail = null;
if (!process.env.SMTP_URL) {
  const { startDemoMail } = createRequire(import.meta.url)('../gateway/dist/dev/demo-mail.js');
  mail = await startDemoMail({ mailboxPort: Number(port) + 1 });
  env.SMTP_URL = mail.smtpUrl;
}

run('node', ['gateway/dist/db/migrate-cli.js'], env);
run('node', ['gateway/dist/seed/demo-cli.js', '--no-logins'], env);

const children = new Set();
const startGateway = (onPort, { loader = false } = {}) => {
  const child = spawn('node', ['gateway/dist/main.js'], {
    stdio: loader ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...env, PORT: String(onPort) },
  });
  // The loading gateway is private (a free port on 127.0.0.1, stopped once the data is in): its
  // 'listening on' line would read like the app's address, so it is told as what it is.
  if (loader) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (/listening on/i.test(line))
        console.log(`demo: loading the data through a private gateway (127.0.0.1:${onPort}, not the app's address)`);
      else console.log(line);
    });
  }
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
};
const stopGateway = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
let quitting = false;
const quit = async (code) => {
  if (quitting) return;
  quitting = true;
  await Promise.all([...children].map(stopGateway));
  await mail?.close();
  process.exit(code);
};
process.on('SIGINT', () => void quit(0));
process.on('SIGTERM', () => void quit(0));

const waitReady = async (onPort, child) => {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${onPort}/readyz`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
};

// While the data loads, the public port says so: /readyz answers 503 and pages a short notice.
const loading = createServer((req, res) => {
  const notice = 'The Infinitum demo is loading its data; this page turns into the app when it is ready.';
  if (req.url?.startsWith('/readyz')) {
    res
      .writeHead(503, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ status: 'loading', message: notice }));
  } else {
    res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '10', Refresh: '10' });
    res.end(`<!doctype html><meta charset="utf-8"><title>Infinitum: loading</title><p>${notice}</p>`);
  }
});
await new Promise((resolve, reject) => {
  loading.once('error', reject);
  loading.listen(Number(port), resolve);
}).catch((e) => {
  console.error(`demo: port ${port} is in use (${e.code}); set PORT to another one`);
  return quit(1);
});
const privatePort = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const p = probe.address().port;
    probe.close(() => resolve(p));
  });
});

const loader = startGateway(privatePort, { loader: true });
if (!(await waitReady(privatePort, loader))) {
  console.error('demo: the gateway did not start (see above)');
  await quit(1);
}
const sim = spawnSync(
  'node',
  // The first demo customer runs a holdout (docs/design.md#reach-frequency-and-lift): its lift comes from a control group, the others' from pre/post.
  [
    'gateway/dist/simulate/cli.js',
    '--history',
    '90',
    '--if-empty',
    '--holdout',
    '0.3',
    '--holdout-customers',
    '1',
    '--url',
    `http://127.0.0.1:${privatePort}`,
  ],
  { stdio: 'inherit', env },
);
if (sim.status !== 0) console.error('demo: loading simulated traffic failed (the app still runs)');
await stopGateway(loader);
await new Promise((resolve) => {
  loading.close(resolve);
  loading.closeAllConnections();
});

const server = startGateway(port);
server.on('exit', (code) => {
  if (children.size === 0) void quit(code ?? 0);
});
if (!(await waitReady(port, server))) {
  console.error('demo: the gateway did not start (see above)');
  await quit(1);
}
spawnSync('node', ['gateway/dist/seed/demo-cli.js', '--print-logins'], { stdio: 'inherit', env });
console.log(`\nInfinitum is running on http://localhost:${port}  (Ctrl+C stops it)`);
if (mail) {
  console.log(`Mails the demo sends (password resets, invitations) are caught: read them at ${mail.mailboxUrl}`);
  console.log('and in this console; none leaves this machine.');
} else {
  console.log(`Mails go out through SMTP_URL (${new URL(env.SMTP_URL).host}).`);
}
