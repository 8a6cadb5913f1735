// The straightforward way to find free slots, as most schedulers do it: walk every candidate start
// and check it against each staff member's shifts, breaks and bookings one by one. The benchmark
// measures the engine against it, and the engine's tests use it as their oracle: it shares no
// code with the engine beyond merging intervals, and reads wall clocks one instant at a time.
import type {
  AvailabilityQuery,
  AvailableDay,
  StaffCalendar,
} from "../src/server/scheduling/availability.ts";
import { normalizeIntervals, type TimeInterval } from "../src/server/scheduling/time-intervals.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function naiveAvailability(query: AvailabilityQuery): AvailableDay[] {
  const duration = query.durationMinutes * MINUTE;
  const before = query.bufferBeforeMinutes * MINUTE;
  const after = query.bufferAfterMinutes * MINUTE;
  const open = query.openHours === null ? null : normalizeIntervals(query.openHours);
  const staff = [...query.staff]
    .sort((a, b) => a.id - b.id)
    .map((member) => ({ member, shifts: normalizeIntervals(member.shifts) }));
  // Zone offsets are whole quarter hours, so every wall-clock step start is a UTC quarter hour
  // (or a multiple of a smaller step).
  const scan = gcd(query.stepMinutes, 15) * MINUTE;
  const from = Date.parse(`${query.fromDate}T00:00:00Z`) - 2 * DAY;
  const to = Date.parse(`${query.toDate}T00:00:00Z`) + 3 * DAY;
  const days: AvailableDay[] = [];
  for (let start = Math.ceil(from / scan) * scan; start < to; start += scan) {
    const wall = wallClock(start, query.timeZone);
    if (wall.date < query.fromDate || wall.date > query.toDate) continue;
    if (wall.minutes % query.stepMinutes !== 0) continue;
    if (start < query.earliestStart || start > query.latestStart) continue;
    const end = start + duration;
    if (open !== null && !inside(open, start, end)) continue;
    if (query.dailyCapacity !== null) {
      if ((query.locationBookedPerDay.get(wall.date) ?? 0) >= query.dailyCapacity) continue;
    }
    if (query.rooms !== null) {
      const roomFree = query.rooms.some(
        (room) =>
          room.capacity >= query.attendees &&
          !room.bookings.some((booking) => booking.start < end && booking.end > start),
      );
      if (!roomFree) continue;
    }
    const staffIds = staff
      .filter(({ member, shifts }) => isFree(member, shifts, wall.date, start, end, before, after))
      .map(({ member }) => member.id);
    if (staffIds.length === 0) continue;
    let day = days[days.length - 1];
    if (day?.date !== wall.date) {
      day = { date: wall.date, slots: [] };
      days.push(day);
    }
    day.slots.push({ start, end, staffIds });
  }
  return days;
}

function isFree(
  member: StaffCalendar,
  shifts: readonly TimeInterval[],
  date: string,
  start: number,
  end: number,
  before: number,
  after: number,
): boolean {
  if (member.dailyLimit !== null && (member.bookedPerDay.get(date) ?? 0) >= member.dailyLimit) {
    return false;
  }
  if (!inside(shifts, start, end)) return false;
  if (member.unavailable.some((gap) => gap.start < end && gap.end > start)) return false;
  return !member.bookings.some(
    (booking) => booking.start < end + after && booking.end > start - before,
  );
}

function inside(merged: readonly TimeInterval[], start: number, end: number): boolean {
  return merged.some((interval) => interval.start <= start && interval.end >= end);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string): { date: string; minutes: number } {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
