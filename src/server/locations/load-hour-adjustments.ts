// The dated exceptions to locations' weekly hours (holidays, special openings) around now, so the
// location resources say "closed" on a holiday and list the special hours in future_open_hours.
// Yearly ones (recurs_yearly) apply on their month-day every year from their first date on.
import { and, asc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import {
  type AdjustmentRule,
  adjustmentHours,
  datesFrom,
  monthDaysOf,
} from "../../shared/hour-adjustments.ts";
import type { HourAdjustments } from "../../shared/opening-hours.ts";
import type { DbOrTx } from "../db/client.ts";
import { locationHourAdjustments } from "../db/schema.ts";

const DAY_MS = 86_400_000;
const isoDate = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Adjustments per location for the local dates the next seven days can fall on in any time zone
 * (yesterday to eight days ahead in UTC). For one date a one-off adjustment wins over a yearly
 * one, and among those the latest, as in the wait-time engine (src/shared/hour-adjustments.ts).
 */
export async function loadHourAdjustments(
  db: DbOrTx,
  options: { vendorId: number; locationIds: readonly number[]; now: Date },
): Promise<Map<number, HourAdjustments>> {
  const found = new Map<number, HourAdjustments>();
  if (options.locationIds.length === 0) return found;
  const first = isoDate(options.now.getTime() - DAY_MS);
  const last = isoDate(options.now.getTime() + 8 * DAY_MS);
  const dates = datesFrom(first, 10);
  const rows = await db
    .select({
      id: locationHourAdjustments.id,
      locationId: locationHourAdjustments.locationId,
      day: locationHourAdjustments.day,
      hours: locationHourAdjustments.hours,
      recursYearly: locationHourAdjustments.recursYearly,
    })
    .from(locationHourAdjustments)
    .where(
      and(
        eq(locationHourAdjustments.vendorId, options.vendorId),
        inArray(locationHourAdjustments.locationId, [...options.locationIds]),
        or(
          and(gte(locationHourAdjustments.day, first), lte(locationHourAdjustments.day, last)),
          and(
            eq(locationHourAdjustments.recursYearly, true),
            lte(locationHourAdjustments.day, last),
            inArray(sql`substr(${locationHourAdjustments.day}, 6)`, monthDaysOf(dates)),
          ),
        ),
      ),
    )
    .orderBy(asc(locationHourAdjustments.id));
  const byLocation = new Map<number, AdjustmentRule[]>();
  for (const row of rows) {
    const rules = byLocation.get(row.locationId) ?? [];
    rules.push({ ...row, hours: row.hours ?? null });
    byLocation.set(row.locationId, rules);
  }
  for (const [locationId, rules] of byLocation) {
    found.set(locationId, adjustmentHours(rules, dates));
  }
  return found;
}
