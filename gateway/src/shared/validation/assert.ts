import { DomainError } from '../errors';
import { type RuleSet, validate } from '@infinitum/rules';

/** Throws the 400 `{message, fields}` for a form's field errors (message = the first one); nothing when empty. */
export function assertFields(fields: Record<string, string>): void {
  const names = Object.keys(fields);
  if (names.length > 0) throw new DomainError('VALIDATION', fields[names[0]], fields);
}

/** Server side of a rule set: a 400 with `{message, fields}` when anything fails. */
export function assertValid(rules: RuleSet, input: Record<string, unknown>): void {
  assertFields(validate(rules, input));
}
