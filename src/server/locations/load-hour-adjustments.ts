// The dated exceptions to locations' weekly hours (holidays, special openings) around now, so the
// location resources say "closed" on a holiday and list the special hours in future_open_hours.
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { HourAdjustments } from "../../shared/opening-hours.ts";
import type { DbOrTx } from "../db/client.ts";
import type { DayHours } from "../db/schema.ts";
import { locationHourAdjustments } from "../db/schema.ts";

const DAY_MS = 86_400_000;
const isoDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Adjustments per location for the local dates the next seven days can fall on in any time zone
 * (yesterday to eight days ahead in UTC). For one date the latest adjustment wins, as in the
 * wait-time engine.
 */
export async function loadHourAdjustments(
  db: DbOrTx,
  options: { vendorId: number; locationIds: readonly number[]; now: Date },
): Promise<Map<number, HourAdjustments>> {
  const found = new Map<number, Map<string, DayHours>>();
  if (options.locationIds.length === 0) return found;
  const rows = await db
    .select({
      locationId: locationHourAdjustments.locationId,
      day: locationHourAdjustments.day,
      hours: locationHourAdjustments.hours,
    })
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.vendorId, options.vendorId),
        inArray(locationHourAdjustments.locationId, [...options.locationIds]),
        gte(locationHourAdjustments.day, isoDate(options.now.getTime() - DAY_MS)),
        lte(locationHourAdjustments.day, isoDate(options.now.getTime() + 8 * DAY_MS)),
      ),
    )
    .orderBy(asc(locationHourAdjustments.id));
  for (const row of rows) {
    const days = found.get(row.locationId) ?? new Map<string, DayHours>();
    days.set(row.day, row.hours ?? null);
    found.set(row.locationId, days);
  }
  return found;
}
