// What the availability engine (availability.ts) decides on, for one service at one location over
// a range of the location's local days: the location's zone, grid and opening periods with its
// holidays; the staff who can serve with their shifts, breaks and appointments, each appointment
// widened by its own service's buffers; the rooms; the day counts. Read in four statements
// (read-availability-rows.ts). What the request names but cannot be booked is a refusal.
import { BUFFER_MAX_MINUTES } from "../../shared/contracts/service-admin.ts";
import { BOOKING_MEETING_METHODS } from "../../shared/domain.ts";
import { type AdjustmentRule, adjustmentHours, datesFrom } from "../../shared/hour-adjustments.ts";
import {
  dayRanges,
  hoursOn,
  type MinuteRange,
  type WeeklyHours,
  zonedInstant,
} from "../../shared/opening-hours.ts";
import {
  type BookingMeetingMethod,
  offersBookingMethod,
} from "../../shared/services/booking-methods.ts";
import type { VendorSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import type { AvailabilityQuery, RoomCalendar, StaffCalendar } from "./availability.ts";
import { type LocalDay, localDayOf } from "./local-day.ts";
import {
  HOLDING_STATUSES,
  loadAppointments,
  loadBookableLocation,
  loadRoster,
  loadShifts,
} from "./read-availability-rows.ts";
import type { TimeInterval } from "./time-intervals.ts";

const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

/** What the loader fills in as it reads; the engine takes it as its read-only calendars. */
type FilledStaffCalendar = StaffCalendar & {
  shifts: TimeInterval[];
  unavailable: TimeInterval[];
  bookings: TimeInterval[];
  bookedPerDay: Map<string, number>;
};
type FilledRoomCalendar = RoomCalendar & { bookings: TimeInterval[] };

export type AvailabilityRequest = {
  vendorId: number;
  /** the grid (service_interval), the booking rules and the meeting-method flags */
  settings: Pick<VendorSettings, "service_interval" | "booking" | "features" | "client_view">;
  locationId: number;
  serviceId: number;
  /** one staff member's slots; null: any staff member who can serve */
  staffId: number | null;
  meetingMethod: BookingMeetingMethod;
  /** local dates at the location, YYYY-MM-DD, both included, fromDate <= toDate */
  fromDate: string;
  toDate: string;
  attendees: number;
  now: Date;
  /** an appointment being rescheduled: its own time does not hold its staff member or room */
  ignoreAppointmentId?: number | undefined;
  /**
   * staff booking on a client's behalf (docs/schedule.md): private locations too, and none of the
   * client view's time in advance or booking window — but never a start in the past
   */
  staffView?: boolean | undefined;
};

export type AvailabilityRefusal =
  /** unknown, another vendor's, archived or private */
  | "location_not_found"
  /** unknown, another vendor's or archived */
  | "service_not_found"
  | "service_not_offered"
  /** by the vendor, the location or the service */
  | "method_not_offered"
  /** unknown, another vendor's, inactive, or not a staff member who serves */
  | "staff_not_found"
  /** the vendor's staff member, but not at this location or not for this service */
  | "staff_not_offering";

export type AvailabilityStaffMember = { id: number; firstName: string; lastName: string };

export type LoadedAvailability =
  | { query: AvailabilityQuery; staff: AvailabilityStaffMember[]; refusal?: undefined }
  | { refusal: AvailabilityRefusal };

export async function loadAvailabilityQuery(
  db: DbOrTx,
  request: AvailabilityRequest,
): Promise<LoadedAvailability> {
  const { vendorId, locationId, serviceId, settings } = request;
  const dates = datesBetween(request.fromDate, request.toDate);
  const location = await loadBookableLocation(db, request, dates);
  if (!location) return { refusal: "location_not_found" };
  const service = location.service;
  if (!service) return { refusal: "service_not_found" };
  if (!service.offered) return { refusal: "service_not_offered" };
  if (!offersBookingMethod(request.meetingMethod, location, service, settings.features))
    return { refusal: "method_not_offered" };

  const roster = await loadRoster(db, request);
  const serving = roster.filter(
    (member) =>
      member.assigned && (member.serviceIds.length === 0 || member.serviceIds.includes(serviceId)),
  );
  const staff =
    request.staffId === null ? serving : serving.filter((member) => member.id === request.staffId);
  if (staff.length === 0 && request.staffId !== null) {
    const known = roster.some((member) => member.id === request.staffId);
    return { refusal: known ? "staff_not_offering" : "staff_not_found" };
  }

  const zone = location.timezone;
  const days = dates.map((date) => localDayOf(date, zone));
  const rangeStart = days[0]!.start.getTime();
  const rangeEnd = days[days.length - 1]!.end.getTime();
  const method = request.meetingMethod;
  const travel =
    method === BOOKING_MEETING_METHODS.off_site ? settings.booking.off_site_travel_minutes : 0;
  const bufferBefore = service.bufferBefore + travel;
  const bufferAfter = service.bufferAfter + travel;
  const durationMs = service.durationMinutes * MINUTE;
  const staffIds = staff.map((member) => member.id);

  const [shiftRows, appointmentRows] = await Promise.all([
    // A slot starting on the last day may end after it.
    loadShifts(db, { vendorId, locationId, from: rangeStart, to: rangeEnd + durationMs }),
    // Whatever another appointment's buffers (at most BUFFER_MAX_MINUTES) and the new one's are.
    loadAppointments(db, {
      vendorId,
      locationId,
      staffIds,
      from: rangeStart - (bufferBefore + BUFFER_MAX_MINUTES) * MINUTE,
      to: rangeEnd + durationMs + (bufferAfter + BUFFER_MAX_MINUTES) * MINUTE,
      ignoreAppointmentId: request.ignoreAppointmentId,
    }),
  ]);

  const openingPeriods = openingPeriodsOf(location.hours, location.adjustments, days, zone);
  // As load-staff-lanes does for a day without shift rows: a location that keeps no roster has
  // every staff member assigned to it work its opening hours. Whether it keeps one is judged by
  // its shifts from now on, not by the range asked, so that a day's slots do not change with the
  // range they are asked in, and a rostered location offers nobody on a day nobody is rostered
  // (nor past the days staff_shifts holds ahead: the booking window, `shiftHorizonDays`).
  const runsOnShifts = location.hasShifts;
  const dateOf = localDateFinder(days);
  const calendars = new Map<number, FilledStaffCalendar>();
  for (const id of staffIds) {
    calendars.set(id, {
      id,
      shifts: runsOnShifts ? [] : [...openingPeriods],
      unavailable: [],
      bookings: [],
      dailyLimit: settings.booking.staff_daily_limit,
      bookedPerDay: new Map<string, number>(),
    });
  }
  for (const row of shiftRows) {
    const calendar = calendars.get(row.userId);
    if (!calendar) continue;
    const interval = { start: row.startsAt.getTime(), end: row.endsAt.getTime() };
    if (row.kind === "break") calendar.unavailable.push(interval);
    else if (runsOnShifts) calendar.shifts.push(interval);
  }

  const inPerson = method === BOOKING_MEETING_METHODS.in_person;
  const rooms: FilledRoomCalendar[] | null =
    inPerson && location.rooms.length > 0
      ? location.rooms.map(([id, capacity]) => ({ id, capacity, bookings: [] }))
      : null;
  const roomById = new Map(rooms?.map((room) => [room.id, room]));
  const locationBookedPerDay = new Map<string, number>();
  for (const row of appointmentRows) {
    const start = row.startsAt.getTime();
    const end = row.endsAt.getTime();
    const here = row.locationId === locationId;
    const calendar = row.userId === null ? undefined : calendars.get(row.userId);
    const date = dateOf(start);
    if (date !== null) {
      if (here) increment(locationBookedPerDay, date);
      if (calendar) increment(calendar.bookedPerDay, date);
    }
    if (!HOLDING_STATUSES.includes(row.status)) continue;
    calendar?.bookings.push({
      start: start - row.bufferBefore * MINUTE,
      end: end + row.bufferAfter * MINUTE,
    });
    const room = here && row.roomId !== null ? roomById.get(row.roomId) : undefined;
    room?.bookings.push({ start, end });
  }

  const now = request.now.getTime();
  return {
    query: {
      timeZone: zone,
      fromDate: request.fromDate,
      toDate: request.toDate,
      durationMinutes: service.durationMinutes,
      stepMinutes: settings.service_interval,
      bufferBeforeMinutes: bufferBefore,
      bufferAfterMinutes: bufferAfter,
      earliestStart: request.staffView
        ? now
        : now + settings.client_view.time_in_advance_minutes * MINUTE,
      latestStart: request.staffView ? rangeEnd : now + settings.booking.window_days * DAY_MS,
      // Phone and video meetings are bound by shifts alone; an off-site one happens elsewhere.
      openHours: inPerson ? openingPeriods : null,
      staff: [...calendars.values()],
      rooms,
      attendees: request.attendees,
      dailyCapacity: settings.booking.location_daily_capacity,
      locationBookedPerDay,
    },
    staff: staff.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  };
}

/**
 * The location's opening periods on the days as instants, in order: a dated or yearly adjustment
 * (a holiday, special hours) wins over the weekday's hours; a malformed day counts as closed.
 */
export function openingPeriodsOf(
  hours: WeeklyHours,
  rules: readonly AdjustmentRule[],
  days: readonly LocalDay[],
  timeZone: string,
): TimeInterval[] {
  const adjustments = adjustmentHours(
    rules.map((rule) => ({ ...rule, hours: rule.hours ?? null })),
    days.map((day) => day.date),
  );
  const periods: TimeInterval[] = [];
  for (const day of days) {
    let ranges: MinuteRange[];
    try {
      ranges = dayRanges(hoursOn(hours, adjustments, day.date, day.weekday));
    } catch {
      continue;
    }
    for (const range of ranges) {
      periods.push({
        start: zonedInstant(day.date, range.open, timeZone).getTime(),
        end: zonedInstant(day.date, range.closed, timeZone).getTime(),
      });
    }
  }
  return periods;
}

/** The dates from `from` to `to`, both included. */
function datesBetween(from: string, to: string): string[] {
  const count = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return datesFrom(from, Math.max(count, 1));
}

/** The local date of an instant among consecutive days, or null outside them. */
function localDateFinder(days: readonly LocalDay[]): (instant: number) => string | null {
  return (instant) => {
    let low = 0;
    let high = days.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const day = days[middle]!;
      if (instant < day.start.getTime()) high = middle - 1;
      else if (instant >= day.end.getTime()) low = middle + 1;
      else return day.date;
    }
    return null;
  };
}

function increment(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
