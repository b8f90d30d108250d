import { randomBytes, createHash } from 'node:crypto';

/** Random unguessable key of letters, digits, - and _ (base64url); 16 bytes = 128 bits. */
export const randomKey = (bytes = 16): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
