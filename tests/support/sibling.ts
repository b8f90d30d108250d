import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from '../pipeline/outages';
import type { TestGateway } from './gateway';

/** Another process of a test gateway's installation (same database, Redis prefix and secrets). */
export interface Sibling {
  child: ChildProcess;
  url: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts siblings of one test gateway, a gateway (gateway/src/main.ts) or a standalone collector
 * (gateway/src/collector/main.ts), each on its own port and spool, waits for its /healthz, and kills
 * whatever is left at `close()`.
 */
export function siblings(t: () => TestGateway) {
  const children = new Set<ChildProcess>();
  const spools: string[] = [];
  async function start(kind: 'gateway' | 'collector', env: Record<string, string> = {}): Promise<Sibling> {
    const port = await freePort();
    const spool = `/tmp/infinitum-sibling-${process.pid}-${port}`;
    spools.push(spool);
    const entry = kind === 'gateway' ? 'gateway/src/main.ts' : 'gateway/src/collector/main.ts';
    const { config } = t();
    const child = spawn(process.execPath, ['-r', '@swc-node/register', entry], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        MYSQL_URL: config.MYSQL_URL,
        REDIS_URL: config.REDIS_URL,
        REDIS_PREFIX: config.REDIS_PREFIX,
        JWT_SECRET: config.JWT_SECRET,
        HOUSEHOLD_SALT: config.HOUSEHOLD_SALT,
        ETL_SHARDS: String(config.ETL_SHARDS),
        SPOOL_DIR: spool,
        WORKER: '0',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: 'ignore',
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`${kind} exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { child, url };
      await sleep(100);
    }
    throw new Error(`${kind} did not start`);
  }
  function close() {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of spools) rmSync(dir, { recursive: true, force: true });
  }
  return { start, close };
}
