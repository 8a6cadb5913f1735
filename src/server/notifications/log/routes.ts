// The message log under /api/internal/v1 (docs/lobby-api.md): every email and SMS of the vendor for
// managers, and one visit's messages for whoever sees the lobby. Thin: guard → validate → load → present.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  messageLogDocumentSchema,
  messageLogQuerySchema,
  visitMessagesDocumentSchema,
} from "../../../shared/contracts/messages.ts";
import { requireStaff, staffOf } from "../../auth/require-staff.ts";
import { JSON_API } from "../../http/error-handler.ts";
import { errorResponses } from "../../http/json-api.ts";
import { pathId } from "../../lobby/find-staff-location.ts";
import { listMessages } from "./list-messages.ts";
import { listVisitMessages } from "./list-visit-messages.ts";
import { presentMessage } from "./present-message.ts";

const tags = ["messages"];
// Any id shape is accepted and simply not found, so a malformed id answers like a wrong one.
const params = z.object({ id: z.string().max(32) });

export const messageLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/messages",
    {
      preHandler: requireStaff("messages.view"),
      schema: {
        tags,
        summary: "Emails and SMS sent and received, newest first, a page at a time (managers)",
        querystring: messageLogQuerySchema,
        response: { 200: messageLogDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { location_id, channel, status, direction, q, before, limit } = request.query;
      const { rows, nextCursor } = await listMessages(db, {
        staff: staffOf(request),
        filters: {
          limit,
          ...(location_id === undefined ? {} : { locationId: pathId(location_id) }),
          ...(channel ? { channel } : {}),
          ...(status ? { status } : {}),
          ...(direction ? { direction } : {}),
          ...(q === undefined ? {} : { search: q }),
          ...(before === undefined ? {} : { before }),
        },
      });
      reply.type(JSON_API);
      return { data: rows.map(presentMessage), meta: { next_cursor: nextCursor } };
    },
  );

  app.get(
    "/queue-appointments/:id/messages",
    {
      preHandler: requireStaff("queue.view"),
      schema: {
        tags,
        summary: "A visit's messages and the visitor's replies, oldest first",
        params,
        response: { 200: visitMessagesDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const rows = await listVisitMessages(db, {
        staff: staffOf(request),
        queueAppointmentId: pathId(request.params.id),
      });
      reply.type(JSON_API);
      return { data: rows.map(presentMessage) };
    },
  );
};
