// The dead-letter list for the platform's operator: durable jobs that failed every retry, with
// their last error, and a retry that puts one back on its handler's queue.
// GET /api/internal/v1/jobs/dead, POST /api/internal/v1/jobs/dead/{id}/retry (platform admins).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deadJobListSchema, deadJobParams } from "../../shared/contracts/dead-job.ts";
import { requireStaff } from "../auth/require-staff.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/jobs/dead",
    {
      preHandler: requireStaff("platform.manage"),
      schema: {
        tags: ["jobs"],
        summary: "Durable jobs that failed every retry, newest first (platform admins)",
        response: {
          200: deadJobListSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async (_request, reply) => {
      const dead = await app.jobs.listDead();
      reply.type(JSON_API);
      return {
        data: dead.map((job) => ({
          type: "dead_jobs" as const,
          id: job.id,
          attributes: {
            queue: job.queue,
            event_id: job.eventId,
            event_type: job.eventType,
            failed_at: job.failedAt,
            attempts: job.attempts,
            error: job.error,
          },
        })),
      };
    },
  );

  app.post(
    "/jobs/dead/:id/retry",
    {
      preHandler: requireStaff("platform.manage"),
      schema: {
        tags: ["jobs"],
        summary: "Put a dead job back on its handler's queue (platform admins)",
        params: deadJobParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      if (!(await app.jobs.retryDead(request.params.id))) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
