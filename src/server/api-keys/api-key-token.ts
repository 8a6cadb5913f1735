// An API key's token: "nlk_", 12 random characters that are its public prefix (unique, listed,
// looked up by), then the secret, 32 random bytes in base64url. Only the SHA-256 of the whole
// token is stored, so a leaked table cannot be replayed.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  API_KEY_PREFIX_LENGTH,
  API_KEY_SECRET_LENGTH,
  API_KEY_TOKEN_START,
} from "../../shared/contracts/api-key.ts";

const TOKEN_LENGTH = API_KEY_PREFIX_LENGTH + API_KEY_SECRET_LENGTH;
const TOKEN_SHAPE = new RegExp(`^${API_KEY_TOKEN_START}[A-Za-z0-9_-]{${TOKEN_LENGTH - 4}}$`);

export function newApiKeyToken(): { token: string; prefix: string; secretHash: string } {
  // 9 random bytes are exactly 12 base64url characters: 72 bits, so two keys sharing a prefix is
  // beyond likely; the unique index would refuse it rather than let a lookup find two.
  const prefix = API_KEY_TOKEN_START + randomBytes(9).toString("base64url");
  const token = prefix + randomBytes(32).toString("base64url");
  return { token, prefix, secretHash: hashApiKeyToken(token) };
}

export function hashApiKeyToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The prefix of a well-formed token, or null for anything that cannot be one of our keys. */
export function apiKeyPrefixOf(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? token.slice(0, API_KEY_PREFIX_LENGTH) : null;
}

/** Whether the token hashes to the stored hash, compared in constant time. */
export function apiKeyMatches(token: string, secretHash: string): boolean {
  const expected = Buffer.from(secretHash, "hex");
  const actual = createHash("sha256").update(token).digest();
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
