// Anti-forgery for the internal API. With a session: the X-CSRF-Token header must carry
// HMAC(SESSION_SECRET, session id), so nothing extra is stored. Before a session exists (sign-in,
// password reset): the Origin must be our own (see ADR 0006).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

export const CSRF_HEADER = "x-csrf-token";

export function staffCsrfToken(secret: string, sessionId: string): string {
  return createHmac("sha256", secret).update(`nl-staff-csrf:${sessionId}`).digest("base64url");
}

export function isValidStaffCsrfToken(secret: string, sessionId: string, given: unknown): boolean {
  if (typeof given !== "string" || given.length === 0 || given.length > 128) return false;
  const expected = Buffer.from(staffCsrfToken(secret, sessionId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * False when the browser says the request comes from another site: its Origin (or, lacking one,
 * its Referer) is neither this host nor PUBLIC_URL. Browsers send Origin on every POST, PUT, PATCH
 * and DELETE, so a request with neither header is not a browser's and cannot be a forged one.
 */
export function isSameOriginRequest(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  let claimed: string;
  if (typeof origin === "string") claimed = origin;
  else if (typeof referer === "string") claimed = originOf(referer) ?? "null";
  else return true;
  const own = [`${request.protocol}://${request.host}`.toLowerCase(), originOf(publicUrl)];
  return own.includes(claimed.toLowerCase());
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return undefined;
  }
}
