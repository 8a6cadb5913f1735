// POST /api/v2/open/appointments (docs/api.md "Appointments"): books a slot. The body is the
// contract's booking document; an Idempotency-Key makes a retried attempt return the first answer
// instead of booking twice (as the queue's join). 409 slot_taken carries the nearest free times in
// `meta.nearest`; 422 points at the fields as the join does.
import type { z } from "zod";
import type {
  AppointmentDocument,
  appointmentBookingSchema,
} from "../../../shared/contracts/appointment.ts";
import { bookingPaths } from "../../visitor/booking/booking-paths.ts";
import { type ApiError, api } from "../client.ts";
import type { AvailableSlot } from "./availability.ts";

/** The document as the web writes it (ids as strings, before the server's parsing). */
export type AppointmentBookingDocument = z.input<typeof appointmentBookingSchema>;

export type BookingAttempt = { document: AppointmentBookingDocument; idempotencyKey: string };

export function bookAppointment({ document, idempotencyKey }: BookingAttempt) {
  return api.post<AppointmentDocument>(bookingPaths.api.appointments(), document, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** A 409's nearest free times (`meta.nearest`), or null when the refusal is not "slot taken". */
export function nearestSlots(error: ApiError): AvailableSlot[] | null {
  if (error.status !== 409 || error.errors[0]?.code !== "slot_taken") return null;
  const nearest = error.meta?.nearest;
  if (!Array.isArray(nearest)) return [];
  return nearest.filter(
    (slot): slot is AvailableSlot =>
      typeof slot === "object" &&
      slot !== null &&
      typeof (slot as AvailableSlot).start === "string" &&
      typeof (slot as AvailableSlot).end === "string" &&
      Array.isArray((slot as AvailableSlot).staff_ids),
  );
}
