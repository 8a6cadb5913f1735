// The "available hours" text of the Currently Closed error (spec §2, §8): the next opening of a
// location within a week, in the visitor's language and the location's time zone.
import { WEEKDAYS, type Weekday } from "../../shared/domain.ts";
import {
  dayRange,
  type HourAdjustments,
  localTime,
  type WeeklyHours,
  zonedInstant,
} from "../../shared/opening-hours.ts";

function nextDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** "Monday 9:00 AM – 5:00 PM" for the next opening from `now`; null when closed all week. */
export function describeNextOpening(
  hours: WeeklyHours,
  timeZone: string,
  now: Date,
  locale: string,
  /** dated exceptions (holidays, special openings) that replace a date's weekday hours */
  adjustments?: HourAdjustments,
): string | null {
  const today = localTime(now, timeZone);
  for (let offset = 0; offset < 7; offset++) {
    const date = nextDate(today.date, offset);
    let range: ReturnType<typeof dayRange>;
    try {
      const dayHours = adjustments?.has(date)
        ? (adjustments.get(date) ?? null)
        : (hours[weekdayOf(date)] ?? null);
      range = dayRange(dayHours);
    } catch {
      continue;
    }
    if (!range || (offset === 0 && today.minutes >= range.closed)) continue;
    const open = zonedInstant(date, range.open, timeZone);
    const closed = zonedInstant(date, range.closed, timeZone);
    const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone }).format(open);
    const time = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
    return `${weekday} ${time.formatRange(open, closed)}`;
  }
  return null;
}
