import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../shared/errors';
import { passwordShape } from '@infinitum/rules';

/** How many of the most common passwords are refused (the 10,000 most common). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

// zxcvbn-ts's frequency-ranked list of leaked passwords, offline; built once, on first use.
let common: Set<string> | undefined;
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase())));

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

export const TOO_COMMON = (label: string) =>
  `${label} is one of the most common passwords; please choose one that is harder to guess`;

/**
 * Every password set anywhere (a direct user, an invitation's set-password link, a reset) goes through
 * this: the shape rule shared with the client, then the common-password list, case-insensitively.
 * Answers the 400 naming the field.
 */
export function assertPasswordAllowed(value: unknown, field: string, label: string): string {
  const shape = passwordShape(label)(value);
  if (shape) throw badRequest(shape, { [field]: shape });
  if (typeof value !== 'string' || value === '') {
    const message = `${label} is required`;
    throw badRequest(message, { [field]: message });
  }
  if (isCommonPassword(value)) throw badRequest(TOO_COMMON(label), { [field]: TOO_COMMON(label) });
  return value;
}
