import { DomainError } from '../../shared/errors';

/** Throws the 400 `{message, fields}` for a form's field errors (message = the first one). */
export function assertFields(fields: Record<string, string>): void {
  const names = Object.keys(fields);
  if (names.length > 0) throw new DomainError('VALIDATION', fields[names[0]], fields);
}
