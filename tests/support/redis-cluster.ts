import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../pipeline/outages';

/** A Redis Cluster of three masters on loopback ports of its own (docs/scaling.md#redis-cluster). */
export interface LocalRedisCluster {
  /** REDIS_CLUSTER_NODES for it. */
  nodes: string;
  ports: number[];
  stop(): Promise<void>;
}

const cli = (port: number, ...args: string[]) =>
  spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`local Redis Cluster: ${what} not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts three redis-server masters (nothing on disk), joins them and waits for `cluster_state:ok`. */
export async function startRedisCluster(): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'infinitum-redis-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const servers: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout',
        '2000',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: 'ignore' },
    ),
  );
  const stop = async () => {
    for (const s of servers) s.kill('SIGKILL');
    await Promise.all(servers.map((s) => (s.exitCode === null ? new Promise((r) => s.once('exit', r)) : null)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await until(`node ${port} answering`, () => cli(port, 'PING').stdout.trim() === 'PONG');
    const made = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`redis-cli --cluster create failed: ${made.stdout}${made.stderr}`);
    for (const port of ports)
      await until(`node ${port} in a healthy cluster`, () =>
        /cluster_state:ok/.test(cli(port, 'CLUSTER', 'INFO').stdout),
      );
    return { nodes: ports.map((p) => `127.0.0.1:${p}`).join(','), ports, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
