#!/usr/bin/env node
// Local cluster on loopback: 3 NATS (JetStream) nodes, 3 Galera MariaDB nodes, HAProxy in front of Galera, and
// on them 2 collectors, 2 ETL workers and 2 gateways (docs/scaling.md).
// Usage: npm run cluster -- start [--engines-only] | stop | status   (CLUSTER_DIR overrides the data folder).
// Own ports only, so the MariaDB on :3306 and the NATS on :4222 of the machine are never touched (Redis is the
// machine's, REDIS_URL, under a prefix of the cluster's own).
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIR = path.resolve(process.env.CLUSTER_DIR ?? path.join(ROOT, '.cluster'));
const NODES = [1, 2, 3];
const NATS_PORT = (i) => 4230 + i;
const NATS_ROUTE = (i) => 6230 + i;
const DB_PORT = (i) => 3310 + i;
const WSREP_PORT = (i) => 4570 + i;
const IST_PORT = (i) => 4580 + i;
const SST_PORT = (i) => 4590 + i;
const HAPROXY_WRITE = 3310;
const HAPROXY_READ = 3309;
const GALERA_LIB = '/usr/lib/galera/libgalera_smm.so';
const DATABASE = 'infinitum';
/** The application processes: name, entry point, HTTP port (workers have none) and the path that says ready. */
const APPS = [
  { name: 'collector1', entry: 'gateway/src/collector/main.ts', port: 4111, ready: '/healthz' },
  { name: 'collector2', entry: 'gateway/src/collector/main.ts', port: 4112, ready: '/healthz' },
  { name: 'worker1', entry: 'gateway/src/worker-main.ts', port: null, ready: null },
  { name: 'worker2', entry: 'gateway/src/worker-main.ts', port: null, ready: null },
  { name: 'gateway1', entry: 'gateway/src/main.ts', port: 4101, ready: '/readyz' },
  { name: 'gateway2', entry: 'gateway/src/main.ts', port: 4102, ready: '/readyz' },
];

const log = (msg) => console.log(`[cluster] ${msg}`);

function have(bin) {
  return spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
}

function ensurePackages() {
  const wanted = [];
  if (!have('nats-server')) wanted.push('nats-server');
  if (!have('mariadbd')) wanted.push('mariadb-server');
  if (!fs.existsSync(GALERA_LIB)) wanted.push('galera-4');
  if (!have('haproxy')) wanted.push('haproxy');
  // SST by mariabackup: rsync's SST daemon runs as nobody when started by root and cannot enter a datadir
  // that mariadb-install-db made private to root (the joiner then aborts).
  if (!have('mariabackup')) wanted.push('mariadb-backup');
  if (wanted.length === 0) return;
  log(`installing missing Debian packages: ${wanted.join(' ')}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const r = spawnSync(
    sudo[0] ?? 'apt-get',
    [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'install', '-y', ...wanted],
    {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    },
  );
  if (r.status !== 0) throw new Error(`apt-get install ${wanted.join(' ')} failed`);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, ms = 120_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await check()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready after ${ms} ms (logs under ${DIR})`);
}

function startDetached(name, cmd, args, opts = {}) {
  const out = fs.openSync(path.join(DIR, `${name}.log`), 'a');
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', out, out], ...opts });
  child.unref();
  fs.writeFileSync(path.join(DIR, `${name}.pid`), String(child.pid));
  return child.pid;
}

function pidOf(name) {
  try {
    const pid = Number(fs.readFileSync(path.join(DIR, `${name}.pid`), 'utf8'));
    process.kill(pid, 0);
    // A process killed with -9 stays a zombie until its new parent reaps it (some containers' init never does).
    if (/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) return null;
    return pid;
  } catch {
    return null;
  }
}

function mysql(port, sql) {
  return spawnSync('mariadb', ['-uroot', '-h127.0.0.1', `-P${port}`, '--protocol=tcp', '-N', '-e', sql], {
    encoding: 'utf8',
  });
}

function sstMethod() {
  return have('mariabackup') ? 'mariabackup' : 'rsync';
}

function galeraConfig(i) {
  const data = path.join(DIR, `galera${i}`);
  const peers = NODES.map((n) => `127.0.0.1:${WSREP_PORT(n)}`).join(',');
  return `[mariadbd]
datadir=${data}/data
socket=${data}/mysqld.sock
pid-file=${data}/mysqld.pid
port=${DB_PORT(i)}
bind-address=127.0.0.1
skip-name-resolve
innodb_buffer_pool_size=64M
innodb_log_file_size=32M
performance_schema=OFF
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
wsrep_on=ON
wsrep_provider=${GALERA_LIB}
wsrep_cluster_name=infinitum
wsrep_cluster_address=gcomm://${peers}
wsrep_node_name=galera${i}
wsrep_node_address=127.0.0.1:${WSREP_PORT(i)}
wsrep_node_incoming_address=127.0.0.1:${DB_PORT(i)}
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:${WSREP_PORT(i)};ist.recv_addr=127.0.0.1:${IST_PORT(i)};gcache.size=64M"
wsrep_sst_receive_address=127.0.0.1:${SST_PORT(i)}
wsrep_sst_method=${sstMethod()}
wsrep_sst_auth=root:
`;
}

async function startGalera(i, bootstrap) {
  const data = path.join(DIR, `galera${i}`);
  fs.mkdirSync(data, { recursive: true });
  fs.writeFileSync(path.join(data, 'my.cnf'), galeraConfig(i));
  if (!fs.existsSync(path.join(data, 'data', 'mysql'))) {
    const r = spawnSync(
      'mariadb-install-db',
      [
        `--defaults-file=${data}/my.cnf`,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        `--user=${process.env.USER ?? 'root'}`,
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`mariadb-install-db galera${i}: ${r.stderr}`);
  }
  // A cluster whose every node stopped cleanly restarts from the node marked safe_to_bootstrap.
  if (bootstrap) {
    const state = path.join(data, 'data', 'grastate.dat');
    if (fs.existsSync(state))
      fs.writeFileSync(state, fs.readFileSync(state, 'utf8').replace('safe_to_bootstrap: 0', 'safe_to_bootstrap: 1'));
  }
  const args = [`--defaults-file=${data}/my.cnf`, ...(process.getuid?.() === 0 ? ['--user=root'] : [])];
  if (bootstrap) args.push('--wsrep-new-cluster');
  startDetached(`galera${i}`, 'mariadbd', args);
  const ms = await waitFor(
    `galera${i}`,
    () => mysql(DB_PORT(i), "SHOW STATUS LIKE 'wsrep_ready'").stdout.includes('ON'),
    300_000,
  );
  log(`galera${i} ready on :${DB_PORT(i)} in ${ms} ms`);
}

async function startNats(i) {
  const data = path.join(DIR, `nats${i}`);
  fs.mkdirSync(data, { recursive: true });
  const routes = NODES.filter((n) => n !== i)
    .map((n) => `nats-route://127.0.0.1:${NATS_ROUTE(n)}`)
    .join(',');
  startDetached(`nats${i}`, 'nats-server', [
    '-js',
    '-a',
    '127.0.0.1',
    '-p',
    String(NATS_PORT(i)),
    '-n',
    `nats${i}`,
    '-sd',
    data,
    '--cluster_name',
    'infinitum',
    '--cluster',
    `nats://127.0.0.1:${NATS_ROUTE(i)}`,
    '--routes',
    routes,
    '-m',
    String(8220 + i),
  ]);
}

async function natsReady(i) {
  try {
    const res = await fetch(`http://127.0.0.1:${8220 + i}/healthz?js-enabled-only=true`);
    return res.ok;
  } catch {
    return false;
  }
}

function startHaproxy() {
  const servers = (check) =>
    NODES.map((i) => `  server galera${i} 127.0.0.1:${DB_PORT(i)} check inter 1s fall 2 rise 2${check(i)}`).join('\n');
  // Writes go to one node at a time (the others are backups) so certification conflicts stay rare. HAProxy keeps a
  // TCP session where it began: when the first node comes back, the sessions a backup took over would go on writing
  // there (two writers, and a read on one node missing what the other committed but has not applied yet), so they
  // are closed (on-marked-up shutdown-backup-sessions) and the pools reconnect to the first; a node marked down has
  // its sessions closed at once rather than at the clients' timeouts.
  const cfg = `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 3s
  timeout client 1h
  timeout server 1h
listen galera_write
  bind 127.0.0.1:${HAPROXY_WRITE}
  option tcpka
${servers((i) => (i === 1 ? ' on-marked-up shutdown-backup-sessions' : ' backup') + ' on-marked-down shutdown-sessions')}
listen galera_read
  bind 127.0.0.1:${HAPROXY_READ}
  balance leastconn
${servers(() => '')}
`;
  fs.writeFileSync(path.join(DIR, 'haproxy.cfg'), cfg);
  startDetached('haproxy', 'haproxy', ['-db', '-f', path.join(DIR, 'haproxy.cfg')]);
}

const ENGINES = ['haproxy', ...NODES.map((i) => `nats${i}`), ...NODES.map((i) => `galera${i}`)];

/**
 * The environment every application process shares, kept in app.env in the cluster folder (secrets made once, so
 * tokens and household ids stay valid across restarts; tests read it to sign in and to reach the database).
 */
function appEnv() {
  const file = path.join(DIR, 'app.env');
  if (!fs.existsSync(file)) {
    const lines = [
      'NODE_ENV=production',
      `MYSQL_URL=mysql://root@127.0.0.1:${HAPROXY_WRITE}/${DATABASE}`,
      `REDIS_URL=${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}`,
      'REDIS_PREFIX=infinitum-cluster:',
      'HIT_LOG=jetstream',
      `NATS_URL=${NODES.map((i) => `nats://127.0.0.1:${NATS_PORT(i)}`).join(',')}`,
      'NATS_REPLICAS=3',
      `JWT_SECRET=${randomBytes(32).toString('hex')}`,
      `HOUSEHOLD_SALT=${randomBytes(16).toString('hex')}`,
      'ADMIN_EMAIL=admin@cluster.infinitum',
      `ADMIN_PASSWORD=${randomBytes(9).toString('base64url')}`,
      // A dead worker's shards (leases and unacknowledged entries) go to the other after 5 s, not 30.
      'ETL_CLAIM_IDLE_MS=5000',
      'PUBLIC_URL=http://127.0.0.1:4101',
      'LOG_LEVEL=warn',
    ];
    fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  }
  return Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

async function health(app) {
  if (!app.port) return pidOf(app.name) ? 'alive (no HTTP port)' : 'down';
  try {
    const res = await fetch(`http://127.0.0.1:${app.port}${app.ready}`, { signal: AbortSignal.timeout(3000) });
    return res.ok ? 'ready' : `not ready (${res.status})`;
  } catch {
    return 'not answering';
  }
}

function migrateOnce(env) {
  log('running migrations through HAProxy');
  const r = spawnSync(process.execPath, ['-r', '@swc-node/register', 'gateway/src/db/migrate-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migrations failed: ${r.stdout}${r.stderr}`);
  log(r.stdout.trim().split('\n').join('; '));
}

async function startApps() {
  const env = appEnv();
  const missing = APPS.filter((a) => !pidOf(a.name));
  if (missing.length === 0) return;
  // Migrations once, before the first process; a restart of one process (others running) needs none.
  if (missing.length === APPS.length) migrateOnce(env);
  for (const app of missing) {
    startDetached(app.name, process.execPath, ['-r', '@swc-node/register', app.entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(app.port ?? 0),
        SPOOL_DIR: path.join(DIR, `${app.name}.spool`),
        // Gateways leave the background tasks to the two workers.
        WORKER: app.name.startsWith('worker') ? '1' : '0',
      },
    });
  }
  for (const app of missing) {
    const ms = await waitFor(
      app.name,
      async () => {
        if (!pidOf(app.name)) throw new Error(`${app.name} exited (see ${path.join(DIR, `${app.name}.log`)})`);
        return (await health(app)).startsWith(app.port ? 'ready' : 'alive');
      },
      300_000,
    );
    log(`${app.name} ${app.port ? `ready on :${app.port}` : 'started'} in ${ms} ms`);
  }
}

async function start() {
  const enginesOnly = process.argv.includes('--engines-only');
  ensurePackages();
  fs.mkdirSync(DIR, { recursive: true });
  for (const i of NODES) if (!pidOf(`nats${i}`)) await startNats(i);
  for (const i of NODES)
    log(`nats${i} ready on :${NATS_PORT(i)} in ${await waitFor(`nats${i}`, () => natsReady(i))} ms`);
  const running = NODES.filter((i) => pidOf(`galera${i}`));
  for (const i of NODES) if (!pidOf(`galera${i}`)) await startGalera(i, running.length === 0 && i === 1);
  if (!pidOf('haproxy')) startHaproxy();
  await waitFor('haproxy', () => portOpen(HAPROXY_WRITE));
  // A galera1 just (re)started takes the writes back once HAProxy's checks pass (~2 s), closing the sessions the
  // backup held: return only after that, so no one connects to the backup and is cut off a moment later.
  if (pidOf('galera1'))
    await waitFor('HAProxy writing to galera1', () =>
      mysql(HAPROXY_WRITE, 'SELECT @@wsrep_node_name').stdout.includes('galera1'),
    );
  const size = mysql(HAPROXY_WRITE, "SHOW STATUS LIKE 'wsrep_cluster_size'").stdout.trim();
  log(`galera ${size}`);
  console.log(`MYSQL_URL=mysql://root@127.0.0.1:${HAPROXY_WRITE}/${DATABASE}`);
  console.log(`MYSQL_READ_URL=mysql://root@127.0.0.1:${HAPROXY_READ}/${DATABASE}`);
  console.log(`NATS_URL=${NODES.map((i) => `nats://127.0.0.1:${NATS_PORT(i)}`).join(',')}`);
  if (enginesOnly) return;
  await startApps();
  const env = appEnv();
  for (const app of APPS.filter((a) => a.port))
    console.log(`${app.name.startsWith('gateway') ? 'GATEWAY' : 'COLLECTOR'}=http://127.0.0.1:${app.port}`);
  console.log(`Sign in as ${env.ADMIN_EMAIL} (password in ${path.join(DIR, 'app.env')})`);
}

/** SIGTERM, then (after `graceMs`) SIGKILL: an application process drains what it holds before it leaves. */
async function stopOne(name, graceMs = 60_000) {
  const pid = pidOf(name);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  try {
    await waitFor(`${name} to stop`, () => pidOf(name) === null, graceMs);
  } catch {
    log(`${name} did not stop within ${graceMs} ms: killed`);
    process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(path.join(DIR, `${name}.pid`), { force: true });
  log(`${name} stopped`);
}

async function stop() {
  // Application processes first, together (gateways and collectors stop taking requests and flush; workers finish
  // their batch), while the engines still run.
  await Promise.all(APPS.map((a) => stopOne(a.name, 30_000)));
  // Galera nodes stop one by one, the first last, so it is the one marked safe to bootstrap next time.
  for (const name of ['haproxy', ...NODES.map((i) => `nats${i}`), 'galera3', 'galera2', 'galera1']) await stopOne(name);
}

async function status() {
  const port = {
    haproxy: `${HAPROXY_WRITE} write, ${HAPROXY_READ} read`,
    ...Object.fromEntries(NODES.map((i) => [`nats${i}`, String(NATS_PORT(i))])),
    ...Object.fromEntries(NODES.map((i) => [`galera${i}`, String(DB_PORT(i))])),
  };
  for (const name of ENGINES) {
    const pid = pidOf(name);
    console.log(`${name.padEnd(10)} ${pid ? `running (pid ${pid})` : 'stopped'}  port ${port[name]}`);
  }
  for (const app of APPS) {
    const pid = pidOf(app.name);
    const where = app.port ? `port ${app.port}` : 'no port';
    console.log(
      `${app.name.padEnd(10)} ${pid ? `running (pid ${pid})` : 'stopped'}  ${where}  ${pid ? await health(app) : '-'}`,
    );
  }
}

const cmd = process.argv[2] ?? 'status';
const actions = { start, stop, status };
if (!actions[cmd]) {
  console.error('usage: npm run cluster -- start [--engines-only] | stop | status');
  process.exit(2);
}
Promise.resolve(actions[cmd]()).catch((err) => {
  console.error(`[cluster] ${err.message}`);
  process.exit(1);
});
