/** Small JSON-over-HTTP client for the suites: real requests against the real gateway. */
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  if (res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    // A live stream never ends: its opening is the answer (a stream began), and closing it ends the feed.
    await res.body?.cancel();
    return { status: res.status, body: { eventStream: true } as T, headers: res.headers };
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** Runs a GraphQL operation; answers { data, errors } as sent. */
export async function gql<T = any>(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data: T; errors?: { message: string; extensions?: Record<string, any> }[] }> {
  const r = await call(base, 'POST', '/graphql', { token, body: { query, variables } });
  return r.body;
}
