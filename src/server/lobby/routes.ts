// The staff lobby under /api/internal/v1 (docs/lobby-api.md): the line of a location, call next,
// add a walk-in, change a visitor, and transfer one to another line. Thin: guard → validate → command → presenter. The session
// hook (request.staff) and the session-bound CSRF check run before every one of these.
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  callNextDocumentSchema,
  callNextRequestSchema,
  lobbyEntryDocumentSchema,
  lobbyQueueDocumentSchema,
} from "../../shared/contracts/lobby-entry.ts";
import { queueAppointmentPatchSchema } from "../../shared/contracts/queue-appointment-patch.ts";
import { queueAppointmentTransferSchema } from "../../shared/contracts/queue-appointment-transfer.ts";
import { walkInDocumentSchema } from "../../shared/contracts/walk-in.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { idempotencyKeyHeader } from "../queue/idempotency-claim.ts";
import { addWalkIn } from "./add-walk-in.ts";
import { callNextVisitor } from "./call-next-visitor.ts";
import { findStaffLocation, pathId } from "./find-staff-location.ts";
import { loadLobbyEntryResource } from "./load-lobby-entry-resource.ts";
import { loadLobbyQueueDocument } from "./load-lobby-queue-document.ts";
import { transferVisitor } from "./transfer-visitor.ts";
import { updateQueueAppointment } from "./update-queue-appointment.ts";

// Any id shape is accepted and simply not found, so a malformed id answers like a wrong one.
const params = z.object({ id: z.string().max(32) });
const tags = ["lobby"];

export const lobbyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** The lobby's view of one appointment the caller has just changed or added. */
  async function entryDocument(request: FastifyRequest, row: { id: number; locationId: number }) {
    const staff = staffOf(request);
    const location = await findStaffLocation(db, staff, row.locationId);
    const entry = await loadLobbyEntryResource(db, {
      vendorId: staff.vendorId,
      location,
      id: row.id,
      locale: request.locale,
    });
    if (!entry) throw notFound();
    return entry;
  }

  app.get(
    "/locations/:id/queue",
    {
      preHandler: requireStaff("queue.view"),
      schema: {
        tags,
        summary: "The line of a location: waiting and in progress, with the current estimate",
        params,
        response: { 200: lobbyQueueDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const location = await findStaffLocation(db, staff, pathId(request.params.id));
      // An archived location has no line: the lobby says it is not available, as for any other.
      if (location.archivedAt) throw notFound();
      reply.type(JSON_API);
      return loadLobbyQueueDocument(db, {
        location,
        locale: request.locale,
        learnedDurations: app.caches.learnedDurations,
      });
    },
  );

  app.post(
    "/locations/:id/queue/next",
    {
      preHandler: requireStaff("queue.serve"),
      schema: {
        tags,
        summary:
          "Call next: call the first waiting visitor the caller can serve to the caller's desk",
        params,
        body: callNextRequestSchema.nullish(),
        response: { 200: callNextDocumentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const taken = await callNextVisitor({
        db,
        events: app.events,
        caches: app.caches,
        logger: request.log,
        staff,
        locationId: pathId(request.params.id),
        desk: request.body?.data?.attributes.desk,
        callOrder: (await request.vendor()).settings.board.call_order,
      });
      reply.type(JSON_API);
      return { data: taken ? await entryDocument(request, taken) : null };
    },
  );

  app.post(
    "/locations/:id/queue",
    {
      preHandler: requireStaff("queue.add_walkin"),
      schema: {
        tags,
        summary: "Add a visitor to the line at the front desk (the open join's rules)",
        params,
        headers: z.object({
          "idempotency-key": idempotencyKeyHeader(
            "the same key from the same staff member with the same body and location within 24 h returns the same appointment and creates nothing; with another body, 422 idempotency_key_reused",
          ),
        }),
        body: walkInDocumentSchema,
        response: { 201: lobbyEntryDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const result = await addWalkIn({
        db,
        events: app.events,
        caches: app.caches,
        eventLeaseMs: app.config.EVENT_LEASE_MS,
        staff,
        vendor: await request.vendor(),
        locationId: pathId(request.params.id),
        document: request.body,
        locale: request.locale,
        idempotencyKey: request.headers["idempotency-key"] ?? null,
      });
      if (!result.created) reply.header("idempotent-replayed", "true");
      reply.code(201).type(JSON_API);
      return { data: await entryDocument(request, result) };
    },
  );

  app.patch(
    "/queue-appointments/:id",
    {
      // Each attribute needs its own permission (queue-appointment-patch.ts); seeing the line is the least.
      preHandler: requireStaff("queue.view"),
      schema: {
        tags,
        summary:
          "Start, complete, no-show, cancel or return a visitor; meeting link, dial-in, staff",
        params,
        body: queueAppointmentPatchSchema,
        response: { 200: lobbyEntryDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { data } = request.body;
      if (data.id !== request.params.id) {
        throw new AppError("conflict", {
          code: "id_mismatch",
          messageId: "Errors.invalid_value",
          pointer: "/data/id",
        });
      }
      const updated = await updateQueueAppointment({
        db,
        events: app.events,
        caches: app.caches,
        logger: request.log,
        staff: staffOf(request),
        queueAppointmentId: pathId(request.params.id),
        attributes: data.attributes,
      });
      reply.type(JSON_API);
      return { data: await entryDocument(request, updated) };
    },
  );

  app.post(
    "/queue-appointments/:id/transfer",
    {
      preHandler: requireStaff("queue.transfer"),
      schema: {
        tags,
        summary:
          "Move a waiting visitor to another service or location, keeping their place by arrival time",
        params,
        body: queueAppointmentTransferSchema,
        response: { 200: lobbyEntryDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { row } = await transferVisitor({
        db,
        events: app.events,
        caches: app.caches,
        logger: request.log,
        staff: staffOf(request),
        queueAppointmentId: pathId(request.params.id),
        to: request.body.data.attributes,
      });
      reply.type(JSON_API);
      return { data: await entryDocument(request, row) };
    },
  );
};
