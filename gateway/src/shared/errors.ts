/** Domain errors: services throw these; each transport maps the code to its own shape. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAVAILABLE';

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNAVAILABLE: 503,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Per-field messages (spec 5), keyed by the API's field name. */
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new DomainError(fields ? 'VALIDATION' : 'BAD_REQUEST', message, fields);
export const unauthenticated = (message = 'Authentication required.') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this.') => new DomainError('FORBIDDEN', message);
/** Also the answer for another tenant's record: no existence leak (spec 8). */
export const notFound = (what = 'Record') => new DomainError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
