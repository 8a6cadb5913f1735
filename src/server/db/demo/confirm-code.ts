// Confirm codes for the demo's queue places: 80 random bits from the CSPRNG written as 16
// characters of Crockford base32 (no I, L, O or U, so codes read aloud and type back cleanly).
import { randomBytes } from "node:crypto";

const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function generateConfirmCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let shift = 75n; shift >= 0n; shift -= 5n)
    code += CROCKFORD_BASE32[Number((bits >> shift) & 31n)];
  return code;
}
