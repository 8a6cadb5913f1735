// Calendar dates and wall-clock positions of the schedule, worked out from the answer's instants
// (each with the location's offset) and the location's zone, never from the browser's zone.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;

/** Whether `value` is a real YYYY-MM-DD date. */
export function isCalendarDate(value: string | null): value is string {
  if (value === null) return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The date `days` later (or earlier) than `date`, both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Today's date in a time zone, at the instant `now`. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** Minutes from a day's start (its local midnight, with offset) to an instant: DST days included. */
export function minutesInto(dayStart: string, instant: string): number {
  return Math.round((Date.parse(instant) - Date.parse(dayStart)) / MINUTE_MS);
}

/** The instant `minutes` after a day's start, as an ISO string in UTC. */
export function instantAt(dayStart: string, minutes: number): string {
  return new Date(Date.parse(dayStart) + minutes * MINUTE_MS).toISOString();
}

/** `minutes` rounded to the nearest multiple of `interval`. */
export function snap(minutes: number, interval: number): number {
  return Math.round(minutes / interval) * interval;
}

type Span = { start: string; end: string };

/**
 * The hours the day grid shows: from the earliest opening, shift or appointment to the latest,
 * whole hours, 8 to 18 when the day has nothing. Minutes from the day's start.
 */
export function gridRange(dayStart: string, spans: readonly Span[]): { from: number; to: number } {
  if (spans.length === 0) return { from: 8 * 60, to: 18 * 60 };
  const starts = spans.map((span) => minutesInto(dayStart, span.start));
  const ends = spans.map((span) => minutesInto(dayStart, span.end));
  const from = Math.max(0, Math.floor(Math.min(...starts) / 60) * 60);
  const dayLength = 24 * 60 + 60; // a day that gains an hour at the change of time
  const to = Math.min(dayLength, Math.ceil(Math.max(...ends) / 60) * 60);
  return { from, to: Math.max(to, from + 60) };
}
