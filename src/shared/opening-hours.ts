// Opening hours as local wall-clock times in the location's time zone (spec §4 Open/closed).
// Comparing wall-clock times in the zone makes daylight-saving changes right by construction.
import { WEEKDAYS, type Weekday } from "./domain.ts";

/** One opening period of a day, local wall-clock "HH:mm"; the close comes after the open. */
export type OpeningInterval = { open: string; closed: string };
/**
 * A day's opening periods, sorted and apart (09:00–12:00, 13:00–17:00); null or an empty list:
 * closed all day. Readers also take a lone interval, the shape stored before several periods a
 * day existed (drizzle/0009), as that one period.
 */
export type DayHours = OpeningInterval[] | null;
export type WeeklyHours = Record<Weekday, DayHours>;
/** Most opening periods one day may have. */
export const MAX_PERIODS_PER_DAY = 6;
/** Weekly hours as a document carries them: a day left out is closed. */
export type WeeklyHoursOnWire = Partial<WeeklyHours>;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export class InvalidHoursError extends Error {}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type LocalTime = { weekday: Weekday; date: string; minutes: number };

/**
 * Per time zone, the answer for the last minute asked: the answer only changes from one minute to
 * the next (time-zone offsets are whole minutes), and formatting to parts is the slow part of
 * every open/closed check.
 */
const lastMinute = new Map<string, { minute: number; value: LocalTime }>();

/** The wall-clock weekday, date (YYYY-MM-DD) and minute of the day at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const minute = Math.floor(instant.getTime() / 60_000);
  const kept = lastMinute.get(timeZone);
  if (kept && kept.minute === minute) return kept.value;
  const value = formatLocalTime(instant, timeZone);
  lastMinute.set(timeZone, { minute, value });
  return value;
}

function formatLocalTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const weekday = String(parts.weekday).toLowerCase() as Weekday;
  return Object.freeze({
    weekday,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  });
}

export function parseTime(value: string): number {
  const match = TIME.exec(value);
  if (!match) throw new InvalidHoursError(`"${value}" is not a time (HH:mm)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export type MinuteRange = { open: number; closed: number };

/** The periods of a day as stored or sent: a list, a lone interval (older rows), or closed. */
export function dayIntervals(hours: DayHours | OpeningInterval | undefined): OpeningInterval[] {
  if (!hours) return [];
  return Array.isArray(hours) ? hours : [hours];
}

/**
 * Minutes since midnight of each period's open and close, in order; throws when a close is at or
 * before its open or a period starts before the one ahead of it has closed.
 */
export function dayRanges(hours: DayHours | OpeningInterval | undefined): MinuteRange[] {
  const ranges: MinuteRange[] = [];
  for (const interval of dayIntervals(hours)) {
    // A missing time means closed (spec §4).
    if (!interval?.open || !interval.closed) continue;
    const open = parseTime(interval.open);
    const closed = parseTime(interval.closed);
    if (closed <= open)
      throw new InvalidHoursError(
        `closing time ${interval.closed} is not after opening time ${interval.open}`,
      );
    const last = ranges[ranges.length - 1];
    if (last && open <= last.closed)
      throw new InvalidHoursError(
        `period from ${interval.open} overlaps or touches the one before`,
      );
    ranges.push({ open, closed });
  }
  return ranges;
}

/**
 * The first open and last close of a day (spec §3 `hours[weekday]`, which has room for one pair),
 * or null when closed; a malformed day reads as closed.
 */
export function dayEnvelope(hours: DayHours | OpeningInterval | undefined): OpeningInterval | null {
  const intervals = dayIntervals(hours);
  try {
    dayRanges(intervals);
  } catch {
    return null;
  }
  const first = intervals[0];
  const last = intervals[intervals.length - 1];
  return first && last ? { open: first.open, closed: last.closed } : null;
}

/** Periods sorted by their open time, as they are stored. */
export function sortIntervals(intervals: readonly OpeningInterval[]): OpeningInterval[] {
  return [...intervals].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0));
}

/** Dated exceptions to the weekly hours (holidays, special openings) by local date; null: closed. */
export type HourAdjustments = ReadonlyMap<string, DayHours>;

/** The hours of one local date: its adjustment when it has one, else its weekday's. */
export function hoursOn(
  hours: WeeklyHoursOnWire,
  adjustments: HourAdjustments | undefined,
  date: string,
  weekday: Weekday,
): DayHours {
  return adjustments?.has(date) ? (adjustments.get(date) ?? null) : (hours[weekday] ?? null);
}

/** Open when now is inside one of today's periods (not in a gap between two); none means closed. */
export function isOpenAt(
  hours: WeeklyHoursOnWire,
  timeZone: string,
  instant: Date,
  adjustments?: HourAdjustments,
): boolean {
  const local = localTime(instant, timeZone);
  const ranges = dayRanges(hoursOn(hours, adjustments, local.date, local.weekday));
  return ranges.some((range) => local.minutes >= range.open && local.minutes < range.closed);
}

/** Throws InvalidHoursError unless the weekly hours are all well-formed. */
export function validateWeeklyHours(hours: WeeklyHours): void {
  for (const day of WEEKDAYS) dayRanges(hours[day] ?? null);
}

/**
 * During a closure between two of today's periods (a lunch closure), when the location opens
 * again; null when open now, before today's first period, after its last, or closed all day.
 */
export function reopensAt(
  hours: WeeklyHoursOnWire,
  timeZone: string,
  instant: Date,
  adjustments?: HourAdjustments,
): Date | null {
  const local = localTime(instant, timeZone);
  let ranges: MinuteRange[];
  try {
    ranges = dayRanges(hoursOn(hours, adjustments, local.date, local.weekday));
  } catch {
    return null;
  }
  const next = ranges.findIndex((range) => range.open > local.minutes);
  const before = ranges[next - 1];
  if (next < 1 || !before || local.minutes < before.closed) return null;
  return zonedInstant(local.date, ranges[next]!.open, timeZone);
}

export type NextOpening = { date: string; weekday: Weekday; range: MinuteRange; start: Date };

/**
 * The next period that is open now or opens later, within the week from `from` (local date
 * order); a malformed day is skipped as closed. Null when nothing opens in the week.
 */
export function nextOpening(
  hours: WeeklyHoursOnWire,
  timeZone: string,
  from: Date,
  adjustments?: HourAdjustments,
): NextOpening | null {
  const today = localTime(from, timeZone);
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(today.date, offset);
    const weekday = weekdayOf(date);
    let ranges: MinuteRange[];
    try {
      ranges = dayRanges(hoursOn(hours, adjustments, date, weekday));
    } catch {
      continue;
    }
    for (const range of ranges) {
      if (offset === 0 && today.minutes >= range.closed) continue;
      return { date, weekday, range, start: zonedInstant(date, range.open, timeZone) };
    }
  }
  return null;
}

export type FutureOpenHours = { weekday: Weekday; hours: { start: string; end: string } }[];

/**
 * The next seven days' opening hours as spec §3 "future_open_hours": weekday plus start and
 * end as HHmmss in UTC, one entry per period (a day closed at lunch has two), computed for each
 * actual date so a DST change in the week is honoured, and a dated adjustment (a holiday closure,
 * special hours) wins over its weekday. Today's periods already over are left out.
 */
export function futureOpenHours(
  hours: WeeklyHoursOnWire,
  timeZone: string,
  from: Date,
  adjustments?: HourAdjustments,
): FutureOpenHours {
  const result: FutureOpenHours = [];
  const today = localTime(from, timeZone);
  for (let offset = 0; offset < 7; offset++) {
    const date = addDays(today.date, offset);
    const weekday = weekdayOf(date);
    for (const range of dayRanges(hoursOn(hours, adjustments, date, weekday))) {
      const start = zonedInstant(date, range.open, timeZone);
      const end = zonedInstant(date, range.closed, timeZone);
      if (offset === 0 && end.getTime() <= from.getTime()) continue;
      result.push({ weekday, hours: { start: utcHHmmss(start), end: utcHHmmss(end) } });
    }
  }
  return result;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  const index = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return WEEKDAYS[index]!;
}

function utcHHmmss(d: Date): string {
  return d.toISOString().slice(11, 19).replaceAll(":", "");
}

// zonedInstant is pure and costly (four Intl formatToParts calls); a location page or list asks
// for the same few dates and times over and over, so answers are remembered (bounded).
const knownInstants = new Map<string, number>();
const KNOWN_INSTANTS_LIMIT = 20_000;

/** The instant at which the wall clock in `timeZone` reads `date` + `minutes`. */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const key = `${timeZone} ${date} ${minutes}`;
  const known = knownInstants.get(key);
  if (known !== undefined) return new Date(known);
  const instant = computeZonedInstant(date, minutes, timeZone);
  if (knownInstants.size >= KNOWN_INSTANTS_LIMIT) knownInstants.clear();
  knownInstants.set(key, instant.getTime());
  return instant;
}

function computeZonedInstant(date: string, minutes: number, timeZone: string): Date {
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  const guess = new Date(`${date}T${hh}:${mm}:00Z`);
  // Correct the guess by the zone's offset at that moment; twice, to settle across a DST edge.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const local = localTime(instant, timeZone);
    const localAsUtc = new Date(`${local.date}T00:00:00Z`).getTime() + local.minutes * 60_000;
    instant = new Date(guess.getTime() - (localAsUtc - instant.getTime()));
  }
  return instant;
}
