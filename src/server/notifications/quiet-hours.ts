// Quiet hours: the local hours of a location during which its SMS wait. Overnight ranges
// (21:00–08:00) are the usual case; the end is the next morning when the start has passed.

import type { QuietHours } from "../../shared/notifications/settings.ts";
import { localTime, parseTime, zonedInstant } from "../../shared/opening-hours.ts";

function nextDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** When quiet hours that hold `now` end, or null when `now` is outside them. */
export function quietHoursEnd(now: Date, quiet: QuietHours | null, timeZone: string): Date | null {
  if (!quiet) return null;
  const start = parseTime(quiet.start);
  const end = parseTime(quiet.end);
  const local = localTime(now, timeZone);
  if (start < end) {
    return local.minutes >= start && local.minutes < end
      ? zonedInstant(local.date, end, timeZone)
      : null;
  }
  if (local.minutes >= start) return zonedInstant(nextDate(local.date), end, timeZone);
  if (local.minutes < end) return zonedInstant(local.date, end, timeZone);
  return null;
}
