// The staff session cookie: httpOnly, SameSite=Lax, and Secure whenever the site is served over
// HTTPS (the request says so, trusting X-Forwarded-Proto only with TRUST_PROXY, or PUBLIC_URL does).
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./session-token.ts";

export function isSecureRequest(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === "https" || publicUrl.startsWith("https:");
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  publicUrl: string,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request, publicUrl),
    path: "/",
    // The browser may keep it for the absolute lifetime; the server enforces the idle expiry.
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request, publicUrl),
    path: "/",
  });
}
