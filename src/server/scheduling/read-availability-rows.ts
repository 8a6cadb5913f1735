// The four statements behind an availability query (load-availability.ts), each scoped by
// vendor_id: the location with the service, its rooms, hour adjustments and whether it keeps a
// roster; the staff who may serve; the location's shifts and breaks; the appointments that hold
// those staff, its rooms or its days. Few statements whatever the range or the number of staff.
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import { type AdjustmentRule, monthDaysOf } from "../../shared/hour-adjustments.ts";
import type { WeeklyHours } from "../../shared/opening-hours.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  appointments,
  locations,
  services,
  staffShifts,
  userLocations,
  users,
} from "../db/schema.ts";

const DAY_MS = 86_400_000;
/**
 * The appointments that count toward a day's limits: confirmed (1), in progress (5), completed (2)
 * and served (6), so that a limit does not free up as the day's appointments end.
 */
const COUNTED_STATUSES = [1, 2, 5, 6];
/** The appointments that hold their staff member and room: confirmed and in progress. */
export const HOLDING_STATUSES = [1, 5];

export type AvailabilityScope = {
  vendorId: number;
  locationId: number;
  serviceId: number;
  staffId: number | null;
  now: Date;
  /** staff may book at private locations too */
  staffView?: boolean | undefined;
};

export type LocationRow = {
  timezone: string;
  hours: WeeklyHours;
  supportsInPerson: boolean;
  supportsPhone: boolean;
  supportsVideo: boolean;
  /** the requested service, when it is the vendor's and current */
  service: {
    durationMinutes: number;
    bufferBefore: number;
    bufferAfter: number;
    supportsInPerson: boolean;
    supportsPhone: boolean;
    supportsVideo: boolean;
    offered: boolean;
  } | null;
  /** whether the location keeps a roster: a shift here that has not ended by now */
  hasShifts: boolean;
  /** current rooms as [id, capacity], by id */
  rooms: [number, number][];
  adjustments: AdjustmentRule[];
};

/**
 * The public (or, for staff, any), current location of the vendor with the service, its rooms and the hour adjustments
 * of the range's dates (yearly ones by their month-day), in one statement; null when none such.
 */
export async function loadBookableLocation(
  db: DbOrTx,
  request: AvailabilityScope,
  dates: string[],
): Promise<LocationRow | null> {
  const { vendorId, locationId, serviceId } = request;
  const monthDays = sql.join(
    monthDaysOf(dates).map((monthDay) => sql`${monthDay}`),
    sql`, `,
  );
  // Written out with aliases: Drizzle leaves column names unqualified in a one-table select.
  const [row] = await db
    .select({
      timezone: locations.timezone,
      hours: locations.hours,
      supportsInPerson: locations.supportsInPerson,
      supportsPhone: locations.supportsPhone,
      supportsVideo: locations.supportsVideo,
      service: sql<LocationRow["service"]>`(
        select json_build_object('durationMinutes', s.duration_minutes,
          'bufferBefore', s.buffer_before_minutes, 'bufferAfter', s.buffer_after_minutes,
          'supportsInPerson', s.supports_in_person, 'supportsPhone', s.supports_phone,
          'supportsVideo', s.supports_video,
          'offered', exists(select 1 from location_services ls where ls.vendor_id = ${vendorId}
            and ls.location_id = ${locationId} and ls.service_id = s.id))
        from services s
        where s.id = ${serviceId} and s.vendor_id = ${vendorId} and s.archived_at is null)`,
      // The start bound lets the index on (location_id, starts_at) skip the location's past.
      hasShifts: sql<boolean>`exists(
        select 1 from staff_shifts ss
        where ss.vendor_id = ${vendorId} and ss.location_id = ${locationId}
          and ss.kind = 'shift' and ss.ends_at > ${request.now.toISOString()}::timestamptz
          and ss.starts_at > ${new Date(request.now.getTime() - 7 * DAY_MS).toISOString()}::timestamptz)`,
      rooms: sql<[number, number][]>`(
        select coalesce(json_agg(json_build_array(r.id, r.capacity) order by r.id), '[]')
        from rooms r
        where r.vendor_id = ${vendorId} and r.location_id = ${locationId}
          and r.archived_at is null)`,
      adjustments: sql<AdjustmentRule[]>`(
        select coalesce(json_agg(json_build_object('id', a.id, 'day', a.day, 'hours', a.hours,
          'recursYearly', a.recurs_yearly) order by a.id), '[]')
        from location_hour_adjustments a
        where a.vendor_id = ${vendorId} and a.location_id = ${locationId}
          and (a.day between ${dates[0]} and ${dates[dates.length - 1]}
            or (a.recurs_yearly and a.day <= ${dates[dates.length - 1]}
              and substr(a.day, 6) in (${monthDays}))))`,
    })
    .from(locations)
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.vendorId, vendorId),
        request.staffView ? undefined : eq(locations.visibility, "public"),
        isNull(locations.archivedAt),
      ),
    );
  return row ?? null;
}

/**
 * The vendor's active staff who serve (role Staff and up: not kiosks or contact-centre staff)
 * assigned to the location, and the asked-for staff member wherever they work, with the services
 * each lists (none: every service).
 */
export async function loadRoster(db: DbOrTx, request: AvailabilityScope) {
  const { vendorId, locationId, staffId } = request;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      assigned: sql<boolean>`${userLocations.userId} is not null`,
      serviceIds: sql<number[]>`array(
        select us.service_id from user_services us
        where us.vendor_id = ${vendorId} and us.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(
      userLocations,
      and(
        eq(userLocations.userId, users.id),
        eq(userLocations.vendorId, vendorId),
        eq(userLocations.locationId, locationId),
      ),
    )
    .where(
      and(
        eq(users.vendorId, vendorId),
        eq(users.active, true),
        gte(users.roleLevel, ROLES.staff),
        staffId === null
          ? isNotNull(userLocations.userId)
          : or(isNotNull(userLocations.userId), eq(users.id, staffId)),
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => ({ ...row, serviceIds: row.serviceIds.map(Number) }));
}

/** Shifts and breaks of everyone at the location overlapping [from, to). */
export function loadShifts(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; from: number; to: number },
) {
  return db
    .select({
      userId: staffShifts.userId,
      kind: staffShifts.kind,
      startsAt: staffShifts.startsAt,
      endsAt: staffShifts.endsAt,
    })
    .from(staffShifts)
    .where(
      and(
        eq(staffShifts.vendorId, scope.vendorId),
        eq(staffShifts.locationId, scope.locationId),
        lt(staffShifts.startsAt, new Date(scope.to)),
        gt(staffShifts.endsAt, new Date(scope.from)),
      ),
    );
}

/**
 * Appointments overlapping [from, to) that count: the location's (its rooms and its days), and
 * the staff members' at every location of the vendor (one person cannot be in two meetings), each
 * with its own service's buffers.
 */
export function loadAppointments(
  db: DbOrTx,
  scope: {
    vendorId: number;
    locationId: number;
    staffIds: number[];
    from: number;
    to: number;
    /** an appointment being moved: it does not hold its own staff member, room or day */
    ignoreAppointmentId?: number | undefined;
  },
) {
  const here = eq(appointments.locationId, scope.locationId);
  return db
    .select({
      locationId: appointments.locationId,
      userId: appointments.userId,
      roomId: appointments.roomId,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      bufferBefore: services.bufferBeforeMinutes,
      bufferAfter: services.bufferAfterMinutes,
    })
    .from(appointments)
    .innerJoin(
      services,
      and(eq(services.id, appointments.serviceId), eq(services.vendorId, scope.vendorId)),
    )
    .where(
      and(
        eq(appointments.vendorId, scope.vendorId),
        scope.staffIds.length > 0 ? or(here, inArray(appointments.userId, scope.staffIds)) : here,
        inArray(appointments.status, COUNTED_STATUSES),
        lt(appointments.startsAt, new Date(scope.to)),
        gt(appointments.endsAt, new Date(scope.from)),
        scope.ignoreAppointmentId === undefined
          ? undefined
          : ne(appointments.id, scope.ignoreAppointmentId),
      ),
    );
}
