// The signed-in staff member's own view of itself: GET /api/internal/v1/me.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { meAnswerSchema } from "../../shared/contracts/me.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { staffCsrfToken } from "../auth/staff-csrf.ts";
import { issueStaffRealtimeToken } from "../realtime/staff-token.ts";
import { presentMe } from "./present-me.ts";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me",
    {
      preHandler: requireStaff("account.self"),
      schema: {
        tags: ["internal"],
        summary: "The signed-in user, role, vendor, locations, permissions and realtime token",
        response: { 200: meAnswerSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const realtime = issueStaffRealtimeToken(app.config.SESSION_SECRET, staff);
      return {
        data: await presentMe(app.database.db, staff, realtime),
        csrf_token: staffCsrfToken(app.config.SESSION_SECRET, staff.sessionId),
      };
    },
  );
};
