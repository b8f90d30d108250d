import type { FieldValues, Resolver, UseFormSetError, Path } from 'react-hook-form';
import { describeError } from '../app/api-errors';

/**
 * A react-hook-form resolver over one of the shared validation functions the server runs too
 * (`gateway/src/shared/validation/*.rules.ts`: values -> {field: message}).
 */
export function rulesResolver<T extends FieldValues>(check: (values: T) => Record<string, string>): Resolver<T> {
  return (values) => {
    const problems = check(values);
    const fields = Object.keys(problems);
    if (!fields.length) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const f of fields) errors[f] = { type: 'rule', message: problems[f] };
    return { values: {}, errors: errors as never };
  };
}

/** Places the API's per-field messages (REST `fields`, GraphQL `extensions.fields`) on the form; true if any. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): boolean {
  const fields = describeError(error).fields;
  if (!fields) return false;
  let placed = false;
  for (const [name, message] of Object.entries(fields)) {
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
