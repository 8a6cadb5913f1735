// Reads the wait-time engine's input for one location of one vendor: lanes, bookings, visitors in
// progress, the line itself and learned durations. Every query is scoped by vendor_id.
import { and, eq, inArray, sql } from "drizzle-orm";
import { resolveAdjustments } from "../../../shared/hour-adjustments.ts";
import { dayRanges, type MinuteRange, zonedInstant } from "../../../shared/opening-hours.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type DayHours, locations, queueAppointments } from "../../db/schema.ts";
import { notFound } from "../../http/app-error.ts";
import { loadStaffBookings } from "../../scheduling/load-staff-bookings.ts";
import { loadStaffLanes } from "../../scheduling/load-staff-lanes.ts";
import { type LocalDay, localDayAt } from "../../scheduling/local-day.ts";
import type { TimeInterval } from "../../scheduling/time-intervals.ts";
import { type LearnedDurationsCache, learnServiceDurations } from "./learn-service-durations.ts";
import type { WaitTimeSimulationInput } from "./simulate-wait-times.ts";

export type WaitingRow = {
  id: number;
  serviceId: number;
  expectedStart: Date | null;
  /** called to a desk (called_at set), whoever called */
  called: boolean;
};

export type WaitTimeInput = {
  /** what the pure engine runs on; its `waiting` leaves out visitors of a service it has no duration for */
  simulation: WaitTimeSimulationInput;
  /** every waiting visitor in queue order, with the expected start stored now */
  waiting: WaitingRow[];
  /** services a visitor can join the line for here: offered at the location and taking walk-ins */
  walkInServiceIds: number[];
  /** visitors called to a desk, expected from their call on (they are not simulated: they are next) */
  calledStarts: ReadonlyMap<number, number>;
};

export type WaitTimeScope = { vendorId: number; locationId: number };

/** `learnedDurations`: the app's kept samples (AppCaches); without it they are read afresh. */
export async function loadWaitTimeInput(
  db: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
  learnedDurations?: LearnedDurationsCache,
): Promise<WaitTimeInput> {
  const { vendorId, locationId } = scope;
  const location = await loadLocation(db, scope, now);
  if (!location) throw notFound();
  const day = localDayAt(now, location.timezone);
  const offered = location.offered;
  const offeredServiceIds = offered.map((service) => service.id);

  const lanes = await loadStaffLanes(db, {
    vendorId,
    locationId,
    day,
    now,
    openingHours: openingHoursToday(day, location),
    offeredServiceIds,
  });

  const line = await loadLine(db, scope);
  const waiting = line.filter((row) => row.status === "waiting");
  // A visitor called to a desk is served next by whoever called them: on that lane, from now.
  const isCalled = (row: LineRow) =>
    row.status === "waiting" && row.calledAt !== null && row.userId !== null;
  const inProgress = line.filter(
    (row) => (row.status === "in_progress" && row.userId !== null) || isCalled(row),
  );

  const durationMinutes = await learnServiceDurations(
    db,
    {
      vendorId,
      locationId,
      serviceIds: [...offeredServiceIds, ...line.map((row) => row.serviceId)],
    },
    now,
    new Map(offered.map((service) => [service.id, service.durationMinutes])),
    learnedDurations,
  );

  const busyUntil = new Map<number, number>();
  for (const visit of inProgress) {
    const minutes = durationMinutes.get(visit.serviceId) ?? 0;
    // A visit running past its expected end still holds the lane now; it is about to end. A called
    // visitor's meeting starts when they reach the desk: now, as far as anyone can tell.
    const started = visit.status === "in_progress" ? visit.startedAt : null;
    const expectedEnd = Math.max((started ?? now.getTime()) + minutes * 60_000, now.getTime());
    busyUntil.set(visit.userId!, Math.max(busyUntil.get(visit.userId!) ?? 0, expectedEnd));
  }

  return {
    simulation: {
      now: now.getTime(),
      lanes: lanes.map((lane) => ({ ...lane, busyUntil: busyUntil.get(lane.staffId) ?? null })),
      // booked appointments still ahead today
      blocks: await loadStaffBookings(db, { ...scope, from: now, to: day.end }),
      waiting: waiting
        .filter((row) => durationMinutes.has(row.serviceId) && !isCalled(row))
        .map((row) => ({ id: row.id, serviceId: row.serviceId })),
      durationMinutes,
    },
    waiting: waiting.map(({ id, serviceId, expectedStart, calledAt }) => ({
      id,
      serviceId,
      expectedStart: expectedStart === null ? null : new Date(expectedStart),
      called: calledAt !== null,
    })),
    calledStarts: new Map(
      // stable across recalculations, so the row is not rewritten each time; its wait reads 0
      waiting.filter(isCalled).map((row) => [row.id, row.calledAt!] as const),
    ),
    walkInServiceIds: offered
      .filter((service) => service.supportsWalkin)
      .map((service) => service.id),
  };
}

type OfferedService = { id: number; supportsWalkin: boolean; durationMinutes: number };
type LocationContext = {
  hours: Record<string, DayHours>;
  timezone: string;
  /** dated opening-hour adjustments around today (yearly ones by their month-day) */
  adjustments: { id: number; day: string; hours: DayHours; recursYearly: boolean }[];
  /** services offered at the location, by id */
  offered: OfferedService[];
};

/**
 * The location with what the engine needs of it, in one statement: its hours, the dated
 * adjustments of the days around now (the local date is known only once the time zone is read,
 * and it is within a day of the UTC date), and the services it offers with their durations.
 */
async function loadLocation(
  db: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
): Promise<LocationContext | null> {
  const utcDate = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  // Written out with aliases: Drizzle leaves column names unqualified in a one-table select.
  const [location] = await db
    .select({
      hours: locations.hours,
      timezone: locations.timezone,
      adjustments: sql<LocationContext["adjustments"]>`(
        select coalesce(json_agg(json_build_object('id', a.id, 'day', a.day, 'hours', a.hours,
          'recursYearly', a.recurs_yearly) order by a.id desc), '[]')
        from location_hour_adjustments a
        where a.vendor_id = ${scope.vendorId} and a.location_id = ${scope.locationId}
          and (a.day between ${utcDate(-1)} and ${utcDate(1)}
            or (a.recurs_yearly and a.day <= ${utcDate(1)}
              and substr(a.day, 6) in (${utcDate(-1).slice(5)}, ${utcDate(0).slice(5)}, ${utcDate(1).slice(5)}))))`,
      offered: sql<[number, boolean, number][]>`(
        select coalesce(json_agg(json_build_array(s.id, s.supports_walkin, s.duration_minutes) order by s.id), '[]')
        from location_services ls
        inner join services s on s.id = ls.service_id and s.vendor_id = ${scope.vendorId}
        where ls.vendor_id = ${scope.vendorId} and ls.location_id = ${scope.locationId})`,
    })
    .from(locations)
    .where(and(eq(locations.id, scope.locationId), eq(locations.vendorId, scope.vendorId)));
  if (!location) return null;
  return {
    ...location,
    offered: location.offered.map(([id, supportsWalkin, durationMinutes]) => ({
      id,
      supportsWalkin,
      durationMinutes,
    })),
  };
}

type LineRow = {
  id: number;
  serviceId: number;
  status: "waiting" | "in_progress";
  userId: number | null;
  /** epoch ms */
  startedAt: number | null;
  /** epoch ms */
  expectedStart: number | null;
  /** epoch ms */
  calledAt: number | null;
};

/**
 * Visitors waiting or in progress, in queue order. The line can be hundreds of rows long and is
 * read on every change to it, so it comes back as one JSON array rather than a row per visitor:
 * decoding one value is much cheaper than a result row per visitor, on PGlite above all.
 */
async function loadLine(db: DbOrTx, scope: WaitTimeScope): Promise<LineRow[]> {
  const q = queueAppointments;
  const epochMs = (column: typeof q.startedAt) =>
    sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
  const [result] = await db
    .select({
      line: sql<
        [
          number,
          number,
          LineRow["status"],
          number | null,
          number | null,
          number | null,
          number | null,
        ][]
      >`
        coalesce(json_agg(json_build_array(${q.id}, ${q.serviceId}, ${q.status}, ${q.userId},
          ${epochMs(q.startedAt)}, ${epochMs(q.expectedStart)}, ${epochMs(q.calledAt)})
          order by ${q.queuedAt}, ${q.id}), '[]')`,
    })
    .from(q)
    .where(
      and(
        eq(q.vendorId, scope.vendorId),
        eq(q.locationId, scope.locationId),
        inArray(q.status, ["waiting", "in_progress"]),
      ),
    );
  return (result?.line ?? []).map(
    ([id, serviceId, status, userId, startedAt, expectedStart, calledAt]) => ({
      id,
      serviceId,
      status,
      userId,
      startedAt,
      expectedStart,
      calledAt,
    }),
  );
}

/**
 * Today's opening periods as instants, in order: a dated or yearly adjustment (holiday, special
 * opening) wins over the week. Empty when closed all day.
 */
function openingHoursToday(day: LocalDay, location: LocationContext): TimeInterval[] {
  const adjustment = resolveAdjustments(location.adjustments, [day.date]).get(day.date);
  const hours = adjustment ? adjustment.hours : (location.hours[day.weekday] ?? null);
  let ranges: MinuteRange[];
  try {
    ranges = dayRanges(hours ?? null);
  } catch {
    return []; // malformed hours are refused on write; a row that still has them counts as closed
  }
  return ranges.map((range) => ({
    start: zonedInstant(day.date, range.open, location.timezone).getTime(),
    end: zonedInstant(day.date, range.closed, location.timezone).getTime(),
  }));
}
