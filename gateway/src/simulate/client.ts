import { signAccessToken } from '../modules/auth/access-token';
import type { DataSource } from 'typeorm';
import type { SimEvent } from './traffic';

const VIEWER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Talks to a running gateway: sign in as the super admin, bulk ingest, pixels, status. */
export class GatewayClient {
  private token = '';

  constructor(
    readonly url: string,
    private readonly credentials: { email: string; password?: string; jwtSecret?: string },
    private readonly ds: DataSource,
  ) {}

  /** POST /api/login when it exists; otherwise a super admin token signed with JWT_SECRET. */
  async signIn(): Promise<void> {
    if (this.credentials.password) {
      const res = await fetch(`${this.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: this.credentials.email, password: this.credentials.password }),
      }).catch(() => null);
      if (res?.ok) {
        const body = (await res.json()) as { access_token?: string };
        if (body.access_token) {
          this.token = body.access_token;
          return;
        }
      }
    }
    if (!this.credentials.jwtSecret) throw new Error('cannot sign in: set ADMIN_EMAIL/ADMIN_PASSWORD or JWT_SECRET');
    const [admin]: { id: number; name: string; email: string }[] = await this.ds.query(
      "SELECT id, name, email FROM user WHERE entity_type = 'SYSTEM' AND admin = 1 AND active = 1 ORDER BY email = ? DESC, id LIMIT 1",
      [this.credentials.email],
    );
    if (!admin) throw new Error('cannot sign in: no super admin user in the database');
    this.token = signAccessToken(this.credentials.jwtSecret, {
      userId: Number(admin.id),
      name: admin.name,
      email: admin.email,
      role: 'ROLE_ADMIN',
      entityType: 'SYSTEM',
      entityId: 0,
      admin: true,
    });
  }

  /** Sends events as NDJSON; retries on 503 (stream away) and once after a 401 (token expired). */
  async ingest(events: SimEvent[]): Promise<{ accepted: number; rejected: number }> {
    const body = events
      .map((e) =>
        JSON.stringify({
          type: e.type,
          tag: e.tag,
          ts: new Date(e.ts).toISOString(),
          household: e.household,
          region: e.region,
          id: e.id,
          ...(e.url ? { url: e.url } : {}),
          ...(e.control ? { control: true } : {}),
        }),
      )
      .join('\n');
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.url}/api/ingest/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/x-ndjson' },
        body,
      });
      if (res.ok) return (await res.json()) as { accepted: number; rejected: number };
      if (res.status === 401 && attempt === 1) await this.signIn();
      else if (res.status === 503 && attempt < 60) {
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      } else throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
    }
  }

  /** One live pixel: /t/i/KEY or /t/v/KEY with hh and r (and u for pages). */
  async pixel(e: SimEvent): Promise<void> {
    const q = new URLSearchParams({ hh: e.household, r: e.region });
    if (e.url) q.set('u', e.url);
    if (e.control) q.set('ctl', '1');
    // A viewer's browser agent: Node's own (`node`) is a bot to the invalid traffic rules (docs/invalid-traffic.md).
    const res = await fetch(`${this.url}/t/${e.type === 'impression' ? 'i' : 'v'}/${e.tag}?${q}`, {
      headers: { 'user-agent': VIEWER_UA },
    });
    await res.arrayBuffer();
  }

  async status(): Promise<{ idle: boolean; processed: number; events_per_s: number; lag_ms: number }> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.url}/api/ingest/status`, { headers: { authorization: `Bearer ${this.token}` } });
      if (res.ok)
        return (await res.json()) as { idle: boolean; processed: number; events_per_s: number; lag_ms: number };
      if (res.status === 401 && attempt === 1) await this.signIn();
      else throw new Error(`status answered ${res.status}`);
    }
  }

  async waitForIdle(log: (s: string) => void, timeoutMs = 30 * 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 0;
    for (;;) {
      const s = await this.status();
      if (s.idle) return;
      if (Date.now() > deadline) throw new Error('the pipeline did not become idle in time');
      if (Date.now() - last > 5000) {
        log(
          `  waiting for the ETL: ${s.processed} events committed, ${s.events_per_s}/s, lag ${Math.round(s.lag_ms / 1000)} s`,
        );
        last = Date.now();
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
