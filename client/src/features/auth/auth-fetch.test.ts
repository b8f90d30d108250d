import { createAuthFetch, type TokenSource } from './auth-fetch';
import type { Session } from './session-store';

/** Only the network boundary is fake here: a fetch that answers like the gateway would. */
function gatewayDouble(opts: { refreshWorks: boolean }) {
  let valid = 'fresh-token';
  const seen: { kind: 'refresh' | 'call'; token?: string }[] = [];
  const reply = (status: number, body: unknown) =>
    ({
      ok: status < 400,
      status,
      json: async () => body,
      clone() {
        return this;
      },
    }) as unknown as Response;

  const fetchDouble = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/refresh-token') {
      // The cookie form: no token in the body, the header asks for it (the browser sends the cookie).
      seen.push({ kind: 'refresh', token: new Headers(init?.headers).get('x-infinitum-session') ?? undefined });
      expect(init?.body).toBe('{}');
      // Let the concurrent callers pile up behind the one refresh.
      await new Promise((r) => setTimeout(r, 20));
      if (!opts.refreshWorks) return reply(401, { message: 'Invalid or expired refresh token.' });
      valid = 'fresh-token-2';
      return reply(200, { new_token: valid });
    }
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '');
    seen.push({ kind: 'call', token });
    if (token !== valid)
      return reply(200, {
        errors: [{ message: 'Sign in again.', extensions: { code: 'UNAUTHENTICATED', status: 401 } }],
      });
    return reply(200, { data: { ok: true } });
  });
  return { fetchDouble, seen, expire: () => (valid = 'nobody-has-this') };
}

function memorySession(initial: Session | null): TokenSource & { current: Session | null } {
  const s = {
    current: initial,
    get: () => s.current,
    updateToken(accessToken: string) {
      if (s.current) s.current = { ...s.current, accessToken };
    },
    clear() {
      s.current = null;
    },
  };
  return s;
}

const user = {
  email: 'a@b.nz',
  name: 'A',
  role: 'ROLE_CUSTOMER_USER',
  entity_id: 1,
  entity_type: 'CUSTOMER',
  country_list: ['NZ'],
};
const op = (name: string) => ({
  method: 'POST',
  body: JSON.stringify({ query: `query ${name} { x }`, variables: {} }),
});

describe('authFetch: retry once after a refresh', () => {
  it('two concurrent 401s share ONE refresh, then both retry with the new token', async () => {
    const net = gatewayDouble({ refreshWorks: true });
    net.expire();
    const session = memorySession({ user, accessToken: 'old-token' });
    const authFetch = createAuthFetch({ fetch: net.fetchDouble, session });

    const [a, b] = await Promise.all([authFetch('/graphql', op('A')), authFetch('/graphql', op('B'))]);

    expect(await a.json()).toEqual({ data: { ok: true } });
    expect(await b.json()).toEqual({ data: { ok: true } });
    expect(net.seen.filter((s) => s.kind === 'refresh')).toHaveLength(1);
    expect(net.seen.filter((s) => s.kind === 'call').map((s) => s.token)).toEqual([
      'old-token',
      'old-token',
      'fresh-token-2',
      'fresh-token-2',
    ]);
    expect(session.current?.accessToken).toBe('fresh-token-2');
    expect(net.seen.find((x) => x.kind === 'refresh')?.token).toBe('cookie');
  });

  it('a failed refresh clears the session and answers the original failure', async () => {
    const net = gatewayDouble({ refreshWorks: false });
    net.expire();
    const session = memorySession({ user, accessToken: 'old-token' });
    const authFetch = createAuthFetch({ fetch: net.fetchDouble, session });

    const res = await authFetch('/graphql', op('A'));
    expect((await res.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(session.current).toBeNull();
    expect(net.seen.filter((s) => s.kind === 'call')).toHaveLength(1);
  });

  it('a signed-in tab without a token (a reload) gets one from the cookie before its first call', async () => {
    const net = gatewayDouble({ refreshWorks: true });
    const session = memorySession({ user });
    const authFetch = createAuthFetch({ fetch: net.fetchDouble, session });
    const res = await authFetch('/graphql', op('A'));
    expect(await res.json()).toEqual({ data: { ok: true } });
    expect(net.seen).toEqual([
      { kind: 'refresh', token: 'cookie' },
      { kind: 'call', token: 'fresh-token-2' },
    ]);
  });

  it('does not refresh for anonymous calls such as login', async () => {
    const net = gatewayDouble({ refreshWorks: true });
    const session = memorySession(null);
    const authFetch = createAuthFetch({ fetch: net.fetchDouble, session });
    await authFetch('/graphql', op('Login'));
    expect(net.seen).toEqual([{ kind: 'call', token: undefined }]);
  });
});
