// GET /api/v2/open/questions (spec §7): the vendor's custom questions, or with
// filter[matching]={serviceId} those asked for that service, translated per Accept-Language.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { questionListDocumentSchema } from "../../shared/contracts/question.ts";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import { services } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { loadQuestions } from "./load-questions.ts";
import { presentQuestion } from "./present-question.ts";

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/questions",
    {
      schema: {
        tags: ["questions"],
        summary: "Custom questions, all or those asked for one service",
        querystring: z.object({
          "filter[matching]": resourceIdString.optional().describe("a service id"),
        }),
        response: {
          200: questionListDocumentSchema,
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const serviceId = request.query["filter[matching]"];
      if (serviceId !== undefined) {
        const [service] = await db
          .select({ id: services.id })
          .from(services)
          .where(
            and(
              eq(services.id, serviceId),
              eq(services.vendorId, vendor.id),
              isNull(services.archivedAt),
            ),
          );
        if (!service) throw notFound();
      }
      reply.type(JSON_API);
      if (!vendor.settings.client_view.walkin_questions) return { data: [] };
      const rows = await loadQuestions(db, { vendorId: vendor.id, serviceId });
      return { data: rows.map((row) => presentQuestion(row, request.locale)) };
    },
  );
};
