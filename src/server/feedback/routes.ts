// POST /api/v3/open/walkin-feedback (spec §7): {queue_appointment, code, experience, rating}.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { resourceIdValue } from "../../shared/contracts/resource-id.ts";
import { MAX_EXPERIENCE_LENGTH, ratingSchema } from "../../shared/queue/feedback-schema.ts";
import { storableText } from "../../shared/queue/storable-text.ts";
import { requireCsrfToken } from "../http/csrf.ts";
import { errorResponses } from "../http/json-api.ts";
import { lookupRateLimit } from "../http/rate-limit.ts";
import { recordFeedback } from "./record-feedback.ts";

const feedbackBody = z
  .object({
    queue_appointment: resourceIdValue.describe("the queue appointment id"),
    code: z.string().max(200).describe("its confirm code"),
    rating: ratingSchema.describe("0 to 5 in half steps"),
    experience: storableText(MAX_EXPERIENCE_LENGTH).nullish(),
  })
  .strict();

const feedbackDocument = z.object({
  data: z.object({
    type: z.literal("feedback"),
    id: z.string(),
    attributes: z.object({
      rating: z.number(),
      experience: z.string().nullable(),
      created: z.string(),
    }),
  }),
});

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/walkin-feedback",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["feedback"],
        summary: "Rate a completed visit, once",
        body: feedbackBody,
        response: { 201: feedbackDocument, ...errorResponses(400, 403, 404, 409, 415, 422, 429) },
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
