import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, httpStatusOf } from '../shared/errors';

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
