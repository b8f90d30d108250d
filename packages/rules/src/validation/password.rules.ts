import type { Rule } from './rules';

/**
 * The one password policy, shape half: text, at least 8 and at most 128 characters (so any
 * passphrase of 64 fits), no control characters, counted as typed (spaces are part of a password).
 * Dependency-free so the client shows the same messages; the common-password half stays on the server
 * (modules/auth/password-policy.ts) with its list.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const CONTROL = /[\u0000-\u001f\u007f]/;

export const passwordShape =
  (label: string): Rule =>
  (v) => {
    if (v === null || v === undefined || v === '') return null; // required() answers for a missing one
    if (typeof v !== 'string') return `${label} must be text.`;
    const length = [...v].length;
    if (length < PASSWORD_MIN) return `${label} must be at least ${PASSWORD_MIN} characters`;
    if (length > PASSWORD_MAX) return `${label} must be at most ${PASSWORD_MAX} characters`;
    if (CONTROL.test(v)) return `${label} must not contain control characters.`;
    return null;
  };
