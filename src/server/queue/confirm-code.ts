// Confirm codes: the secret that lets a visitor see, cancel or convert their queue place.
// 80 bits from the CSPRNG as 16 Crockford base32 characters (no I, L, O, U: easy to read aloud).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CONFIRM_CODE_LENGTH = 16;

export function generateConfirmCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let shift = 75n; shift >= 0n; shift -= 5n)
    code += CROCKFORD_BASE32[Number((bits >> shift) & 31n)];
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
