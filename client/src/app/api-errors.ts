import { CombinedGraphQLErrors, ServerError } from '@apollo/client';

/** The first GraphQL error's code/status/message, or the network error's. */
export function describeError(error: unknown): {
  code?: string;
  status?: number;
  message: string;
  fields?: Record<string, string>;
} {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const ext = (first?.extensions ?? {}) as { code?: string; status?: number; fields?: Record<string, string> };
    return { code: ext.code, status: ext.status, message: first?.message || 'An error occurred', fields: ext.fields };
  }
  if (ServerError.is(error)) {
    // A non-2xx answer: its JSON body's message (or detail) says more than the status line.
    return { status: error.statusCode, message: messageOfBody(error.bodyText) ?? 'An error occurred' };
  }
  const e = error as { statusCode?: number; message?: string; name?: string } | undefined;
  return { status: e?.statusCode, message: e?.message || 'An error occurred' };
}

/** Aborted requests (navigation away, unmount) are not failures anyone needs to hear about. */
export function isCancelled(error: unknown): boolean {
  const e = error as { name?: string } | undefined;
  return e?.name === 'AbortError';
}

/** 'Error: {status} - {message}' (spec 8). */
export function errorToastText(error: unknown): string {
  const { status, message } = describeError(error);
  return `Error: ${status ?? 'Network'} - ${message}`;
}

function messageOfBody(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: string; detail?: string; errors?: { message?: string }[] };
    return body.errors?.[0]?.message || body.message || body.detail || undefined;
  } catch {
    return undefined;
  }
}
