// The rows of a location's opening hours in the finder's details (spec §2, §9): one per weekday,
// the week starting on Sunday where the visitor's calendar does (en) and on Monday in ISO-week
// locales, so Sunday comes last there; the location's today marked; times in the visitor's format,
// every opening period of a day listed (a lunch closure: "9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM").
import { WEEKDAYS, type Weekday } from "../../../shared/domain.ts";
import {
  dayRanges,
  localTime,
  type MinuteRange,
  type WeeklyHours,
} from "../../../shared/opening-hours.ts";

/**
 * Languages whose calendars start the week on Sunday (CLDR's first day for the country the
 * language is used in here: the United States, Brazil, Korea). The others use the ISO week.
 */
const SUNDAY_FIRST = new Set(["en", "pt-BR", "ko"]);

export function weekdaysInOrder(locale: string): Weekday[] {
  // WEEKDAYS runs Monday to Sunday (ISO).
  if (!SUNDAY_FIRST.has(locale)) return [...WEEKDAYS];
  return ["sunday", ...WEEKDAYS.filter((day) => day !== "sunday")];
}

export type WeeklyHoursRow = {
  weekday: Weekday;
  /** the weekday in the visitor's language */
  dayName: string;
  /** "9:00 AM – 5:00 PM", or each period listed; null when closed that day */
  hours: string | null;
  isToday: boolean;
};

// 2024-01-01 was a Monday: the weekday names come from real dates, in any language.
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** Weekly wall-clock periods as rows; a day whose hours are malformed reads as closed (spec §4). */
export function weeklyHoursRows(
  hours: Partial<WeeklyHours>,
  options: { locale: string; timeZone: string; now: Date },
): WeeklyHoursRow[] {
  const { locale, timeZone, now } = options;
  const today = localTime(now, timeZone).weekday;
  const names = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  // Wall-clock times are shown as they are at the location: formatted as UTC to keep them unshifted.
  const time = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
  return weekdaysInOrder(locale).map((weekday) => {
    const date = new Date(MONDAY + WEEKDAYS.indexOf(weekday) * DAY_MS);
    let ranges: MinuteRange[];
    try {
      ranges = dayRanges(hours[weekday] ?? null);
    } catch {
      ranges = [];
    }
    const at = (minutes: number) => new Date(MONDAY + minutes * 60_000);
    const periods = ranges.map((range) => time.formatRange(at(range.open), at(range.closed)));
    return {
      weekday,
      dayName: names.format(date),
      hours: periods.length > 0 ? list.format(periods) : null,
      isToday: weekday === today,
    };
  });
}
