// Anti-forgery for state-changing open calls (spec §6): GET /api/v2/open/vendor hands out a token,
// every POST/PATCH must echo it in X-CSRF-Token. The secret sits in a cookie signed with
// SESSION_SECRET, so any node can check it. A missing or wrong token is a 403 csrf_invalid. The
// secret also tells one visitor's browser from another (openCallerOf).
import { createHash } from "node:crypto";
import csrfProtection from "@fastify/csrf-protection";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "./app-error.ts";

export const CSRF_COOKIE = "nl_csrf";
export const CSRF_HEADER = "x-csrf-token";

export async function registerCsrfProtection(
  app: FastifyInstance,
  config: Pick<Config, "PUBLIC_URL">,
) {
  const secure = config.PUBLIC_URL.startsWith("https:");
  await app.register(csrfProtection, {
    sessionPlugin: "@fastify/cookie",
    cookieKey: CSRF_COOKIE,
    // SameSite=None over HTTPS so the embedded view (an iframe on the vendor's site) keeps working;
    // the token in the header, not the cookie, is what a forged request cannot produce.
    cookieOpts: {
      path: "/",
      httpOnly: true,
      signed: true,
      secure,
      sameSite: secure ? "none" : "lax",
    },
    getToken: (request) => {
      const token = request.headers[CSRF_HEADER];
      return typeof token === "string" ? token : undefined;
    },
  });
}

/** Route hook (onRequest or preHandler) refusing a request without a valid token. */
export function requireCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  request.server.csrfProtection(request, reply, done);
}

/** A token for the page's initial state; sets the secret cookie on first use. */
export function issueCsrfToken(reply: FastifyReply): string {
  return reply.generateCsrf();
}

/**
 * Who an open call comes from: the browser holding this CSRF secret (a page session; every open
 * state-changing call has one, or requireCsrfToken refused it). A digest, never the secret itself,
 * so what is stored with an Idempotency-Key cannot forge a token.
 */
export function openCallerOf(request: FastifyRequest): string {
  const signed = request.cookies[CSRF_COOKIE];
  const secret = signed ? request.unsignCookie(signed) : null;
  if (!secret?.valid || !secret.value) {
    throw new AppError("forbidden", { code: "csrf_invalid", messageId: "Errors.csrf" });
  }
  return `csrf:${createHash("sha256").update(secret.value).digest("base64url")}`;
}
