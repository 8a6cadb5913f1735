// GET /api/v2/open/availability: the free appointment slots of a service at a public location
// over up to 62 of its local days, for any staff member who can serve or for one, by meeting
// method (docs/api.md "Availability"). The loader reads, the pure engine decides, this presents.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  availabilityDocumentSchema,
  availabilityQuerySchema,
} from "../../shared/contracts/availability.ts";
import { BOOKING_METHOD_NAMES } from "../../shared/services/booking-methods.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { JSON_API } from "../http/error-handler.ts";
import { errorResponses } from "../http/json-api.ts";
import { findAvailability } from "../scheduling/availability.ts";
import {
  type AvailabilityRefusal,
  type AvailabilityRequest,
  loadAvailabilityQuery,
} from "../scheduling/load-availability.ts";
import { presentAvailability } from "./present-availability.ts";

/** Slots change as others book: a page may keep an answer briefly, shared caches never. */
const CACHE_CONTROL = "private, max-age=15";

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/availability",
    {
      schema: {
        tags: ["booking"],
        summary: "Free appointment slots of a service at a location, day by day",
        querystring: availabilityQuerySchema,
        response: {
          200: availabilityDocumentSchema,
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const vendor = await request.vendor();
      const query = request.query;
      const loaded = await loadAvailabilityQuery(app.database.db, {
        vendorId: vendor.id,
        settings: vendor.settings,
        locationId: query.location_id,
        serviceId: query.service_id,
        staffId: query.staff_id ?? null,
        meetingMethod: query.meeting_method,
        fromDate: query.from,
        toDate: query.to,
        attendees: query.attendees,
        now: new Date(),
      });
      if (loaded.refusal !== undefined)
        throw availabilityRefusal(loaded.refusal, query.meeting_method);
      const days = findAvailability(loaded.query);
      reply.type(JSON_API).header("cache-control", CACHE_CONTROL);
      return presentAvailability(days, loaded);
    },
  );
};

/** A refused availability request as its 404 or 422 (the open and the staff route alike). */
export function availabilityRefusal(
  refusal: AvailabilityRefusal,
  method: AvailabilityRequest["meetingMethod"],
): AppError {
  switch (refusal) {
    case "location_not_found":
    case "service_not_found":
    case "staff_not_found":
      return notFound();
    case "service_not_offered":
      return new AppError("unprocessable", {
        code: "service_unavailable",
        messageId: "CallbackService.service_unavailable",
        parameter: "service_id",
      });
    case "method_not_offered":
      return new AppError("unprocessable", {
        code: "method_unavailable",
        messageId: "Availability.method_unavailable",
        values: { method: BOOKING_METHOD_NAMES[method] },
        parameter: "meeting_method",
      });
    case "staff_not_offering":
      return new AppError("unprocessable", {
        code: "staff_unavailable",
        messageId: "Availability.staff_unavailable",
        parameter: "staff_id",
      });
  }
}
