import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearerTokenFrom, issueRealtimeToken, verifyRealtimeToken } from "./staff-token.ts";

const SECRET = "a-session-secret-of-at-least-32-chars!!";
const NOW = new Date("2030-01-01T12:00:00Z");
const claims = { userId: 7, vendorId: 3, sessionId: "ab".repeat(32) };

describe("realtime staff tokens", () => {
  it("round-trips the claims, with a 12-hour expiry by default", () => {
    const token = issueRealtimeToken(SECRET, claims, NOW);
    const check = verifyRealtimeToken(SECRET, token, NOW);
    expect(check).toEqual({
      ok: true,
      claims: { ...claims, exp: NOW.getTime() / 1000 + 12 * 3600 },
    });
  });

  it("is a standard HS256 JWT that names its audience", () => {
    const token = issueRealtimeToken(SECRET, claims, NOW);
    const [header, payload] = token.split(".") as [string, string];
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({
      aud: "nextline-realtime",
      userId: claims.userId,
      vendorId: claims.vendorId,
      sid: claims.sessionId,
      exp: NOW.getTime() / 1000 + 12 * 3600,
      iat: NOW.getTime() / 1000,
    });
  });

  it("refuses a token once it has expired", () => {
    const token = issueRealtimeToken(SECRET, { ...claims, exp: NOW.getTime() / 1000 + 60 }, NOW);
    expect(verifyRealtimeToken(SECRET, token, new Date(NOW.getTime() + 59_000)).ok).toBe(true);
    expect(verifyRealtimeToken(SECRET, token, new Date(NOW.getTime() + 60_000))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a token signed with another secret or with altered claims", () => {
    const token = issueRealtimeToken(SECRET, claims, NOW);
    expect(verifyRealtimeToken(`${SECRET}x`, token, NOW)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    const [header, , signature] = token.split(".");
    const raised = Buffer.from(
      JSON.stringify({ aud: "nextline-realtime", ...claims, userId: 8, exp: 2e9 }),
    ).toString("base64url");
    expect(verifyRealtimeToken(SECRET, `${header}.${raised}.${signature}`, NOW)).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  it("is not forged by signing with SESSION_SECRET itself (the key is derived)", () => {
    const token = issueRealtimeToken(SECRET, claims, NOW);
    const [header, payload] = token.split(".");
    const direct = createHmac("sha256", SECRET).update(`${header}.${payload}`).digest("base64url");
    expect(verifyRealtimeToken(SECRET, `${header}.${payload}.${direct}`, NOW).ok).toBe(false);
  });

  it("refuses malformed tokens, other algorithms and tokens that name no session", () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.e30.`;
    expect(verifyRealtimeToken(SECRET, none, NOW)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyRealtimeToken(SECRET, "not-a-token", NOW)).toEqual({
      ok: false,
      reason: "malformed",
    });
    const noSession = issueRealtimeToken(SECRET, { ...claims, sessionId: "" }, NOW);
    expect(verifyRealtimeToken(SECRET, noSession, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("reads the token from a Bearer Authorization header only", () => {
    expect(bearerTokenFrom("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerTokenFrom("bearer  abc")).toBe("abc");
    expect(bearerTokenFrom("Basic abc")).toBeUndefined();
    expect(bearerTokenFrom(undefined)).toBeUndefined();
  });
});
