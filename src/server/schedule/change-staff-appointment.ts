// A staff member's change to a booked appointment (docs/schedule.md "Statuses and transitions"):
// move it (another start, another staff member), cancel it, mark the client arrived, start,
// complete or no-show it. Confirmed → arrived, in progress, no-show, cancelled or moved; in
// progress → completed; anything else 409 with a message naming where it stands. Staff are not
// bound by the client's time to reschedule; a move is checked against the engine with the
// appointment taken out of its day, and the exclusion constraints refuse it if another booking took
// the slot meanwhile (409 with the nearest slots). One transaction: the row (version bumped only if
// it is still the version read), its domain event and its audit row (actor: the staff member).
import { and, eq, sql } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import type { StaffAppointmentResource } from "../../shared/contracts/schedule.ts";
import type { Locale } from "../../shared/domain.ts";
import type { BookingMeetingMethod } from "../../shared/services/booking-methods.ts";
import type { VendorSettings } from "../../shared/vendor-settings.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { permissionDenied, staffCan } from "../auth/require-staff.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { auditedAttributes } from "../booking/audited-appointment.ts";
import { isExclusionViolation, pickRoom } from "../booking/book-appointment.ts";
import { loadBookableDay, slotTaken } from "../booking/booking-rules.ts";
import { loadStaffAppointments } from "../booking/staff-appointments.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { appointments, locations } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { type DomainEventType, recordDomainEvents } from "../events/outbox.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { versionConflict } from "../http/versioning.ts";
import { locationScope } from "../permissions/tenant-scope.ts";
import { findAvailability } from "../scheduling/availability.ts";
import { localDateAt } from "../scheduling/local-day.ts";

export type StaffAppointmentChange =
  | { kind: "move"; start: number; staffId: number | null }
  | { kind: "arrived" }
  | { kind: "status"; status: 2 | 3 | 4 | 5 };

export type ChangeStaffAppointmentOptions = {
  db: Db;
  events: DomainEventBus;
  staff: StaffContext;
  settings: VendorSettings;
  id: number;
  change: StaffAppointmentChange;
  /** If-Match; undefined writes over whatever is there (versioning.ts) */
  expectedVersion: number | undefined;
  locale: Locale;
  now?: Date;
};

type AppointmentRow = typeof appointments.$inferSelect;

const STATUS_CHANGES = {
  2: { from: 5, event: "appointment.completed", action: "completed" },
  3: { from: 1, event: "appointment.no_show", action: "no_show" },
  4: { from: 1, event: "appointment.cancelled", action: "cancelled" },
  5: { from: 1, event: "appointment.started", action: "started" },
} as const satisfies Record<number, { from: number; event: DomainEventType; action: AuditAction }>;

const STANDING = {
  1: "confirmed",
  2: "completed",
  3: "no_show",
  4: "cancelled",
  5: "in_progress",
  6: "served",
} as Record<number, string>;

/** 409 for a change the appointment's status does not allow, saying where it stands. */
export function transitionRefused(row: Pick<AppointmentRow, "status" | "arrivedAt">): AppError {
  const standing =
    row.status === 1 && row.arrivedAt !== null ? "arrived" : (STANDING[row.status] ?? "confirmed");
  return new AppError("conflict", {
    code: "transition_not_allowed",
    messageId: `BookingError.not_allowed_${standing}`,
  });
}

/** The appointment, presented, if it is at a location the caller may act at. */
export async function findStaffAppointment(
  db: DbOrTx,
  staff: StaffContext,
  id: number,
  locale: Locale,
): Promise<StaffAppointmentResource> {
  const [resource] = await loadStaffAppointments(db, {
    vendorId: staff.vendorId,
    where: and(eq(appointments.id, id), scoped(staff)),
    locale,
  });
  if (!resource) throw notFound();
  return resource;
}

const scoped = (staff: StaffContext) =>
  locationScope(staff, {
    vendorColumn: appointments.vendorId,
    locationColumn: appointments.locationId,
  });

async function findRow(db: DbOrTx, staff: StaffContext, id: number): Promise<AppointmentRow> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), scoped(staff)));
  if (!row) throw notFound();
  return row;
}

export async function changeStaffAppointment(
  options: ChangeStaffAppointmentOptions,
): Promise<StaffAppointmentResource> {
  const { db, staff, change } = options;
  const now = options.now ?? new Date();
  const needs = change.kind === "move" || (change.kind === "status" && change.status === 4);
  if (!staffCan(staff, needs ? "appointments.book" : "appointments.serve")) {
    throw permissionDenied();
  }
  const row = await findRow(db, staff, options.id);
  if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
    throw versionConflict(await current(options));
  }

  if (change.kind === "move") return moveAppointment(options, row, change, now);
  if (change.kind === "arrived") {
    if (row.status !== 1 || row.arrivedAt !== null) throw transitionRefused(row);
    return write(options, row, { arrivedAt: now }, "appointment.arrived", "arrived", now);
  }
  const rule = STATUS_CHANGES[change.status];
  if (row.status !== rule.from) throw transitionRefused(row);
  const set: Partial<AppointmentRow> = { status: change.status };
  if (change.status === 5) set.startedAt = now;
  if (change.status === 2) set.finishedAt = now;
  if (change.status === 4) set.cancelledAt = now;
  return write(options, row, set, rule.event, rule.action, now);
}

const current = (options: ChangeStaffAppointmentOptions) =>
  findStaffAppointment(options.db, options.staff, options.id, options.locale);

/**
 * Writes the change if the row is still the version read, with its event and audit row; a row
 * changed meanwhile is answered as the If-Match conflict it is.
 */
async function write(
  options: ChangeStaffAppointmentOptions,
  row: AppointmentRow,
  set: Partial<AppointmentRow>,
  type: DomainEventType,
  action: AuditAction,
  now: Date,
): Promise<StaffAppointmentResource> {
  const { staff } = options;
  const after = await options.db.transaction(async (tx) => {
    const before = await findStaffAppointment(tx, staff, row.id, options.locale);
    const [updated] = await tx
      .update(appointments)
      .set({ ...set, updatedAt: now, version: sql`${appointments.version} + 1` })
      .where(
        and(
          eq(appointments.id, row.id),
          eq(appointments.vendorId, staff.vendorId),
          eq(appointments.version, row.version),
        ),
      )
      .returning({
        locationId: appointments.locationId,
        userId: appointments.userId,
        startsAt: appointments.startsAt,
      });
    if (!updated) throw versionConflict(before);
    const presented = await findStaffAppointment(tx, staff, row.id, options.locale);
    await recordDomainEvents(tx, [
      {
        vendorId: staff.vendorId,
        type,
        aggregateId: row.id,
        payload: {
          locationId: updated.locationId,
          staffId: updated.userId,
          startsAt: updated.startsAt.toISOString(),
          actorUserId: staff.user.id,
          ...(type === "appointment.cancelled" ? { actor: "staff" as const } : {}),
          ...(type === "appointment.rescheduled"
            ? { fromStartsAt: row.startsAt.toISOString(), fromStaffId: row.userId }
            : {}),
        },
        occurredAt: now,
      },
    ]);
    await recordAudit(tx, {
      vendorId: staff.vendorId,
      actorUserId: staff.user.id,
      subjectType: "appointment",
      subjectId: row.id,
      action,
      before: auditedAttributes(before),
      after: auditedAttributes(presented),
    });
    return presented;
  });
  options.events.emit("eventsRecorded", {});
  return after;
}

/** Moves a confirmed appointment to a free slot as staff may book it (another staff member's when named). */
async function moveAppointment(
  options: ChangeStaffAppointmentOptions,
  row: AppointmentRow,
  change: { start: number; staffId: number | null },
  now: Date,
): Promise<StaffAppointmentResource> {
  const { db, staff } = options;
  if (row.status !== 1) throw transitionRefused(row);
  const [location] = await db
    .select({ timezone: locations.timezone })
    .from(locations)
    .where(and(eq(locations.id, row.locationId), eq(locations.vendorId, staff.vendorId)));
  if (!location) throw notFound();
  const request = {
    vendorId: staff.vendorId,
    settings: options.settings,
    locationId: row.locationId,
    serviceId: row.serviceId,
    staffId: change.staffId,
    meetingMethod: row.meetingMethod as BookingMeetingMethod,
    attendees: row.attendees,
    ignoreAppointmentId: row.id,
    staffView: true,
    now,
  };
  const date = localDateAt(new Date(change.start), location.timezone);
  for (let attempt = 0; attempt < 5; attempt++) {
    const day = await loadBookableDay(db, { ...request, date });
    const slot = findAvailability(day.query)
      .flatMap((d) => d.slots)
      .find((candidate) => candidate.start === change.start);
    if (!slot) throw await slotTaken(db, request, change.start, location.timezone);
    // The staff member the client had stays when free at the new time and none other was named.
    const staffId =
      row.userId !== null && slot.staffIds.includes(row.userId) ? row.userId : slot.staffIds[0]!;
    const roomId = pickRoom(day.query, slot.start, slot.end, row.attendees);
    if (roomId === undefined) throw await slotTaken(db, request, change.start, location.timezone);
    try {
      return await write(
        options,
        row,
        {
          startsAt: new Date(slot.start),
          endsAt: new Date(slot.end),
          userId: staffId,
          roomId,
        },
        "appointment.rescheduled",
        "rescheduled",
        now,
      );
    } catch (error) {
      if (isExclusionViolation(error)) continue;
      throw error;
    }
  }
  throw await slotTaken(db, request, change.start, location.timezone);
}
