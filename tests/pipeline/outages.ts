import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the durability suite breaks on purpose: a private redis-server (so restarting it disturbs
 * no one else), a TCP proxy in front of MySQL that can cut the worker off, and the ETL worker as a
 * child process that can be killed with SIGKILL.
 */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A redis-server with an fsync-always append-only file in a temporary directory. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'infinitum-redis-'));
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await this.answers()) return;
      await sleep(50);
    }
    throw new Error('private redis-server did not start');
  }

  /** SHUTDOWN (the append-only file is complete), then the same server on the same data again. */
  async restart(downMs: number): Promise<void> {
    const exited = new Promise((r) => this.proc?.once('exit', r));
    spawn('redis-cli', ['-p', String(this.port), 'SHUTDOWN'], { stdio: 'ignore' });
    await exited;
    await sleep(downMs);
    await this.start();
  }

  async stop(): Promise<void> {
    if (this.proc && this.proc.exitCode === null) {
      const exited = new Promise((r) => this.proc?.once('exit', r));
      this.proc.kill('SIGKILL');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const s = connect(this.port, '127.0.0.1');
      s.once('connect', () => {
        s.write('PING\r\n');
      });
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      s.once('error', () => resolve(false));
    });
  }
}

/** A TCP proxy to MySQL; `cut()` drops every connection and refuses new ones until `restore()`. */
export class OutageProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private down = false;
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (this.down) {
        client.destroy();
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.once('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
  }

  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.down = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((r) => this.server?.close(r));
  }
}

/** The ETL worker process of `npm run worker`, with its own environment. */
export class WorkerProcess {
  private proc: ChildProcess | null = null;
  starts = 0;
  constructor(private readonly env: Record<string, string>) {}

  start(): void {
    this.starts++;
    this.proc = spawn(process.execPath, ['-r', '@swc-node/register', 'gateway/src/worker-main.ts'], {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...this.env },
      stdio: 'ignore',
    });
  }

  async kill(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }
}
