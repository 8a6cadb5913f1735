// The staff's schedule and their side of booked appointments under /api/internal/v1
// (docs/schedule.md): a location's days (GET /schedule), free times as staff may book them
// (GET /availability), booking on a client's behalf (POST /appointments), and reading and changing
// one appointment (GET|PATCH /appointments/{id}, If-Match on its version). Thin: guard → validate →
// command → presenter; every answer with appointments goes through the staff presenter.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { availableSlotSchema } from "../../shared/contracts/appointment.ts";
import {
  scheduleDocumentSchema,
  scheduleQuerySchema,
  staffAppointmentDocumentSchema,
  staffAppointmentPatchSchema,
  staffAppointmentResourceSchema,
  staffAvailabilityDocumentSchema,
  staffAvailabilityQuerySchema,
  staffBookingSchema,
} from "../../shared/contracts/schedule.ts";
import type { BookingMeetingMethod } from "../../shared/services/booking-methods.ts";
import { requireStaff, staffOf } from "../auth/require-staff.ts";
import { availabilityRefusal } from "../booking/availability-routes.ts";
import { presentAvailability } from "../booking/present-availability.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorDocumentSchema, errorResponses } from "../http/json-api.ts";
import { ifMatchVersion, setVersionTag } from "../http/versioning.ts";
import { findStaffLocation, pathId } from "../lobby/find-staff-location.ts";
import { idempotencyKeyHeader } from "../queue/idempotency-claim.ts";
import { findAvailability } from "../scheduling/availability.ts";
import { loadAvailabilityQuery } from "../scheduling/load-availability.ts";
import { bookForClient } from "./book-for-client.ts";
import { changeStaffAppointment, findStaffAppointment } from "./change-staff-appointment.ts";
import { loadSchedule } from "./load-schedule.ts";

const tags = ["schedule"];
// Any id shape is accepted and simply not found, so a malformed id answers like a wrong one.
const params = z.object({ id: z.string().max(32) });
// A PATCH's 409 is a version conflict (meta.current), a taken time (meta.nearest) or a status
// that does not allow the change (no meta).
const appointmentConflict = errorDocumentSchema.extend({
  meta: z
    .object({
      current: staffAppointmentResourceSchema.optional(),
      nearest: z.array(availableSlotSchema).optional(),
    })
    .optional(),
});

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/schedule",
    {
      preHandler: requireStaff("schedule.view"),
      schema: {
        tags,
        summary:
          "A location's day or week: opening periods, staff with shifts and breaks, services, rooms, and every appointment of the days",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const location = await findStaffLocation(db, staff, request.query.location_id);
      const vendor = await request.vendor();
      reply.type(JSON_API).header("cache-control", "no-store");
      return loadSchedule(db, {
        vendorId: staff.vendorId,
        location,
        date: request.query.date,
        days: Number(request.query.days),
        locale: request.locale,
        features: vendor.settings.features,
        now: new Date(),
      });
    },
  );

  app.get(
    "/availability",
    {
      preHandler: requireStaff("schedule.view"),
      schema: {
        tags,
        summary:
          "Free appointment slots as staff may book them: private locations too, no time in advance or booking window, never in the past",
        querystring: staffAvailabilityQuerySchema,
        response: { 200: staffAvailabilityDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const query = request.query;
      const location = await findStaffLocation(db, staff, query.location_id);
      if (location.archivedAt) throw notFound();
      if (query.to < query.from || daysBetween(query.from, query.to) > 62) {
        throw new AppError("unprocessable", {
          code: "invalid_range",
          messageId: "Errors.invalid_value",
          parameter: "to",
        });
      }
      const vendor = await request.vendor();
      const meetingMethod = Number(query.meeting_method ?? 1) as BookingMeetingMethod;
      const loaded = await loadAvailabilityQuery(db, {
        vendorId: staff.vendorId,
        settings: vendor.settings,
        locationId: location.id,
        serviceId: query.service_id,
        staffId: query.staff_id ?? null,
        meetingMethod,
        fromDate: query.from,
        toDate: query.to,
        attendees: Number(query.attendees ?? 1),
        now: new Date(),
        ignoreAppointmentId: query.ignore_appointment_id,
        staffView: true,
      });
      if (loaded.refusal !== undefined) throw availabilityRefusal(loaded.refusal, meetingMethod);
      reply.type(JSON_API).header("cache-control", "no-store");
      return presentAvailability(findAvailability(loaded.query), loaded);
    },
  );

  app.post(
    "/appointments",
    {
      preHandler: requireStaff("appointments.book"),
      schema: {
        tags,
        summary:
          "Book on a client's behalf, an existing client or a new one (a taken time: 409 with the nearest free slots)",
        headers: z.object({
          "idempotency-key": idempotencyKeyHeader(
            "the same key from the same staff member with the same body returns the same appointment and books nothing; with another body, 422 idempotency_key_reused",
          ),
        }),
        body: staffBookingSchema,
        response: {
          201: staffAppointmentDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const result = await bookForClient({
        db,
        events: app.events,
        staff,
        vendor: await request.vendor(),
        document: request.body,
        locale: request.locale,
        idempotencyKey: request.headers["idempotency-key"] ?? null,
      });
      const data = await findStaffAppointment(db, staff, result.id, request.locale);
      if (!result.created) reply.header("idempotent-replayed", "true");
      setVersionTag(reply, data.attributes.version);
      reply.code(201).type(JSON_API).header("cache-control", "no-store");
      reply.header("location", `/api/internal/v1/appointments/${result.id}`);
      return { data };
    },
  );

  app.get(
    "/appointments/:id",
    {
      preHandler: requireStaff("schedule.view"),
      schema: {
        tags,
        summary: "One booked appointment as staff see it (ETag: its version)",
        params,
        response: { 200: staffAppointmentDocumentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const data = await findStaffAppointment(db, staff, pathId(request.params.id), request.locale);
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API).header("cache-control", "no-store");
      return { data };
    },
  );

  app.patch(
    "/appointments/:id",
    {
      // Moving and cancelling need appointments.book; arrived, start, complete and no-show
      // appointments.serve, checked by the command.
      preHandler: requireStaff("appointments.book"),
      schema: {
        tags,
        summary:
          "Move (start, staff_id), cancel (status 4), mark arrived, start (5), complete (2) or no-show (3) an appointment (If-Match: its version)",
        params,
        body: staffAppointmentPatchSchema,
        response: {
          200: staffAppointmentDocumentSchema,
          ...errorResponses(400, 401, 403, 404, 422),
          409: appointmentConflict,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { data: body } = request.body;
      if (body.id !== undefined && body.id !== request.params.id) {
        throw new AppError("conflict", {
          code: "id_mismatch",
          messageId: "Errors.invalid_value",
          pointer: "/data/id",
        });
      }
      const expectedVersion = ifMatchVersion(request);
      const attributes = body.attributes;
      const data = await changeStaffAppointment({
        db,
        events: app.events,
        staff,
        settings: (await request.vendor()).settings,
        id: pathId(request.params.id),
        change:
          "start" in attributes
            ? {
                kind: "move",
                start: Date.parse(attributes.start),
                staffId: attributes.staff_id ?? null,
              }
            : "arrived" in attributes
              ? { kind: "arrived" }
              : { kind: "status", status: attributes.status },
        expectedVersion,
        locale: request.locale,
      });
      setVersionTag(reply, data.attributes.version);
      reply.type(JSON_API);
      return { data };
    },
  );
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
