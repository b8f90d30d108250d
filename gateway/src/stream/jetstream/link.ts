import { jetstream, type JetStreamClient, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/**
 * One process role's connection to NATS (the collector's, an ETL worker's, the gateway's services'), made
 * at once and kept: the client reconnects by itself, to any server of NATS_URL or of the cluster it
 * learnt. `up` says whether publishes can be tried now (the collector spools while it is false).
 */
export class NatsLink {
  up = false;
  private closed = false;
  private readonly connecting: Promise<NatsConnection>;
  private manager: Promise<JetStreamManager> | null = null;
  private client: JetStreamClient | null = null;

  constructor(servers: string, name: string) {
    this.connecting = connect({
      servers: servers
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      name,
      // Never give up: a NATS node restarting or failing over is waited for (meanwhile pixels spool).
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      waitOnFirstConnect: true,
      timeout: 2000,
    });
    this.connecting.then(
      (nc) => {
        // Closed while the first connect waited for a server: it is not kept.
        if (this.closed) return void nc.close().catch(() => undefined);
        this.up = true;
        void this.watch(nc);
      },
      () => undefined,
    );
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnecting' || s.type === 'close') this.up = false;
      else if (s.type === 'reconnect') this.up = !this.closed;
    }
  }

  /** Whether the connection is up, waiting up to `ms` for it (a process's first call, a reconnect under way). */
  async ready(ms: number): Promise<boolean> {
    for (const until = Date.now() + ms; !this.up && !this.closed && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.up;
  }

  connection(): Promise<NatsConnection> {
    if (this.closed) return Promise.reject(new Error('the NATS connection is closed'));
    return this.connecting;
  }

  async js(): Promise<JetStreamClient> {
    if (!this.client) this.client = jetstream(await this.connection(), { timeout: 5000 });
    return this.client;
  }

  async jsm(): Promise<JetStreamManager> {
    if (!this.manager) {
      this.manager = this.connection().then((nc) => jetstreamManager(nc, { timeout: 5000 }));
      this.manager.catch(() => (this.manager = null));
    }
    return this.manager;
  }

  /** Closes the connection once made (a connect still waiting for a server is left after 2 s). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.up = false;
    const nc = await Promise.race([
      this.connecting.catch(() => null),
      new Promise<null>((r) => setTimeout(() => r(null), 2000).unref()),
    ]);
    if (nc && !nc.isClosed()) await nc.close();
  }
}
