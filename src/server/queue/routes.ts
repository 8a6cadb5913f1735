// Open queue-appointment endpoints (spec §7): join the line, see one's place with the confirm code,
// and cancel it. Thin: validate → command → presenter. Documented in docs/api.md.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  queueAppointmentCancelSchema,
  queueAppointmentDocumentSchema,
} from "../../shared/contracts/queue-appointment.ts";
import { joinDocumentSchema } from "../../shared/contracts/queue-appointment-join.ts";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import { matchLocale } from "../../shared/locale.ts";
import { bookingSourceFromMode } from "../../shared/queue/booking-source.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { openCallerOf, requireCsrfToken } from "../http/csrf.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { joinRateLimit, lookupRateLimit } from "../http/rate-limit.ts";
import { cancelQueueAppointment } from "./cancel-queue-appointment.ts";
import { findQueueAppointmentByCode } from "./find-queue-appointment-by-code.ts";
import { idempotencyClaimOf, idempotencyKeyHeader } from "./idempotency-claim.ts";
import { joinDocumentPointer, joinInputFromDocument, trackingOf } from "./join-document.ts";
import { joinQueue } from "./join-queue.ts";
import { requireKioskDevice } from "./kiosk-device.ts";
import {
  loadQueueAppointmentDocument,
  presentQueueAppointmentDocument,
} from "./present-queue-appointment.ts";

// Any id shape is accepted here and simply not found, so a malformed id answers like a wrong one.
const lookupParams = z.object({ id: z.string().max(32) });
const idOf = (raw: string) => {
  const parsed = resourceIdString.safeParse(raw);
  return parsed.success ? parsed.data : 0;
};

export const queueAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    "/queue-appointments",
    {
      onRequest: [requireCsrfToken],
      config: joinRateLimit(app.config),
      // The answer is the presenter's typed document (its schema is asserted in the route's tests
      // and by the web client): sent as is, not re-validated on every visitor's join.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ["queue"],
        summary: "Join a location's line (walk-in, curbside, phone or video callback)",
        headers: z.object({
          "idempotency-key": idempotencyKeyHeader(
            "the same key from the same page session with the same body within 24 h returns the same appointment and creates nothing; with another body, 422 idempotency_key_reused",
          ),
          "x-csrf-token": z.string().optional().describe("the token of GET /api/v2/open/vendor"),
        }),
        body: joinDocumentSchema,
        response: {
          201: queueAppointmentDocumentSchema,
          ...errorResponses(400, 403, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const document = request.body;
      const attributes = document.data.attributes;
      const fromMode = bookingSourceFromMode(attributes.mode);
      const bookedThrough = attributes.booked_through ?? fromMode.bookedThrough;
      const key = request.headers["idempotency-key"];
      // A lobby kiosk skips the contact and agreement rules: only a signed-in kiosk device may say so.
      if (bookedThrough === "kiosk") {
        await requireKioskDevice(request, db, {
          vendorId: vendor.id,
          locationId: attributes.location_id,
          pointer: attributes.booked_through
            ? "/data/attributes/booked_through"
            : "/data/attributes/mode",
        });
      }
      const result = await joinQueue({
        db,
        events: app.events,
        caches: app.caches,
        eventLeaseMs: app.config.EVENT_LEASE_MS,
        vendor,
        locationId: attributes.location_id,
        serviceId: attributes.service_id,
        input: joinInputFromDocument(document),
        bookedThrough,
        source: attributes.source ?? fromMode.source,
        workflowId: attributes.workflow_id ?? null,
        tracking: trackingOf(document),
        lang:
          matchLocale(attributes.lang, vendor.settings.client_view.available_languages) ??
          request.locale,
        locale: request.locale,
        actor: { kind: "visitor" },
        idempotency: key
          ? idempotencyClaimOf({
              route: "open.join",
              caller: openCallerOf(request),
              key,
              body: document,
            })
          : null,
        pointerOf: joinDocumentPointer,
        readRows: app.caches.joinCatalog.read,
      });
      // A new place is presented from the rows just written; a replay reads the original.
      const body = result.joined
        ? presentQueueAppointmentDocument(result.joined.row, result.joined.related, request.locale)
        : await loadQueueAppointmentDocument(db, {
            vendorId: vendor.id,
            id: result.id,
            locale: request.locale,
          });
      if (!body) throw notFound();
      if (!result.created) reply.header("idempotent-replayed", "true");
      reply.code(201).type(JSON_API).header("cache-control", "no-store");
      reply.header("location", `/api/v2/open/queue-appointments/${result.id}`);
      return body;
    },
  );

  app.get(
    "/queue-appointments/:id",
    {
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["queue"],
        summary: "What the confirmation and manage page shows; 404 unless id and code match",
        params: lookupParams,
        querystring: z.object({
          code: z.string().max(200).optional().describe("the confirm code"),
        }),
        response: { 200: queueAppointmentDocumentSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const row = await findQueueAppointmentByCode(db, {
        vendorId: vendor.id,
        id: idOf(request.params.id),
        code: request.query.code ?? "",
      });
      const body = await loadQueueAppointmentDocument(db, {
        vendorId: vendor.id,
        id: row.id,
        locale: request.locale,
      });
      if (!body) throw notFound();
      reply.type(JSON_API).header("cache-control", "no-store");
      return body;
    },
  );

  app.patch(
    "/queue-appointments/:id",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["queue"],
        summary: "Cancel one's own queue place (status cancelled, with the confirm code)",
        params: lookupParams,
        body: queueAppointmentCancelSchema,
        response: {
          200: queueAppointmentDocumentSchema,
          ...errorResponses(400, 403, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const { data } = request.body;
      if (data.id !== request.params.id) {
        throw new AppError("conflict", {
          code: "id_mismatch",
          messageId: "Errors.invalid_value",
          pointer: "/data/id",
        });
      }
      const row = await cancelQueueAppointment({
        db,
        events: app.events,
        caches: app.caches,
        logger: request.log,
        vendorId: vendor.id,
        queueAppointmentId: idOf(request.params.id),
        confirmCode: data.attributes.confirm_code,
        status: data.attributes.status,
      });
      const body = await loadQueueAppointmentDocument(db, {
        vendorId: vendor.id,
        id: row.id,
        locale: request.locale,
      });
      if (!body) throw notFound();
      reply.type(JSON_API).header("cache-control", "no-store");
      return body;
    },
  );
};
