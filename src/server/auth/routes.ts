// Staff sign-in, sign-out and password reset under /api/internal/v1. Thin: validate, call the
// command, answer. The session hook and CSRF check live in staff-session-plugin.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { meAnswerSchema } from "../../shared/contracts/me.ts";
import {
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
} from "../../shared/contracts/password-reset.ts";
import { signInBodySchema } from "../../shared/contracts/session.ts";
import type { StaffSessionRevocation } from "../realtime/staff-session-revocations.ts";
import { issueStaffRealtimeToken } from "../realtime/staff-token.ts";
import { presentMe } from "../staff/present-me.ts";
import { completePasswordReset, requestPasswordReset } from "./password-resets.ts";
import { requireStaff, signInRequired, staffOf } from "./require-staff.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";
import { signIn } from "./sign-in.ts";
import { memoryAttemptStore, redisAttemptStore } from "./sign-in-attempt-store.ts";
import { createSignInThrottle } from "./sign-in-throttle.ts";
import { staffCsrfToken } from "./staff-csrf.ts";
import {
  createStaffSession,
  loadStaffSession,
  revokeAllSessions,
  revokeSession,
} from "./staff-sessions.ts";

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sign-ins and password-reset requests per client IP and minute (shared across nodes when the app
   * keeps its rate counts in Redis); the per-account throttle is sign-in-throttle.ts.
   */
  const SIGN_IN_RATE_LIMIT = { max: app.config.RATE_LIMIT_SIGN_IN_PER_MINUTE, timeWindow: 60_000 };
  const { db } = app.database;
  const { PUBLIC_URL, SESSION_SECRET } = app.config;
  // In the rate-limit store: Redis shared by every node when configured, else this node's memory.
  const throttle = createSignInThrottle(
    app.rateLimitRedis ? redisAttemptStore(app.rateLimitRedis) : memoryAttemptStore(),
    app.log,
  );
  // Ends the realtime subscriptions of revoked sessions on every node (the token names its session).
  const revoked = (revocation: StaffSessionRevocation) =>
    app.staffSessionRevocations.announce(revocation);

  app.post(
    "/session",
    {
      config: { preSession: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags: ["internal"],
        summary: "Sign in",
        body: signInBodySchema,
        response: { 200: meAnswerSchema },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const user = await signIn(db, throttle, {
        ...request.body,
        vendorId: vendor.id,
        clientAddress: request.ip,
      });
      // Signing in over a live session replaces it rather than leaving it behind, orphaned.
      if (request.staff) await revokeSession(db, request.staff.sessionId);
      if (request.staff) await revoked({ sessionId: request.staff.sessionId });
      const session = await createStaffSession(db, {
        userId: user.id,
        vendorId: vendor.id,
        userAgent: request.headers["user-agent"],
      });
      const staff = await loadStaffSession(db, { token: session.token, vendorId: vendor.id });
      if (!staff) throw signInRequired();
      setSessionCookie(request, reply, session.token, PUBLIC_URL);
      const realtime = issueStaffRealtimeToken(SESSION_SECRET, staff);
      return {
        data: await presentMe(db, staff, realtime),
        csrf_token: staffCsrfToken(SESSION_SECRET, staff.sessionId),
      };
    },
  );

  app.delete(
    "/session",
    {
      preHandler: requireStaff("account.self"),
      schema: { tags: ["internal"], summary: "Sign out" },
    },
    async (request, reply) => {
      await revokeSession(db, staffOf(request).sessionId);
      await revoked({ sessionId: staffOf(request).sessionId });
      clearSessionCookie(request, reply, PUBLIC_URL);
      return reply.code(204).send();
    },
  );

  app.delete(
    "/sessions",
    {
      preHandler: requireStaff("account.self"),
      schema: { tags: ["internal"], summary: "Sign out of every session of the account" },
    },
    async (request, reply) => {
      await revokeAllSessions(db, staffOf(request).user.id);
      await revoked({ userId: staffOf(request).user.id });
      clearSessionCookie(request, reply, PUBLIC_URL);
      return reply.code(204).send();
    },
  );

  app.post(
    "/password-resets",
    {
      config: { preSession: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags: ["internal"],
        summary: "Ask for a password reset link (always 202: no account enumeration)",
        body: passwordResetRequestBodySchema,
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      await requestPasswordReset(db, app.jobs, {
        email: request.body.email,
        vendorId: vendor.id,
        requestHost: request.host,
      });
      return reply.code(202).send();
    },
  );

  app.post(
    "/password-resets/:token",
    {
      config: { preSession: true, rateLimit: SIGN_IN_RATE_LIMIT },
      schema: {
        tags: ["internal"],
        summary: "Set a new password with a reset token",
        params: z.object({ token: z.string().max(200) }),
        body: passwordResetBodySchema,
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const { email, userId } = await completePasswordReset(db, {
        token: request.params.token,
        password: request.body.password,
        vendorId: vendor.id,
      });
      await throttle.passwordReset({ email, clientAddress: request.ip, now: new Date() });
      await revoked({ userId });
      return reply.code(204).send();
    },
  );
};
