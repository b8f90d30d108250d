import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether something answers TCP on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/**
 * A nats-server with JetStream of a test's own, on loopback (Debian's nats-server): alone, or one node of a
 * cluster (`routes`: the cluster ports of all nodes). Its store is a temp folder kept across restarts, so a
 * kill -9 and a start is a node crashing and coming back.
 */
export class PrivateNats {
  private proc: ChildProcess | null = null;
  readonly dir: string;

  constructor(
    readonly port: number,
    readonly name = `n${port}`,
    readonly cluster?: { port: number; routes: number[] },
    dir?: string,
  ) {
    this.dir = dir ?? mkdtempSync(join(tmpdir(), 'infinitum-nats-'));
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.proc && this.proc.exitCode === null && !this.proc.signalCode;
  }

  async start(): Promise<void> {
    const conf = join(this.dir, 'nats.conf');
    const lines = [
      `server_name: ${this.name}`,
      'listen: 127.0.0.1:' + this.port,
      `jetstream { store_dir: "${join(this.dir, 'js')}" }`,
    ];
    if (this.cluster) {
      lines.push(
        `cluster { name: infinitum_test, listen: 127.0.0.1:${this.cluster.port}, routes: [${this.cluster.routes
          .map((p) => `nats-route://127.0.0.1:${p}`)
          .join(', ')}] }`,
      );
    }
    writeFileSync(conf, lines.join('\n') + '\n');
    this.proc = spawn('nats-server', ['-c', conf], { stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      if (await listening(this.port)) return;
      await sleep(50);
    }
    throw new Error(`nats-server on :${this.port} did not start`);
  }

  /** kill -9: the node dies with whatever it had not written. */
  async kill(): Promise<void> {
    const p = this.proc;
    if (!p || !this.running) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await exited;
  }

  async stop(remove = true): Promise<void> {
    await this.kill();
    if (remove) rmSync(this.dir, { recursive: true, force: true });
  }
}
