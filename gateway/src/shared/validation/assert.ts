import { DomainError } from '../errors';
import { type RuleSet, validate } from './rules';

/** Server side of a rule set: a 400 with `{message, fields}` when anything fails. */
export function assertValid(rules: RuleSet, input: Record<string, unknown>): void {
  const fields = validate(rules, input);
  const names = Object.keys(fields);
  if (names.length > 0) throw new DomainError('VALIDATION', fields[names[0]], fields);
}
