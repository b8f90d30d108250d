/** What a failed call said: HTTP status, message and per-field messages (spec 8). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * The public pages' calls go to the REST adapter with fetch (the same auth service as GraphQL): no Apollo
 * cache and no GraphQL printer on a first visit to /login (the 120 KB budget of client/scripts/bundle-size.mjs). 30 s timeout (spec 9).
 */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  let answer: { message?: string; detail?: string; fields?: Record<string, string> } & Record<string, unknown> = {};
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    // A body that is not JSON says nothing more than the status.
  }
  if (!res.ok)
    throw new RequestError(answer.message || answer.detail || 'An error occurred', res.status, answer.fields);
  return answer as T;
}
