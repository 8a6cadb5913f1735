// POST /api/v2/open/analytics-events: page views and booking success/failure events sent by the
// web app (spec §7 "Analytics page views and booking success/failure events are sent").
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { analyticsEventDocumentSchema } from "../../shared/contracts/analytics-event.ts";
import { analyticsEvents } from "../db/schema.ts";
import { requireCsrfToken } from "../http/csrf.ts";
import { errorResponses } from "../http/json-api.ts";
import { lookupRateLimit } from "../http/rate-limit.ts";

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/analytics-events",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["analytics"],
        summary: "Record a page view or a booking success or failure",
        body: analyticsEventDocumentSchema,
        response: { 204: z.null(), ...errorResponses(400, 403, 404, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const { name, properties } = request.body.data.attributes;
      await app.database.db
        .insert(analyticsEvents)
        .values({ vendorId: vendor.id, name, properties });
      return reply.code(204).send(null);
    },
  );
};
