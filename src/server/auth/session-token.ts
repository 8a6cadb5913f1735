// Session and reset tokens: 32 random bytes for the client, only their sha256 in the database, so a
// leaked table cannot be replayed. Lifetimes of a staff session live here too (see ADR 0006).
import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "nl_session";
/** A session dies after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** A new unguessable token, URL-safe (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token: hex sha256. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The idle deadline of a session seen at `seenAt`, never past its absolute end. */
export function sessionExpiry(createdAt: Date, seenAt: Date): Date {
  const idle = seenAt.getTime() + SESSION_IDLE_MS;
  const absolute = createdAt.getTime() + SESSION_ABSOLUTE_MS;
  return new Date(Math.min(idle, absolute));
}
