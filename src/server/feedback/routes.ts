// POST /api/v3/open/walkin-feedback (spec §7): {queue_appointment, code, experience, rating}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  feedbackBodySchema,
  feedbackDocumentSchema,
} from "../../shared/contracts/walkin-feedback.ts";
import { requireCsrfToken } from "../http/csrf.ts";
import { errorResponses } from "../http/json-api.ts";
import { lookupRateLimit } from "../http/rate-limit.ts";
import { recordFeedback } from "./record-feedback.ts";

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/walkin-feedback",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["feedback"],
        summary: "Rate a completed visit, once",
        body: feedbackBodySchema,
        response: {
          201: feedbackDocumentSchema,
          ...errorResponses(400, 403, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const row = await recordFeedback({
        db: app.database.db,
        vendor,
        queueAppointmentId: request.body.queue_appointment,
        confirmCode: request.body.code,
        rating: request.body.rating,
        experience: request.body.experience,
      });
      reply.code(201);
      return {
        data: {
          type: "feedback" as const,
          id: String(row.id),
          attributes: {
            rating: row.ratingHalves / 2,
            experience: row.experience,
            created: row.createdAt.toISOString(),
          },
        },
      };
    },
  );
};
