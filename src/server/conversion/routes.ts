// Conversion endpoints (spec §4 Convert, §7): the booking URL for turning a queue place into an
// appointment, and reserve-with-a-search-engine conversion tracking.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import {
  rwgConversionBodySchema,
  rwgConversionDocumentSchema,
} from "../../shared/contracts/rwg-conversion.ts";
import {
  walkinConversionAnswerSchema,
  walkinConversionQuerySchema,
} from "../../shared/contracts/walkin-conversion.ts";
import { requireCsrfToken } from "../http/csrf.ts";
import { errorResponses } from "../http/json-api.ts";
import { lookupRateLimit } from "../http/rate-limit.ts";
import { createWalkinConversionUrl } from "./create-walkin-conversion-url.ts";
import { recordRwgConversion } from "./record-rwg-conversion.ts";

export const conversionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/walkin-conversion",
    {
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["queue"],
        summary: "The booking-flow URL that converts a waiting queue place into an appointment",
        querystring: walkinConversionQuerySchema,
        response: { 200: walkinConversionAnswerSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const id = resourceIdString.safeParse(request.query.id ?? "");
      const url = await createWalkinConversionUrl({
        db,
        vendor,
        queueAppointmentId: id.success ? id.data : 0,
        confirmCode: request.query.confirm_code ?? "",
      });
      reply.header("cache-control", "no-store");
      return { url };
    },
  );

  app.post(
    "/rwg-track-conversion",
    {
      onRequest: [requireCsrfToken],
      schema: {
        tags: ["conversion"],
        summary: "Record a reserve-with-a-search-engine conversion token",
        body: rwgConversionBodySchema,
        response: {
          201: rwgConversionDocumentSchema,
          ...errorResponses(400, 403, 404, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const row = await recordRwgConversion({
        db,
        vendorId: vendor.id,
        token: request.body.rwg_token,
        merchantChanged:
          request.body.merchant_changed === true || request.body.merchant_changed === 1,
      });
      reply.code(201);
      return {
        data: {
          type: "rwg-conversions" as const,
          id: String(row.id),
          attributes: {
            merchant_changed: row.merchantChanged,
            created: row.createdAt.toISOString(),
          },
        },
      };
    },
  );
};
