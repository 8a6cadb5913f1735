// The location-closed page's hours (spec §2 "future open hours per weekday"): the location's
// future_open_hours (weekday + start/end as HHmmss UTC) turned back into instants on the coming
// dates and written in the visitor's language, in the location's time zone. A day with several
// periods (closed at lunch) has one entry per period: they make one row, the periods listed.
import type { Weekday } from "../../../shared/domain.ts";
import { type FutureOpenHours, localTime } from "../../../shared/opening-hours.ts";

export type OpeningDay = {
  weekday: Weekday;
  /** the weekday in the visitor's language ("lundi") */
  dayName: string;
  /** "9:00 AM – 5:00 PM EST", or each period listed */
  hours: string;
  isToday: boolean;
};

const DAY_MS = 86_400_000;

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a calendar date (YYYY-MM-DD), whatever the zone. */
function weekdayOf(date: string): Weekday {
  return localTime(new Date(`${date}T12:00:00Z`), "UTC").weekday;
}

/** The instant on local `date` in `timeZone` whose UTC clock reads `hhmmss`, or null if none. */
function instantOn(date: string, hhmmss: string, timeZone: string): Date | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(hhmmss);
  if (!match) return null;
  // A UTC time can fall on the day before or after the local date, depending on the zone.
  for (const offset of [0, -1, 1]) {
    const instant = new Date(`${shiftDate(date, offset)}T${match[1]}:${match[2]}:${match[3]}Z`);
    if (!Number.isNaN(instant.getTime()) && localTime(instant, timeZone).date === date)
      return instant;
  }
  return null;
}

/** One row per open day of the coming week, today first; entries that cannot be placed are left out. */
export function describeFutureOpenHours(
  entries: FutureOpenHours,
  timeZone: string,
  locale: string,
  now: Date,
): OpeningDay[] {
  const today = localTime(now, timeZone);
  const dayName = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone });
  const time = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
  const days: (Omit<OpeningDay, "hours"> & { date: string; periods: string[] })[] = [];
  let offset = 0;
  for (const entry of entries) {
    // Entries come in date order from today: a weekday again right after itself is another
    // period of the same date; else the entry is on the next date with its weekday.
    const last = days[days.length - 1];
    let date: string;
    if (last && last.weekday === entry.weekday) date = last.date;
    else {
      while (offset < 7 && weekdayOf(shiftDate(today.date, offset)) !== entry.weekday) offset++;
      if (offset >= 7) break;
      date = shiftDate(today.date, offset);
      offset++;
    }
    const start = instantOn(date, entry.hours.start, timeZone);
    const end = instantOn(date, entry.hours.end, timeZone);
    if (!start || !end || end < start) continue;
    const period = time.formatRange(start, end);
    if (last && last.date === date) last.periods.push(period);
    else {
      days.push({
        weekday: entry.weekday,
        date,
        dayName: dayName.format(start),
        periods: [period],
        isToday: date === today.date,
      });
    }
  }
  return days.map(({ date: _date, periods, ...day }) => ({ ...day, hours: list.format(periods) }));
}
