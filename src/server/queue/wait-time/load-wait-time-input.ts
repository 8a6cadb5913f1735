// Reads the wait-time engine's input for one location of one vendor: lanes, bookings, visitors in
// progress, the line itself and learned durations. Every query is scoped by vendor_id.
import { and, asc, desc, eq, gt, inArray, isNotNull, lt } from "drizzle-orm";
import { dayRange, zonedInstant } from "../../../shared/opening-hours.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  appointments,
  type DayHours,
  locationHourAdjustments,
  locationServices,
  locations,
  queueAppointments,
  services,
} from "../../db/schema.ts";
import { notFound } from "../../http/app-error.ts";
import { learnServiceDurations } from "./learn-service-durations.ts";
import { loadStaffLanes } from "./load-staff-lanes.ts";
import { type LocalDay, localDayAt } from "./local-day.ts";
import type { LaneBlock, WaitTimeSimulationInput } from "./simulate-wait-times.ts";
import type { TimeInterval } from "./time-intervals.ts";

/** Booked appointments that hold their staff member: confirmed (1) and in progress (5). */
const BLOCKING_APPOINTMENT_STATUSES = [1, 5];

export type WaitingRow = { id: number; serviceId: number; expectedStart: Date | null };

export type WaitTimeInput = {
  /** what the pure engine runs on; its `waiting` leaves out visitors of a service it has no duration for */
  simulation: WaitTimeSimulationInput;
  /** every waiting visitor in queue order, with the expected start stored now */
  waiting: WaitingRow[];
  /** services a visitor can join the line for here: offered at the location and taking walk-ins */
  walkInServiceIds: number[];
};

export type WaitTimeScope = { vendorId: number; locationId: number };

export async function loadWaitTimeInput(
  db: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
): Promise<WaitTimeInput> {
  const { vendorId, locationId } = scope;
  const [location] = await db
    .select({ hours: locations.hours, timezone: locations.timezone })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.vendorId, vendorId)));
  if (!location) throw notFound();
  const day = localDayAt(now, location.timezone);

  const offered = await db
    .select({ id: services.id, supportsWalkin: services.supportsWalkin })
    .from(locationServices)
    .innerJoin(
      services,
      and(eq(services.id, locationServices.serviceId), eq(services.vendorId, vendorId)),
    )
    .where(
      and(eq(locationServices.vendorId, vendorId), eq(locationServices.locationId, locationId)),
    )
    .orderBy(asc(services.id));
  const offeredServiceIds = offered.map((service) => service.id);

  const lanes = await loadStaffLanes(db, {
    vendorId,
    locationId,
    day,
    now,
    openingHours: await openingHoursToday(db, scope, day, location),
    offeredServiceIds,
  });

  const line = await db
    .select({
      id: queueAppointments.id,
      serviceId: queueAppointments.serviceId,
      status: queueAppointments.status,
      userId: queueAppointments.userId,
      startedAt: queueAppointments.startedAt,
      expectedStart: queueAppointments.expectedStart,
    })
    .from(queueAppointments)
    .where(
      and(
        eq(queueAppointments.vendorId, vendorId),
        eq(queueAppointments.locationId, locationId),
        inArray(queueAppointments.status, ["waiting", "in_progress"]),
      ),
    )
    .orderBy(asc(queueAppointments.queuedAt), asc(queueAppointments.id));
  const waiting = line.filter((row) => row.status === "waiting");
  const inProgress = line.filter((row) => row.status === "in_progress" && row.userId !== null);

  const durationMinutes = await learnServiceDurations(
    db,
    {
      vendorId,
      locationId,
      serviceIds: [...offeredServiceIds, ...line.map((row) => row.serviceId)],
    },
    now,
  );

  const busyUntil = new Map<number, number>();
  for (const visit of inProgress) {
    const minutes = durationMinutes.get(visit.serviceId) ?? 0;
    // A visit running past its expected end still holds the lane now; it is about to end.
    const expectedEnd = Math.max(
      (visit.startedAt ?? now).getTime() + minutes * 60_000,
      now.getTime(),
    );
    busyUntil.set(visit.userId!, Math.max(busyUntil.get(visit.userId!) ?? 0, expectedEnd));
  }

  return {
    simulation: {
      now: now.getTime(),
      lanes: lanes.map((lane) => ({ ...lane, busyUntil: busyUntil.get(lane.staffId) ?? null })),
      blocks: await loadBookings(db, scope, now, day),
      waiting: waiting
        .filter((row) => durationMinutes.has(row.serviceId))
        .map((row) => ({ id: row.id, serviceId: row.serviceId })),
      durationMinutes,
    },
    waiting: waiting.map(({ id, serviceId, expectedStart }) => ({ id, serviceId, expectedStart })),
    walkInServiceIds: offered
      .filter((service) => service.supportsWalkin)
      .map((service) => service.id),
  };
}

/** Today's opening hours as instants: a dated adjustment (holiday, special opening) wins over the week. */
async function openingHoursToday(
  db: DbOrTx,
  scope: WaitTimeScope,
  day: LocalDay,
  location: { hours: Record<string, DayHours>; timezone: string },
): Promise<TimeInterval | null> {
  const [adjustment] = await db
    .select({ hours: locationHourAdjustments.hours })
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.vendorId, scope.vendorId),
        eq(locationHourAdjustments.locationId, scope.locationId),
        eq(locationHourAdjustments.day, day.date),
      ),
    )
    .orderBy(desc(locationHourAdjustments.id))
    .limit(1);
  const hours = adjustment ? adjustment.hours : (location.hours[day.weekday] ?? null);
  let range: ReturnType<typeof dayRange>;
  try {
    range = dayRange(hours ?? null);
  } catch {
    return null; // malformed hours are refused on write; a row that still has them counts as closed
  }
  if (!range) return null;
  return {
    start: zonedInstant(day.date, range.open, location.timezone).getTime(),
    end: zonedInstant(day.date, range.closed, location.timezone).getTime(),
  };
}

/** Booked appointments still ahead today that hold a staff member; unassigned ones hold nobody. */
async function loadBookings(
  db: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
  day: LocalDay,
): Promise<LaneBlock[]> {
  const rows = await db
    .select({
      userId: appointments.userId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.vendorId, scope.vendorId),
        eq(appointments.locationId, scope.locationId),
        inArray(appointments.status, BLOCKING_APPOINTMENT_STATUSES),
        isNotNull(appointments.userId),
        lt(appointments.startsAt, day.end),
        gt(appointments.endsAt, now),
      ),
    );
  return rows.map((row) => ({
    staffId: row.userId!,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
  }));
}
