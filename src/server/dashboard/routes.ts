// GET /api/internal/v1/dashboard: today's figures (or another day's) for each location the caller
// may see. Live: the lobby refetches it when realtime announces a change of a location's line.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardDocumentSchema, dashboardQuerySchema } from "../../shared/contracts/dashboard.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { pathId } from "../lobby/find-staff-location.ts";
import { loadDashboard } from "./load-dashboard.ts";

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard",
    {
      preHandler: requireStaff("dashboard.view"),
      schema: {
        tags: ["dashboard"],
        summary:
          "A day per location: waiting, in progress, served, no-shows, waits, quote accuracy",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { date, location_id } = request.query;
      reply.type(JSON_API);
      return loadDashboard(app.database.db, {
        staff: staffOf(request),
        date,
        ...(location_id === undefined ? {} : { locationId: pathId(location_id) }),
      });
    },
  );
};
