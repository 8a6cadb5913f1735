// Open appointment endpoints (docs/api.md "Appointments"): book a free slot, read one's appointment
// with its confirm code, cancel or move it, take it as a calendar file, and list who serves a
// service at a location (the booking's staff step). Thin: validate → command → presenter.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  appointmentBookingSchema,
  appointmentChangeSchema,
  appointmentDocumentSchema,
  bookableStaffDocumentSchema,
  bookableStaffQuerySchema,
} from "../../shared/contracts/appointment.ts";
import { resourceIdString } from "../../shared/contracts/resource-id.ts";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import { matchLocale } from "../../shared/locale.ts";
import { translated } from "../../shared/translations.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { openCallerOf, requireCsrfToken } from "../http/csrf.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { joinRateLimit, lookupRateLimit } from "../http/rate-limit.ts";
import { manageAppointmentLink } from "../notifications/links.ts";
import { idempotencyClaimOf, idempotencyKeyHeader } from "../queue/idempotency-claim.ts";
import { requireKioskDevice } from "../queue/kiosk-device.ts";
import type { Vendor } from "../tenancy/resolve-vendor.ts";
import { boardName } from "../tv/board-name.ts";
import { appointmentCalendar } from "./appointment-calendar.ts";
import { bookAppointment } from "./book-appointment.ts";
import { loadBookableStaff } from "./bookable-staff.ts";
import { cancelAppointment, rescheduleAppointment } from "./change-appointment.ts";
import {
  findAppointmentByCode,
  loadAppointmentRow,
  presentAppointment,
} from "./present-appointment.ts";

// Any id shape is accepted here and simply not found, so a malformed id answers like a wrong one.
const lookupParams = z.object({ id: z.string().max(32) });
const codeQuery = z.object({
  code: z.string().max(200).optional().describe("the appointment's confirm code"),
});
const idOf = (raw: string) => {
  const parsed = resourceIdString.safeParse(raw);
  return parsed.success ? parsed.data : 0;
};
const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : "en";

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  const answer = async (vendor: Vendor, id: number, code: string, locale: Locale) => {
    const row = await findAppointmentByCode(db, { vendorId: vendor.id, id, code });
    return presentAppointment(row, {
      locale,
      clientView: vendor.settings.client_view,
      now: new Date(),
    });
  };

  app.get(
    "/locations/:id/staff",
    {
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["booking"],
        summary: "The staff members a visitor may choose for a service at a location",
        params: lookupParams,
        querystring: bookableStaffQuerySchema,
        response: { 200: bookableStaffDocumentSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const staff = await loadBookableStaff(db, {
        vendorId: vendor.id,
        locationId: idOf(request.params.id),
        serviceId: request.query.service_id,
      });
      if (staff === null) throw notFound();
      reply.type(JSON_API).header("cache-control", "private, max-age=60");
      return {
        data: staff.map((member) => ({
          type: "staff" as const,
          id: String(member.id),
          attributes: { display_name: member.displayName, languages: member.languages },
        })),
      };
    },
  );

  app.post(
    "/appointments",
    {
      onRequest: [requireCsrfToken],
      config: joinRateLimit(app.config),
      schema: {
        tags: ["booking"],
        summary:
          "Book a free slot of the availability answer (a second booking of the same time: 409 with the nearest free slots)",
        headers: z.object({
          "idempotency-key": idempotencyKeyHeader(
            "the same key from the same caller with the same body returns the same appointment and books nothing; with another body, 422 idempotency_key_reused",
          ),
          "x-csrf-token": z.string().optional().describe("the token of GET /api/v2/open/vendor"),
        }),
        body: appointmentBookingSchema,
        response: {
          201: appointmentDocumentSchema,
          ...errorResponses(400, 403, 404, 409, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const document = request.body;
      const attributes = document.data.attributes;
      const kiosk = attributes.booked_through === "kiosk";
      // Only a signed-in kiosk device may book as the lobby's kiosk.
      if (kiosk) {
        await requireKioskDevice(request, db, {
          vendorId: vendor.id,
          locationId: attributes.location_id,
          pointer: "/data/attributes/booked_through",
        });
      }
      const key = request.headers["idempotency-key"];
      const result = await bookAppointment({
        db,
        events: app.events,
        vendor,
        document,
        lang:
          matchLocale(attributes.lang, vendor.settings.client_view.available_languages) ??
          request.locale,
        kiosk,
        idempotency: key
          ? idempotencyClaimOf({
              route: "open.book",
              caller: openCallerOf(request),
              key,
              body: document,
            })
          : null,
      });
      const row = await loadAppointmentRow(db, { vendorId: vendor.id, id: result.id });
      if (!row) throw notFound();
      const body = presentAppointment(row, {
        locale: request.locale,
        clientView: vendor.settings.client_view,
        now: new Date(),
      });
      if (!result.created) reply.header("idempotent-replayed", "true");
      reply.code(201).type(JSON_API).header("cache-control", "no-store");
      reply.header("location", `/api/v2/open/appointments/${result.id}`);
      return body;
    },
  );

  app.get(
    "/appointments/:id.ics",
    {
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["booking"],
        summary:
          "One's appointment as an iCalendar file (text/calendar), for a calendar app; 404 unless id and code match",
        params: lookupParams,
        querystring: codeQuery,
        response: {
          200: z.string().describe("the appointment as a text/calendar file (RFC 5545)"),
          ...errorResponses(404, 429),
        },
      },
      // The file is sent as written; an error is the usual JSON:API document.
      serializerCompiler: () => (data) => (typeof data === "string" ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const row = await findAppointmentByCode(db, {
        vendorId: vendor.id,
        id: idOf(request.params.id),
        code: request.query.code ?? "",
      });
      const { appointment, location, service, staff } = row;
      // The visitor asked on their vendor's own host: the links in the file point there too.
      const base = new URL(`${request.protocol}://${request.host}`);
      const file = appointmentCalendar({
        id: appointment.id,
        vendorHost: base.hostname,
        start: appointment.startsAt,
        end: appointment.endsAt,
        cancelled: appointment.status === 4,
        sequence: appointment.version - 1,
        serviceName: translated(service.translations, "name", appointment.lang, service.name),
        locationName: location.name,
        place:
          appointment.meetingMethod === 4
            ? appointment.destination
            : appointment.meetingMethod === 1
              ? [location.address, location.city].filter(Boolean).join(", ")
              : null,
        staffName: staff === null ? null : boardName(staff.firstName, staff.lastName),
        meetingMethod: appointment.meetingMethod,
        confirmCode: appointment.confirmCode,
        manageUrl: manageAppointmentLink(base, appointment),
        vendorName: vendor.name,
        lang: asLocale(appointment.lang),
      });
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="appointment-${appointment.id}.ics"`)
        .send(file);
    },
  );

  app.get(
    "/appointments/:id",
    {
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["booking"],
        summary:
          "One's appointment, as the confirmation and manage page shows it; 404 unless id and code match",
        params: lookupParams,
        querystring: codeQuery,
        response: { 200: appointmentDocumentSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const body = await answer(
        vendor,
        idOf(request.params.id),
        request.query.code ?? "",
        request.locale,
      );
      reply.type(JSON_API).header("cache-control", "no-store");
      return body;
    },
  );

  app.patch(
    "/appointments/:id",
    {
      onRequest: [requireCsrfToken],
      config: lookupRateLimit(app.config),
      schema: {
        tags: ["booking"],
        summary:
          "Cancel one's appointment (status 4) or move it to another free slot (start, and staff_id or any), with its confirm code",
        params: lookupParams,
        querystring: codeQuery,
        body: appointmentChangeSchema,
        response: {
          200: appointmentDocumentSchema,
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
      const change = {
        db,
        events: app.events,
        vendorId: vendor.id,
        settings: vendor.settings,
        id: idOf(request.params.id),
        code: request.query.code ?? "",
      };
      if ("status" in data.attributes) await cancelAppointment(change);
      else {
        await rescheduleAppointment({
          ...change,
          start: Date.parse(data.attributes.start),
          staffId: data.attributes.staff_id ?? null,
        });
      }
      const body = await answer(vendor, change.id, change.code, request.locale);
      reply.type(JSON_API).header("cache-control", "no-store");
      return body;
    },
  );
};
