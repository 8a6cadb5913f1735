// The "available hours" text of the Currently Closed error (spec §2, §8): the next opening period
// of a location within a week — after a lunch closure, the afternoon's — in the visitor's language
// and the location's time zone.
import {
  type HourAdjustments,
  nextOpening,
  type WeeklyHours,
  zonedInstant,
} from "../../shared/opening-hours.ts";

/** "Monday 9:00 AM – 12:00 PM" for the next opening period from `now`; null when closed all week. */
export function describeNextOpening(
  hours: WeeklyHours,
  timeZone: string,
  now: Date,
  locale: string,
  /** dated exceptions (holidays, special openings) that replace a date's weekday hours */
  adjustments?: HourAdjustments,
): string | null {
  const next = nextOpening(hours, timeZone, now, adjustments);
  if (!next) return null;
  const closed = zonedInstant(next.date, next.range.closed, timeZone);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone }).format(next.start);
  const time = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
  return `${weekday} ${time.formatRange(next.start, closed)}`;
}
