// GET /schedule's document (docs/schedule.md): a location's local days with their opening periods
// (holidays and special hours applied, as the availability loader reads them), the staff assigned
// there with their shifts and breaks, the services offered with their booking meeting methods, the
// rooms, and every appointment overlapping the days (the staff presenter, staff-appointments.ts).
// Six statements whatever the span, run side by side; each is scoped by vendor_id.
import { and, asc, eq, gt, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { ScheduleDocument } from "../../shared/contracts/schedule.ts";
import { BOOKING_MEETING_METHODS, type Locale, ROLES } from "../../shared/domain.ts";
import { type AdjustmentRule, datesFrom, monthDaysOf } from "../../shared/hour-adjustments.ts";
import {
  type BookingMeetingMethod,
  offersBookingMethod,
} from "../../shared/services/booking-methods.ts";
import { translated } from "../../shared/translations.ts";
import type { VendorSettings } from "../../shared/vendor-settings.ts";
import { loadStaffAppointments } from "../booking/staff-appointments.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  appointments,
  locationHourAdjustments,
  locationServices,
  rooms,
  services,
  staffShifts,
  userLocations,
  users,
} from "../db/schema.ts";
import type { LocationRow } from "../lobby/find-staff-location.ts";
import { openingPeriodsOf } from "../scheduling/load-availability.ts";
import { localDayOf } from "../scheduling/local-day.ts";
import { zonedIsoString } from "../scheduling/zoned-iso-string.ts";

/** A one-off break this long is someone's time off rather than a pause in their day. */
const TIME_OFF_MINUTES = 120;
const METHODS = Object.values(BOOKING_MEETING_METHODS) as BookingMeetingMethod[];

export type ScheduleRequest = {
  vendorId: number;
  location: LocationRow;
  /** the first local date, YYYY-MM-DD */
  date: string;
  days: number;
  locale: Locale;
  features: VendorSettings["features"];
  now: Date;
};

export async function loadSchedule(
  db: DbOrTx,
  request: ScheduleRequest,
): Promise<ScheduleDocument> {
  const { vendorId, location, locale } = request;
  const zone = location.timezone;
  const dates = datesFrom(request.date, request.days);
  const days = dates.map((date) => localDayOf(date, zone));
  const from = days[0]!.start;
  const to = days[days.length - 1]!.end;
  const here = { vendorId, locationId: location.id };

  const [adjustments, staffRows, shiftRows, serviceRows, roomRows, included] = await Promise.all([
    loadAdjustments(db, here, dates),
    loadAssignedStaff(db, here, request.now),
    db
      .select({
        userId: staffShifts.userId,
        kind: staffShifts.kind,
        generated: staffShifts.generated,
        startsAt: staffShifts.startsAt,
        endsAt: staffShifts.endsAt,
      })
      .from(staffShifts)
      .where(
        and(
          eq(staffShifts.vendorId, vendorId),
          eq(staffShifts.locationId, location.id),
          lt(staffShifts.startsAt, to),
          gt(staffShifts.endsAt, from),
        ),
      )
      .orderBy(asc(staffShifts.startsAt), asc(staffShifts.id)),
    db
      .select({
        id: services.id,
        name: services.name,
        translations: services.translations,
        durationMinutes: services.durationMinutes,
        supportsInPerson: services.supportsInPerson,
        supportsPhone: services.supportsPhone,
        supportsVideo: services.supportsVideo,
      })
      .from(services)
      .innerJoin(
        locationServices,
        and(
          eq(locationServices.serviceId, services.id),
          eq(locationServices.vendorId, vendorId),
          eq(locationServices.locationId, location.id),
        ),
      )
      .where(and(eq(services.vendorId, vendorId), isNull(services.archivedAt)))
      .orderBy(asc(services.sortOrder), asc(services.id)),
    db
      .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
      .from(rooms)
      .where(
        and(
          eq(rooms.vendorId, vendorId),
          eq(rooms.locationId, location.id),
          isNull(rooms.archivedAt),
        ),
      )
      .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id)),
    loadStaffAppointments(db, {
      vendorId,
      locale,
      where: and(
        eq(appointments.locationId, location.id),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    }),
  ]);

  const at = (instant: number) => zonedIsoString(instant, zone);
  const span = (start: number, end: number) => ({ start: at(start), end: at(end) });
  const daysOut = days.map((day) => ({
    date: day.date,
    start: at(day.start.getTime()),
    end: at(day.end.getTime()),
    opening: openingPeriodsOf(location.hours, adjustments, [day], zone).map((p) =>
      span(p.start, p.end),
    ),
  }));
  // A location that keeps no roster has everyone assigned work its opening hours (as the
  // availability engine reads it, load-availability.ts).
  const runsOnShifts = shiftRows.some((row) => row.kind === "shift") || staffRows.hasRoster;
  const openHours = openingPeriodsOf(location.hours, adjustments, days, zone);

  const staff = staffRows.rows.map((member) => {
    const own = shiftRows.filter((row) => row.userId === member.id);
    return {
      id: String(member.id),
      display_name: `${member.firstName} ${member.lastName}`.trim(),
      service_ids: (member.serviceIds.length > 0
        ? serviceRows.filter((s) => member.serviceIds.includes(s.id))
        : serviceRows
      ).map((s) => String(s.id)),
      shifts: runsOnShifts
        ? own
            .filter((row) => row.kind === "shift")
            .map((row) => span(row.startsAt.getTime(), row.endsAt.getTime()))
        : openHours.map((p) => span(p.start, p.end)),
      breaks: own
        .filter((row) => row.kind === "break")
        .map((row) => ({
          ...span(row.startsAt.getTime(), row.endsAt.getTime()),
          kind:
            !row.generated &&
            row.endsAt.getTime() - row.startsAt.getTime() >= TIME_OFF_MINUTES * 60_000
              ? ("time_off" as const)
              : ("break" as const),
        })),
    };
  });

  return {
    data: {
      type: "schedules",
      id: `${location.id}:${request.date}:${request.days}`,
      attributes: {
        location_id: String(location.id),
        location_name: location.name,
        time_zone: zone,
        days: daysOut,
        staff,
        rooms: roomRows.map((room) => ({ ...room, id: String(room.id) })),
        services: serviceRows.map((service) => ({
          id: String(service.id),
          name: translated(service.translations, "name", locale, service.name),
          duration_minutes: service.durationMinutes,
          meeting_methods: METHODS.filter((method) =>
            offersBookingMethod(method, location, service, request.features),
          ),
        })),
      },
    },
    included,
  };
}

/** The location's dated and yearly hour adjustments that fall on the dates. */
function loadAdjustments(
  db: DbOrTx,
  here: { vendorId: number; locationId: number },
  dates: string[],
): Promise<AdjustmentRule[]> {
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const monthDays = sql.join(
    monthDaysOf(dates).map((monthDay) => sql`${monthDay}`),
    sql`, `,
  );
  return db
    .select({
      id: locationHourAdjustments.id,
      day: locationHourAdjustments.day,
      hours: locationHourAdjustments.hours,
      recursYearly: locationHourAdjustments.recursYearly,
    })
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.vendorId, here.vendorId),
        eq(locationHourAdjustments.locationId, here.locationId),
        or(
          and(
            gte(locationHourAdjustments.day, first),
            sql`${locationHourAdjustments.day} <= ${last}`,
          ),
          and(
            eq(locationHourAdjustments.recursYearly, true),
            sql`${locationHourAdjustments.day} <= ${last}`,
            sql`substr(${locationHourAdjustments.day}, 6) in (${monthDays})`,
          ),
        ),
      ),
    )
    .orderBy(asc(locationHourAdjustments.id));
}

/**
 * The active staff who serve (Staff and up: no kiosks or contact centre) assigned to the location,
 * by name, with the services each lists (none: every service), and whether the location keeps a
 * roster (a shift here not yet ended), in one statement.
 */
async function loadAssignedStaff(
  db: DbOrTx,
  here: { vendorId: number; locationId: number },
  now: Date,
) {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      serviceIds: sql<number[]>`array(
        select us.service_id from user_services us
        where us.vendor_id = ${here.vendorId} and us.user_id = ${users.id})`,
      hasRoster: sql<boolean>`exists(
        select 1 from staff_shifts ss
        where ss.vendor_id = ${here.vendorId} and ss.location_id = ${here.locationId}
          and ss.kind = 'shift' and ss.ends_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .innerJoin(
      userLocations,
      and(
        eq(userLocations.userId, users.id),
        eq(userLocations.vendorId, here.vendorId),
        eq(userLocations.locationId, here.locationId),
      ),
    )
    .where(
      and(
        eq(users.vendorId, here.vendorId),
        eq(users.active, true),
        gte(users.roleLevel, ROLES.staff),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    rows: rows.map((row) => ({ ...row, serviceIds: row.serviceIds.map(Number) })),
    hasRoster: rows.some((row) => row.hasRoster),
  };
}
