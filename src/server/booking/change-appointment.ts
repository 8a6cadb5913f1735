// A visitor's changes to their booked appointment, with its id and confirm code: cancel it, or move
// it to another free slot, each until the vendor's time to cancel or to reschedule before its start
// (client-view settings time_to_cancel_minutes, time_to_reschedule_minutes). A move is checked
// against the engine with the appointment itself taken out of the day, and the exclusion
// constraints refuse it if another booking took the slot meanwhile (409 with the nearest slots).
// Each change bumps the appointment's version: its calendar file's SEQUENCE. Each is in the
// appointment's audit history with no actor: the client made it.
import { and, eq, sql } from "drizzle-orm";
import type { BookingMeetingMethod } from "../../shared/services/booking-methods.ts";
import type { VendorSettings } from "../../shared/vendor-settings.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Db } from "../db/client.ts";
import { appointments } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError } from "../http/app-error.ts";
import { findAvailability } from "../scheduling/availability.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { auditedAppointment } from "./audited-appointment.ts";
import { isExclusionViolation } from "./book-appointment.ts";
import { BOOKING_ERRORS as E, loadBookableDay, slotTaken } from "./booking-rules.ts";
import { findAppointmentByCode, stillChangeable } from "./present-appointment.ts";

export type AppointmentChangeOptions = {
  db: Db;
  events: DomainEventBus;
  vendorId: number;
  settings: VendorSettings;
  id: number;
  code: string;
  now?: Date;
};

function notConfirmed(status: number): AppError {
  return new AppError("conflict", {
    code: status === 4 ? "already_cancelled" : "not_confirmed",
    messageId: status === 4 ? "Queue.already_cancelled" : E.notConfirmed,
  });
}

/** Cancels a confirmed appointment; cancelling a cancelled one again changes nothing. */
export async function cancelAppointment(options: AppointmentChangeOptions): Promise<void> {
  const { db, vendorId } = options;
  const now = options.now ?? new Date();
  const { appointment } = await findAppointmentByCode(db, options);
  if (appointment.status === 4) return;
  if (appointment.status !== 1) throw notConfirmed(appointment.status);
  if (!stillChangeable(appointment, options.settings.client_view.time_to_cancel_minutes, now)) {
    throw new AppError("conflict", { code: "too_late_to_cancel", messageId: E.tooLateToCancel });
  }
  await db.transaction(async (tx) => {
    const before = await auditedAppointment(tx, vendorId, appointment.id);
    const [updated] = await tx
      .update(appointments)
      .set({
        status: 4,
        cancelledAt: now,
        updatedAt: now,
        version: sql`${appointments.version} + 1`,
      })
      .where(
        and(
          eq(appointments.id, appointment.id),
          eq(appointments.vendorId, vendorId),
          eq(appointments.status, 1),
        ),
      )
      .returning({ id: appointments.id });
    // Changed by someone else in between (staff marked it, or another tab cancelled it).
    if (!updated) throw notConfirmed(appointment.status === 1 ? 4 : appointment.status);
    await recordDomainEvents(tx, [
      {
        vendorId,
        type: "appointment.cancelled",
        aggregateId: appointment.id,
        payload: {
          locationId: appointment.locationId,
          staffId: appointment.userId,
          startsAt: appointment.startsAt.toISOString(),
          actor: "client",
        },
        occurredAt: now,
      },
    ]);
    await recordAudit(tx, {
      vendorId,
      actorUserId: null,
      subjectType: "appointment",
      subjectId: appointment.id,
      action: "cancelled",
      before,
      after: await auditedAppointment(tx, vendorId, appointment.id),
    });
  });
  options.events.emit("eventsRecorded", {});
}

/** Moves a confirmed appointment to a free slot (another staff member's when named). */
export async function rescheduleAppointment(
  options: AppointmentChangeOptions & { start: number; staffId: number | null },
): Promise<void> {
  const { db, vendorId, settings } = options;
  const now = options.now ?? new Date();
  const { appointment, location } = await findAppointmentByCode(db, options);
  if (appointment.status !== 1) throw notConfirmed(appointment.status);
  if (!stillChangeable(appointment, settings.client_view.time_to_reschedule_minutes, now)) {
    throw new AppError("conflict", {
      code: "too_late_to_reschedule",
      messageId: E.tooLateToReschedule,
    });
  }
  const request = {
    vendorId,
    settings,
    locationId: appointment.locationId,
    serviceId: appointment.serviceId,
    staffId: options.staffId,
    meetingMethod: appointment.meetingMethod as BookingMeetingMethod,
    attendees: appointment.attendees,
    // the appointment being moved does not hold its own staff member or room
    ignoreAppointmentId: appointment.id,
    now,
  };
  const date = localDateAt(new Date(options.start), location.timezone);
  for (let attempt = 0; attempt < 5; attempt++) {
    const day = await loadBookableDay(db, { ...request, date });
    const slot = findAvailability(day.query)
      .flatMap((d) => d.slots)
      .find((candidate) => candidate.start === options.start);
    if (!slot) throw await slotTaken(db, request, options.start, location.timezone);
    // Keep the staff member the visitor had when they are free at the new time.
    const staffId =
      appointment.userId !== null && slot.staffIds.includes(appointment.userId)
        ? appointment.userId
        : slot.staffIds[0]!;
    const rooms = day.query.rooms;
    const roomId =
      rooms === null
        ? null
        : (rooms
            .filter(
              (room) =>
                room.capacity >= appointment.attendees &&
                !room.bookings.some((b) => b.start < slot.end && b.end > slot.start),
            )
            .sort((a, b) => a.capacity - b.capacity || a.id - b.id)[0]?.id ?? undefined);
    if (roomId === undefined) throw await slotTaken(db, request, options.start, location.timezone);
    try {
      await db.transaction(async (tx) => {
        const before = await auditedAppointment(tx, vendorId, appointment.id);
        const [updated] = await tx
          .update(appointments)
          .set({
            startsAt: new Date(slot.start),
            endsAt: new Date(slot.end),
            userId: staffId,
            roomId,
            updatedAt: now,
            version: sql`${appointments.version} + 1`,
          })
          .where(
            and(
              eq(appointments.id, appointment.id),
              eq(appointments.vendorId, vendorId),
              eq(appointments.status, 1),
            ),
          )
          .returning({ id: appointments.id });
        if (!updated) throw notConfirmed(4);
        await recordDomainEvents(tx, [
          {
            vendorId,
            type: "appointment.rescheduled",
            aggregateId: appointment.id,
            payload: {
              locationId: appointment.locationId,
              staffId,
              startsAt: new Date(slot.start).toISOString(),
              fromStartsAt: appointment.startsAt.toISOString(),
              fromStaffId: appointment.userId,
            },
            occurredAt: now,
          },
        ]);
        await recordAudit(tx, {
          vendorId,
          actorUserId: null,
          subjectType: "appointment",
          subjectId: appointment.id,
          action: "rescheduled",
          before,
          after: await auditedAppointment(tx, vendorId, appointment.id),
        });
      });
      options.events.emit("eventsRecorded", {});
      return;
    } catch (error) {
      if (isExclusionViolation(error)) continue;
      throw error;
    }
  }
  throw await slotTaken(db, request, options.start, location.timezone);
}
