// The availability engine: the free appointment slots of one service at one location over a range
// of local days, per staff member or for "any available staff". A pure function over plain data
// (instants in epoch ms): the loader (load-availability.ts) reads the database, this decides.
//
// A slot [start, start + duration) is offered when
// - start lies on the step grid: a whole number of steps after the local midnight of its day, in
//   the location's zone, so 9:00, 9:15, 9:30… on the wall clock, on a daylight-saving day too;
// - earliestStart <= start <= latestStart (time in advance, and how far ahead one may book);
// - the location is open for the whole of it (`openHours`; null for a phone or video meeting,
//   which only the staff member's shift binds);
// - a staff member works for the whole of it (`shifts`), has no break or time off in it
//   (`unavailable`), and no booking within the new appointment's buffers of it: bookings come
//   already widened by their own buffers, and the new one's buffers keep them further apart;
// - that staff member has fewer appointments that local day than their daily limit, and the
//   location fewer than its daily capacity;
// - when rooms are needed, one room that holds the attendees is free for the whole of it.
import {
  clipIntervals,
  normalizeIntervals,
  subtractIntervals,
  type TimeInterval,
} from "./time-intervals.ts";

export type StaffCalendar = {
  id: number;
  /** when the staff member works at the location */
  shifts: readonly TimeInterval[];
  /** breaks and time off (staff adjustments) */
  unavailable: readonly TimeInterval[];
  /** appointments that hold the staff member, each already widened by its own service's buffers */
  bookings: readonly TimeInterval[];
  /** the most appointments a local day; null: no limit */
  dailyLimit: number | null;
  /** appointments already booked per local date (YYYY-MM-DD), for the daily limit */
  bookedPerDay: ReadonlyMap<string, number>;
};

export type RoomCalendar = {
  id: number;
  /** how many people the room holds */
  capacity: number;
  /** appointments in the room */
  bookings: readonly TimeInterval[];
};

export type AvailabilityQuery = {
  /** the location's IANA zone: days, the grid and daily limits are local to it */
  timeZone: string;
  /** the local dates asked for, YYYY-MM-DD, both included */
  fromDate: string;
  toDate: string;
  durationMinutes: number;
  /** the grid of start times, in minutes after local midnight */
  stepMinutes: number;
  /** the new appointment's buffers: time kept free of other appointments before and after it */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** no slot starts before this (now plus the time in advance) */
  earliestStart: number;
  /** no slot starts after this (now plus the booking window) */
  latestStart: number;
  /** when the location takes appointments; null when its hours do not bind (phone, video) */
  openHours: readonly TimeInterval[] | null;
  staff: readonly StaffCalendar[];
  /** null: no room is needed (remote or off-site meetings, or a location without rooms) */
  rooms: readonly RoomCalendar[] | null;
  /** people coming: a room must hold them all */
  attendees: number;
  /** the most appointments of the location a local day; null: no limit */
  dailyCapacity: number | null;
  /** the location's appointments already booked per local date, for the daily capacity */
  locationBookedPerDay: ReadonlyMap<string, number>;
};

export type AvailableSlot = {
  start: number;
  end: number;
  /** the staff members free for it, by id ascending */
  staffIds: number[];
};

export type AvailableDay = {
  /** the local date, YYYY-MM-DD */
  date: string;
  slots: AvailableSlot[];
};

/** The days of the range that have at least one slot, in order, each with its slots in order. */
export function findAvailability(query: AvailabilityQuery): AvailableDay[] {
  const duration = query.durationMinutes * MINUTE;
  if (duration <= 0 || query.stepMinutes <= 0 || query.staff.length === 0) return [];
  const grid = startGrid(query);
  if (grid.starts.length === 0) return [];

  const rooms = query.rooms === null ? null : suitableRooms(query.rooms, query.attendees);
  if (rooms !== null && rooms.length === 0) return [];
  const closedDays = fullDays(grid.dates, query.dailyCapacity, query.locationBookedPerDay);

  const before = query.bufferBeforeMinutes * MINUTE;
  const after = query.bufferAfterMinutes * MINUTE;
  const first = grid.starts[0]!;
  const last = grid.starts[grid.starts.length - 1]! + duration;
  const window = [{ start: first, end: last }];
  const bounds = query.openHours === null ? window : clipIntervals(query.openHours, first, last);

  // Per grid point, who is free: filled staff by staff, read once at the end.
  const freeStaff: (number[] | undefined)[] = new Array(grid.starts.length);
  const staff = [...query.staff].sort((a, b) => a.id - b.id);
  for (const member of staff) {
    const fullFor = fullDays(grid.dates, member.dailyLimit, member.bookedPerDay);
    // A booking [a, b) clashes with a new [s, s + d) kept `before` and `after` apart from it
    // exactly when [s, s + d) meets [a - after, b + before).
    const taken: TimeInterval[] = member.unavailable.slice();
    for (const booking of member.bookings) {
      taken.push({ start: booking.start - after, end: booking.end + before });
    }
    const free = subtractIntervals(intersectIntervals(member.shifts, bounds), taken);
    forEachStart(grid, free, duration, (index) => {
      if (fullFor?.[grid.dayOf[index]!] || closedDays?.[grid.dayOf[index]!]) return;
      const list = freeStaff[index];
      if (list === undefined) freeStaff[index] = [member.id];
      else list.push(member.id);
    });
  }

  const roomFree = rooms?.map((room) => subtractIntervals(window, room.bookings));
  const days: AvailableDay[] = [];
  let day: AvailableDay | undefined;
  for (let index = 0; index < grid.starts.length; index++) {
    const staffIds = freeStaff[index];
    if (staffIds === undefined) continue;
    const start = grid.starts[index]!;
    if (roomFree && !roomFree.some((free) => covers(free, start, start + duration))) continue;
    const date = grid.dates[grid.dayOf[index]!]!;
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    day.slots.push({ start, end: start + duration, staffIds });
  }
  return days;
}

const MINUTE = 60_000;

/**
 * The instants a slot may start at, ascending: every step after local midnight of each day of the
 * range, within [earliestStart, latestStart]. An instant the wall clock skips never exists; the
 * hour a clock repeats gives its starts twice, as the distinct instants they are.
 */
type StartGrid = {
  starts: number[];
  /** per start, the index of its day in `dates` */
  dayOf: number[];
  dates: string[];
};

function startGrid(query: AvailabilityQuery): StartGrid {
  const step = query.stepMinutes * MINUTE;
  const grid: StartGrid = { starts: [], dayOf: [], dates: [] };
  for (let date = query.fromDate; date <= query.toDate; date = nextDate(date)) {
    const dayIndex = grid.dates.length;
    grid.dates.push(date);
    const wallMidnight = Date.parse(`${date}T00:00:00Z`);
    for (const piece of dayPieces(date, query.timeZone)) {
      // Wall-clock ms after local midnight of an instant t in this piece: t + offset - wallMidnight.
      const wallShift = piece.offset - wallMidnight;
      const from = Math.max(piece.start, query.earliestStart);
      const firstWall = Math.ceil((from + wallShift) / step) * step;
      for (let t = firstWall - wallShift; t < piece.end && t <= query.latestStart; t += step) {
        grid.starts.push(t);
        grid.dayOf.push(dayIndex);
      }
    }
  }
  return grid;
}

/** Calls `found` with the index of each grid start s with [s, s + duration) inside one interval. */
function forEachStart(
  grid: StartGrid,
  free: readonly TimeInterval[],
  duration: number,
  found: (index: number) => void,
): void {
  const { starts } = grid;
  let index = 0;
  for (const interval of free) {
    index = firstAtOrAfter(starts, interval.start, index);
    while (index < starts.length && starts[index]! + duration <= interval.end) {
      found(index);
      index++;
    }
  }
}

/** The first index at or after `from` whose value is >= `value`, by binary search. */
function firstAtOrAfter(sorted: readonly number[], value: number, from: number): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether one of the sorted, disjoint intervals holds all of [start, end). */
function covers(intervals: readonly TimeInterval[], start: number, end: number): boolean {
  let low = 0;
  let high = intervals.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (intervals[mid]!.end <= start) low = mid + 1;
    else high = mid;
  }
  const found = intervals[low];
  return found !== undefined && found.start <= start && found.end >= end;
}

/** Where both sets of intervals hold. */
export function intersectIntervals(
  a: readonly TimeInterval[],
  b: readonly TimeInterval[],
): TimeInterval[] {
  const left = normalizeIntervals(a);
  const right = normalizeIntervals(b);
  const result: TimeInterval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const x = left[i]!;
    const y = right[j]!;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) result.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return result;
}

function suitableRooms(rooms: readonly RoomCalendar[], attendees: number): RoomCalendar[] {
  return rooms.filter((room) => room.capacity >= attendees);
}

/** Per day of `dates`, whether `booked` has reached `limit`; undefined when there is no limit. */
function fullDays(
  dates: readonly string[],
  limit: number | null,
  booked: ReadonlyMap<string, number>,
): boolean[] | undefined {
  if (limit === null) return undefined;
  return dates.map((date) => (booked.get(date) ?? 0) >= limit);
}

type OffsetPiece = { start: number; end: number; offset: number };

const knownDays = new Map<string, readonly OffsetPiece[]>();
const KNOWN_DAYS_LIMIT = 20_000;

/**
 * A local day cut into pieces with one UTC offset each: one, or two around a daylight-saving
 * change. Remembered: reading wall clocks is most of the cost of a short query.
 */
function dayPieces(date: string, timeZone: string): readonly OffsetPiece[] {
  const key = `${timeZone} ${date}`;
  let pieces = knownDays.get(key);
  if (pieces === undefined) {
    const start = localMidnight(date, timeZone);
    const end = localMidnight(nextDate(date), timeZone);
    pieces = offsetPieces(start, end, timeZone);
    if (knownDays.size >= KNOWN_DAYS_LIMIT) knownDays.clear();
    knownDays.set(key, pieces);
  }
  return pieces;
}

/** [start, end) cut where the zone's UTC offset changes (found to the minute), each with its offset. */
function offsetPieces(start: number, end: number, timeZone: string): OffsetPiece[] {
  const pieces: OffsetPiece[] = [];
  let from = start;
  while (from < end) {
    const offset = offsetAt(from, timeZone);
    if (offsetAt(end - MINUTE, timeZone) === offset) {
      pieces.push({ start: from, end, offset });
      break;
    }
    // The first minute with another offset: zones change at most a few times a day.
    let low = from;
    let high = end - MINUTE;
    while (high - low > MINUTE) {
      const mid = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
      if (offsetAt(mid, timeZone) === offset) low = mid;
      else high = mid;
    }
    pieces.push({ start: from, end: high, offset });
    from = high;
  }
  return pieces;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at the instant, in ms (local wall clock minus UTC). */
function offsetAt(instant: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a local date begins in the zone: the first instant whose wall-clock date is `date`. */
function localMidnight(date: string, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  const wallOf = (instant: number) => instant + offsetAt(instant, timeZone);
  // Midnight read with the offsets of the evening before and of the day's noon: one of them fits.
  const early = wall - offsetAt(wall - 12 * 60 * MINUTE, timeZone);
  const late = wall - offsetAt(wall + 12 * 60 * MINUTE, timeZone);
  const fits = [early, late].filter((instant) => wallOf(instant) === wall);
  if (fits.length > 0) return Math.min(...fits);
  // A midnight the clock skips: the day begins at the jump, the first minute reading `date`.
  let low = Math.min(early, late) - 60 * MINUTE;
  let high = Math.max(early, late) + 60 * MINUTE;
  while (high - low > MINUTE) {
    const mid = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
    if (wallOf(mid) >= wall) high = mid;
    else low = mid;
  }
  return high;
}

function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
