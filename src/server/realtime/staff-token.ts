// The bearer token that authorises private staff channels (spec §6: "realtime auth uses a bearer
// token from initial state"). A JWT (HS256) so any JWT library can read it; the key is derived
// from SESSION_SECRET, so no other signature made with the secret (signed cookies) can pass as one.
// It names the server-side session (`sid`): every subscribe checks that session, so the token is
// worth nothing once its session ends, and role and locations are read afresh, never from the token.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const REALTIME_TOKEN_AUDIENCE = "nextline-realtime";
/** default lifetime; the page fetches a fresh token with its initial state */
export const REALTIME_TOKEN_TTL_SECONDS = 12 * 60 * 60;

export type RealtimeTokenClaims = {
  userId: number;
  /** the vendor the session acts in */
  vendorId: number;
  /** sessions.id of the staff session the token was issued to (JWT `sid`) */
  sessionId: string;
  /** expiry, seconds since the epoch (JWT `exp`) */
  exp: number;
};

export type RealtimeTokenCheck =
  | { ok: true; claims: RealtimeTokenClaims }
  | { ok: false; reason: "malformed" | "bad_signature" | "expired" };

const HEADER = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
const id = z.number().int().positive().max(2_147_483_647);

const claimsSchema = z.object({
  aud: z.literal(REALTIME_TOKEN_AUDIENCE),
  userId: id,
  vendorId: id,
  sid: z.string().regex(/^[0-9a-f]{64}$/),
  exp: z.number().int().positive(),
  iat: z.number().int().positive().optional(),
});

/** Signs `claims`; `exp` defaults to now + 12 h. */
export function issueRealtimeToken(
  secret: string,
  claims: Omit<RealtimeTokenClaims, "exp"> & { exp?: number },
  now: Date = new Date(),
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const body = {
    aud: REALTIME_TOKEN_AUDIENCE,
    userId: claims.userId,
    vendorId: claims.vendorId,
    sid: claims.sessionId,
    exp: claims.exp ?? iat + REALTIME_TOKEN_TTL_SECONDS,
    iat,
  };
  const signingInput = `${HEADER}.${base64url(JSON.stringify(body))}`;
  return `${signingInput}.${sign(secret, signingInput).toString("base64url")}`;
}

/** Who a token is for: a signed-in staff member's session. */
export type RealtimeTokenHolder = {
  user: { id: number };
  vendorId: number;
  sessionId: string;
};

/** A token for a staff member's private channels, with its expiry as GET /me shows it. */
export function issueStaffRealtimeToken(
  secret: string,
  holder: RealtimeTokenHolder,
  now: Date = new Date(),
): { token: string; expires_at: string } {
  const exp = Math.floor(now.getTime() / 1000) + REALTIME_TOKEN_TTL_SECONDS;
  const token = issueRealtimeToken(
    secret,
    {
      userId: holder.user.id,
      vendorId: holder.vendorId,
      sessionId: holder.sessionId,
      exp,
    },
    now,
  );
  return { token, expires_at: new Date(exp * 1000).toISOString() };
}

/** Checks the signature, the audience and the expiry; says why a token is refused. */
export function verifyRealtimeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): RealtimeTokenCheck {
  if (typeof token !== "string" || token.length > 100_000)
    return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: "malformed" };
  const [header, payload, signature] = parts as [string, string, string];
  // Compared as text, so only the one canonical encoding of the signature passes.
  const given = Buffer.from(signature, "utf8");
  const expected = Buffer.from(sign(secret, `${header}.${payload}`).toString("base64url"), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: "bad_signature" };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const { userId, vendorId, sid, exp } = parsed.data;
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, claims: { userId, vendorId, sessionId: sid, exp } };
}

/** Reads "Bearer <token>" from an Authorization header value. */
export function bearerTokenFrom(header: unknown): string | undefined {
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

function sign(secret: string, input: string): Buffer {
  const key = createHmac("sha256", secret).update("nextline realtime token key v1").digest();
  return createHmac("sha256", key).update(input).digest();
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
