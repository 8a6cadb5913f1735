// Test locations. By default open all day every day in a time zone where it is now around noon,
// so the wait-time engine has a whole afternoon to plan in whenever the tests run.
import type { Db } from "../../src/server/db/client.ts";
import { locations, type WeeklyHours } from "../../src/server/db/schema.ts";
import { WEEKDAYS } from "../../src/shared/domain.ts";

/** An IANA zone (Etc/GMT±N) in which the local time is between 10:00 and 14:00 right now. */
export function timeZoneNearNoon(now = new Date()): string {
  const offset = Math.max(-11, Math.min(14, 12 - now.getUTCHours()));
  // Etc/GMT signs are inverted: Etc/GMT-5 is UTC+5.
  if (offset === 0) return "Etc/GMT";
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export function hoursEveryDay(open = "00:00", closed = "23:59"): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open, closed }]])) as WeeklyHours;
}

export function closedEveryDay(): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, null])) as WeeklyHours;
}

/** Open from 00:00 to 23:59 every day: open now, whatever the hour a test runs at. */
export function openAllWeek(): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, [{ open: "00:00", closed: "23:59" }]]),
  ) as WeeklyHours;
}

let sequence = 0;

export async function createLocation(
  db: Db,
  vendorId: number,
  overrides: Partial<typeof locations.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(locations)
    .values({
      vendorId,
      name: `Branch ${sequence}`,
      address: `${sequence} Main Street`,
      city: "Springfield",
      provState: "IL",
      postalZip: "62701",
      country: "US",
      latitude: 39.7817,
      longitude: -89.6501,
      phone: "+12175550100",
      timezone: timeZoneNearNoon(),
      hours: hoursEveryDay(),
      ...overrides,
    })
    .returning();
  return row!;
}
