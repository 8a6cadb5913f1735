// When the demo's past visits happened: join times on the open days before today, inside each
// day's local opening hours, so the history looks like real traffic.
import { WEEKDAYS } from "../../../shared/domain.ts";
import { dayRanges, localTime, zonedInstant } from "../../../shared/opening-hours.ts";
import type { DemoLocation } from "./demo-vendor.ts";
import type { SeededRandom } from "./seeded-random.ts";

/** `count` join times on the open days before today (local), 2–5 a day, inside opening hours. */
export function historySlots(
  place: DemoLocation,
  now: Date,
  count: number,
  random: SeededRandom,
): Date[] {
  const today = localTime(now, place.timezone).date;
  const slots: Date[] = [];
  for (let back = 1; slots.length < count && back <= 90; back++) {
    const date = shiftDate(today, -back);
    const ranges = dayRanges(place.hours[weekdayOf(date)] ?? null);
    if (ranges.length === 0) continue;
    const visitsThatDay = Math.min(count - slots.length, random.int(2, 5));
    const minutes = Array.from({ length: visitsThatDay }, (_, visit) => {
      // Visits take turns over the day's periods, so none falls in a lunch closure.
      const range = ranges[visit % ranges.length]!;
      return random.int(range.open, Math.max(range.open, range.closed - 60));
    }).sort((a, b) => a - b);
    for (const minute of minutes) {
      slots.push(
        new Date(zonedInstant(date, minute, place.timezone).getTime() + random.int(0, 59) * 1000),
      );
    }
  }
  return slots;
}

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function weekdayOf(date: string) {
  return WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
}
