// Password hashing for staff sign-in: argon2id with the OWASP-recommended parameters
// (19 MiB memory, 2 passes, 1 lane), stored as a self-describing PHC string.
import { type Algorithm, hash, verify } from "@node-rs/argon2";

// The package declares Algorithm as an ambient const enum, which isolatedModules cannot read;
// 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** An argon2id PHC string ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") with a fresh random salt. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, PASSWORD_HASH_OPTIONS);
}

/**
 * True when `plain` matches `stored`. A missing or malformed stored hash is a plain "no", so a
 * user without a password (or with a corrupted row) simply cannot sign in.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  plain: string,
): Promise<boolean> {
  if (!stored?.startsWith("$argon2")) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
