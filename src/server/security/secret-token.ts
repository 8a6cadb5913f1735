// Random secrets carried in links (a TV board's link token): 192 bits from the CSPRNG, URL-safe,
// compared in constant time whatever their lengths.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function generateSecretToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Whether `given` is the stored secret, in constant time: both are hashed first, so neither the
 * content nor the length of the stored one leaks. No stored secret matches nothing.
 */
export function secretTokenMatches(stored: string | null | undefined, given: string | undefined) {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  const same = timingSafeEqual(digest(stored ?? "\u0000none"), digest(given ?? "\u0000absent"));
  return same && typeof stored === "string" && stored !== "" && given !== undefined;
}
