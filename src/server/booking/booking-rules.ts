// What booking, rescheduling and cancelling share: the refusals and their messages, one local day
// of availability as a booking checks it, and the 409 that offers the nearest free slots instead.
import {
  BOOKING_METHOD_NAMES,
  type BookingMeetingMethod,
} from "../../shared/services/booking-methods.ts";
import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../http/app-error.ts";
import { findAvailability } from "../scheduling/availability.ts";
import {
  type AvailabilityRefusal,
  type AvailabilityRequest,
  loadAvailabilityQuery,
} from "../scheduling/load-availability.ts";
import { zonedIsoString } from "../scheduling/zoned-iso-string.ts";

/** Message ids of the booking's own refusals (the server formats them: no page ships them). */
export const BOOKING_ERRORS = {
  unavailable: "BookingError.unavailable",
  slotTaken: "BookingError.slot_taken",
  attendeesLimit: "BookingError.attendees_limit",
  notConfirmed: "BookingError.not_confirmed",
  tooLateToCancel: "BookingError.too_late_to_cancel",
  tooLateToReschedule: "BookingError.too_late_to_reschedule",
  clientUnknown: "BookingError.client_unknown",
  placeUnknown: "BookingError.place_unknown",
} as const;

/** A request the loader refused, as the error a booking document's sender gets. */
export function bookingRefused(
  refusal: AvailabilityRefusal,
  method: BookingMeetingMethod = 1,
): AppError {
  switch (refusal) {
    case "location_not_found":
      return new AppError("unprocessable", {
        code: "not_found",
        messageId: "CallbackService.location_unknown",
        pointer: "/data/attributes/location_id",
      });
    case "service_not_found":
    case "service_not_offered":
      return new AppError("unprocessable", {
        code: "service_unavailable",
        messageId: "CallbackService.service_unavailable",
        pointer: "/data/attributes/service_id",
      });
    case "method_not_offered":
      return new AppError("unprocessable", {
        code: "method_unavailable",
        messageId: "Availability.method_unavailable",
        values: { method: BOOKING_METHOD_NAMES[method] },
        pointer: "/data/attributes/meeting_method",
      });
    case "staff_not_found":
    case "staff_not_offering":
      return new AppError("unprocessable", {
        code: "staff_unavailable",
        messageId: "Availability.staff_unavailable",
        pointer: "/data/attributes/staff_id",
      });
  }
}

export type BookableDayRequest = Omit<AvailabilityRequest, "fromDate" | "toDate"> & {
  /** the local date of the slot asked for */
  date: string;
};

/** The engine's input for the one local day a booking falls on. */
export async function loadBookableDay(db: DbOrTx, request: BookableDayRequest) {
  const { date, ...rest } = request;
  const loaded = await loadAvailabilityQuery(db, { ...rest, fromDate: date, toDate: date });
  if (loaded.refusal !== undefined) throw bookingRefused(loaded.refusal, request.meetingMethod);
  return loaded;
}

/** How many of the nearest free slots a 409 offers, and how far around the asked time it looks. */
const NEAREST_COUNT = 5;
const NEAREST_DAYS = 7;

/**
 * 409 slot_taken, with `meta.nearest`: the free slots closest in time to the one asked for (the
 * same staff member's when one was named), soonest first among equals, none in the past.
 */
export async function slotTaken(
  db: DbOrTx,
  request: Omit<AvailabilityRequest, "fromDate" | "toDate">,
  start: number,
  /** the location's zone: the dates around the asked time are its local ones */
  zone: string,
): Promise<AppError> {
  const dayMs = 24 * 60 * 60_000;
  const fromDate = new Date(Math.max(start - NEAREST_DAYS * dayMs, request.now.getTime()));
  const toDate = new Date(Math.max(start, request.now.getTime()) + NEAREST_DAYS * dayMs);
  const local = (instant: Date) => zonedIsoString(instant.getTime(), zone).slice(0, 10);
  const loaded = await loadAvailabilityQuery(db, {
    ...request,
    fromDate: local(fromDate),
    toDate: local(toDate),
  });
  const slots =
    loaded.refusal === undefined ? findAvailability(loaded.query).flatMap((d) => d.slots) : [];
  const nearest = slots
    .sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start) || a.start - b.start)
    .slice(0, NEAREST_COUNT)
    .sort((a, b) => a.start - b.start)
    .map((slot) => ({
      start: zonedIsoString(slot.start, zone),
      end: zonedIsoString(slot.end, zone),
      staff_ids: slot.staffIds.map(String),
    }));
  return new AppError(
    "conflict",
    { code: "slot_taken", messageId: BOOKING_ERRORS.slotTaken, pointer: "/data/attributes/start" },
    { meta: { nearest } },
  );
}
