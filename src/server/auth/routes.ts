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
import { issueStaffRealtimeToken } from "../realtime/staff-token.ts";
import { presentMe } from "../staff/present-me.ts";
import { passwordResetLink } from "./password-reset-link.ts";
import { completePasswordReset, requestPasswordReset } from "./password-resets.ts";
import { requireStaff, signInRequired, staffOf } from "./require-staff.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";
import { signIn } from "./sign-in.ts";
import { staffCsrfToken } from "./staff-csrf.ts";
import {
  createStaffSession,
  loadStaffSession,
  revokeAllSessions,
  revokeSession,
} from "./staff-sessions.ts";

/** Per IP (shared across nodes when the app keeps its rate counts in Redis); the account lockout is in the database. */
export const SIGN_IN_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { PUBLIC_URL, SESSION_SECRET } = app.config;

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
      const user = await signIn(db, { ...request.body, vendorId: vendor.id });
      // Signing in over a live session replaces it rather than leaving it behind, orphaned.
      if (request.staff) await revokeSession(db, request.staff.sessionId);
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
      await requestPasswordReset(
        db,
        { email: request.body.email, vendorId: vendor.id },
        async (delivery) => {
          const link = await passwordResetLink(db, {
            requestHost: request.host,
            vendorId: vendor.id,
            publicUrl: PUBLIC_URL,
            token: delivery.token,
          });
          // Until notifications exist the link is delivered to the log, for the operator to pass on.
          request.log.info({ userId: delivery.userId, resetLink: link }, "password reset link");
        },
      );
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
      await completePasswordReset(db, {
        token: request.params.token,
        password: request.body.password,
        vendorId: vendor.id,
      });
      return reply.code(204).send();
    },
  );
};
