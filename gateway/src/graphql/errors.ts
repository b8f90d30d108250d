import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, httpStatusOf } from '../shared/errors';
import { NOT_TEXT } from '../shared/input';

/**
 * graphql-js refuses a wrong-typed variable before any resolver runs, naming the spot only in its message:
 * `Variable "$input" got invalid value {...} at "input.agency_name"; String cannot represent ...`.
 * The greedy match takes the last ` at "..."; ` (the value's own quotes are escaped, so it cannot fake one).
 */
const VARIABLE_AT = /^Variable "\$\w+" got invalid value .* at "\w+(?:\.\w+|\[\d+\])*?\.(\w+)(?:\[\d+\])?"; (.*)$/s;

/** A wrong-typed input field as the same 400 `fields` a service answers: `String!` wants text, like the REST kit. */
function variableFieldError(formatted: GraphQLFormattedError): GraphQLFormattedError | null {
  if (formatted.extensions?.code !== 'BAD_USER_INPUT') return null;
  const m = VARIABLE_AT.exec(formatted.message);
  if (!m) return null;
  const [, field, reason] = m;
  const message = reason.startsWith('String cannot represent') ? NOT_TEXT(field) : `${field}: ${reason}`;
  return {
    message,
    locations: formatted.locations,
    extensions: { code: 'BAD_USER_INPUT', status: 400, fields: { [field]: message } },
  };
}

/** DomainError -> extensions {code, status, fields}; unexpected errors are masked. */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof DomainError) {
    return {
      ...formatted,
      message: original.message,
      extensions: {
        code: original.code,
        status: httpStatusOf[original.code],
        ...(original.fields ? { fields: original.fields } : {}),
      },
    };
  }
  const typed = variableFieldError(formatted);
  if (typed) return typed;
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR' || (!code && original)) {
    return {
      message: 'An unexpected error occurred.',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  }
  return formatted;
}
