// The days the time step shows at once: two weeks, starting on the first day of the week as the
// visitor's language counts it (Intl.Locale week info where the browser has it; else Sunday for
// the languages whose countries start the week then, Monday elsewhere), from the week of today at
// the location. Dates are the location's local dates (YYYY-MM-DD); the arithmetic is on UTC noon,
// so no zone or daylight-saving change can shift a day.

/** Days one availability request asks for, and the strip shows. */
export const RANGE_DAYS = 14;
/** How far ahead the visitor can page at most (26 ranges: a year), whatever the booking window. */
export const MAX_RANGES = 26;

/** Languages whose calendars start the week on Sunday (CLDR weekData of en-US, en-CA, pt-BR, ko…). */
const SUNDAY_FIRST = new Set(["en", "en-US", "en-CA", "pt-BR", "ko", "ko-KR", "he", "ja", "zh-TW"]);

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** The first day of the week, ISO numbered: 1 Monday … 7 Sunday. */
export function firstDayOfWeek(locale: string): number {
  try {
    const tagged = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const info = tagged.getWeekInfo?.() ?? tagged.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay;
  } catch {
    // an unknown tag: fall through to the table
  }
  return SUNDAY_FIRST.has(locale) ? 7 : 1;
}

const DAY_MS = 86_400_000;
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOf(noon(date) + days * DAY_MS);
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((noon(to) - noon(from)) / DAY_MS);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(noon(date)).getUTCDay() || 7;
}

/** Today's date at the location. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
}

/** The first day of the week that holds `date`. */
export function weekStartOf(date: string, firstDay: number): string {
  return addDays(date, -((isoWeekday(date) - firstDay + 7) % 7));
}

export type CalendarRange = {
  /** the first day shown (a week start) */
  start: string;
  /** every day shown, in order */
  days: string[];
  /** what is asked of the server: the shown days from today on */
  from: string;
  to: string;
};

/** The `index`th two weeks from the week of `today` (0: this week and the next). */
export function calendarRange(today: string, firstDay: number, index: number): CalendarRange {
  const start = addDays(weekStartOf(today, firstDay), index * RANGE_DAYS);
  const days = Array.from({ length: RANGE_DAYS }, (_, day) => addDays(start, day));
  const last = days.at(-1) ?? start;
  return { start, days, from: start < today ? today : start, to: last };
}

/** The last two weeks holding a bookable day: those of today + the vendor's window. */
export function lastRangeIndex(today: string, firstDay: number, windowDays: number): number {
  return rangeIndexOf(addDays(today, Math.max(0, windowDays)), today, firstDay);
}

/** Which two weeks hold `date` (0 for dates before today's). */
export function rangeIndexOf(date: string, today: string, firstDay: number): number {
  const offset = daysBetween(weekStartOf(today, firstDay), date);
  return Math.max(0, Math.min(MAX_RANGES - 1, Math.floor(offset / RANGE_DAYS)));
}
