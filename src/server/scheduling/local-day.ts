// The calendar day a location is living through: its local date, weekday and the instants at which
// that day begins and ends in the location's time zone (23 or 25 hours long on a DST change).
import type { Weekday } from "../../shared/domain.ts";
import { localTime, zonedInstant } from "../../shared/opening-hours.ts";

export type LocalDay = { date: string; weekday: Weekday; start: Date; end: Date };

/** The local day of `instant` at a location in `timeZone`. */
export function localDayAt(instant: Date, timeZone: string): LocalDay {
  const local = localTime(instant, timeZone);
  return { ...localDayOf(local.date, timeZone), weekday: local.weekday };
}

/** The local date (YYYY-MM-DD) of `instant` at a location in `timeZone`: cheap, read once a minute per zone. */
export function localDateAt(instant: Date, timeZone: string): string {
  return localTime(instant, timeZone).date;
}

/** The local day `date` (YYYY-MM-DD) at a location in `timeZone`. */
export function localDayOf(date: string, timeZone: string): LocalDay {
  const start = zonedInstant(date, 0, timeZone);
  const end = zonedInstant(nextDate(date), 0, timeZone);
  return { date, weekday: localTime(start, timeZone).weekday, start, end };
}

function nextDate(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.toISOString().slice(0, 10);
}
