// POST /api/v2/open/analytics-events: page views and booking success/failure events sent by the
// web app (spec §7 "Analytics page views and booking success/failure events are sent").
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { storableText } from "../../shared/queue/storable-text.ts";
import { analyticsEvents } from "../db/schema.ts";
import { requireCsrfToken } from "../http/csrf.ts";
import { errorResponses } from "../http/json-api.ts";
import { lookupRateLimit } from "../http/rate-limit.ts";

export const ANALYTICS_EVENT_NAMES = ["page_view", "booking_success", "booking_failure"] as const;

// storableText: jsonb cannot hold U+0000 or a lone surrogate, which would otherwise be a 500.
const propertyValue = z.union([storableText(200), z.number().finite(), z.boolean(), z.null()]);

const eventBody = z
  .object({
    data: z
      .object({
        type: z.literal("analytics-events"),
        attributes: z
          .object({
            name: z.enum(ANALYTICS_EVENT_NAMES),
            properties: z
              .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), propertyValue)
              .refine((p) => Object.keys(p).length <= 20, "Errors.invalid_value")
              .default({}),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/analytics-events",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["analytics"],
        summary: "Record a page view or a booking success or failure",
        body: eventBody,
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
