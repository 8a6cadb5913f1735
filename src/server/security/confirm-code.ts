// Confirm codes: the secret that lets a visitor see, cancel or convert their queue place.
// 80 bits from the CSPRNG as 16 Crockford base32 characters (no I, L, O, U: easy to read aloud).
import { createHash, randomFillSync, timingSafeEqual } from "node:crypto";

const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CONFIRM_CODE_LENGTH = 16;

/**
 * CSPRNG bytes drawn a few kilobytes at a time (one call to the generator per 256 codes, not one
 * per join) and used once each, in order.
 */
const pool = Buffer.alloc(CONFIRM_CODE_LENGTH * 256);
let used = pool.length;

export function generateConfirmCode(): string {
  if (used + CONFIRM_CODE_LENGTH > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let code = "";
  // Each character takes the low 5 bits of its own byte: 256 is a multiple of 32, so every
  // character is uniform and the code carries 16 × 5 = 80 bits.
  for (let i = 0; i < CONFIRM_CODE_LENGTH; i++) code += CROCKFORD_BASE32[pool[used + i]! & 31];
  pool.fill(0, used, used + CONFIRM_CODE_LENGTH); // an issued code's bytes do not linger
  used += CONFIRM_CODE_LENGTH;
  return code;
}

/** How a typed code is read: case and hyphens do not matter, and I/L/O read as 1/1/0 (Crockford). */
export function normaliseConfirmCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
}

/**
 * Compares a typed code with the stored one in constant time. With no stored code (no such
 * appointment) it still does the same work, so a wrong id and a wrong code look alike.
 */
export function confirmCodeMatches(stored: string | null | undefined, typed: string): boolean {
  const expected = createHash("sha256")
    .update(stored ?? "\u0000no-appointment")
    .digest();
  const actual = createHash("sha256").update(normaliseConfirmCode(typed)).digest();
  return timingSafeEqual(expected, actual) && stored !== null && stored !== undefined;
}
