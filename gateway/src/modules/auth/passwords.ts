import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm; 19 MiB, t=2: OWASP's minimum for argon2id). */
export const hashPassword = (password: string): Promise<string> => hash(password);

// A real hash to verify against when the email is unknown, so both answers take as long.
let decoy: Promise<string> | undefined;

/** True when the password matches; an absent hash is checked against a decoy and fails. */
export async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-never-used');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
