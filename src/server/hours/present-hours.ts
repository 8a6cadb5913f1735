// A location's hours and adjustments as the back office's documents present them.
import type {
  HourAdjustmentResource,
  LocationHoursDocument,
} from "../../shared/contracts/location-hours.ts";
import { WEEKDAYS } from "../../shared/domain.ts";
import { appliesOn } from "../../shared/hour-adjustments.ts";
import { type DayHours, dayIntervals, type WeeklyHours } from "../../shared/opening-hours.ts";
import type { locationHourAdjustments } from "../db/schema.ts";

export type LocationHoursRow = {
  id: number;
  hours: WeeklyHours;
  timezone: string;
  version: number;
};
export type AdjustmentRow = typeof locationHourAdjustments.$inferSelect;

/** A day's periods as the documents carry them: a list, or null when closed. */
export function periodsOf(hours: DayHours | undefined): DayHours {
  const periods = dayIntervals(hours);
  return periods.length > 0 ? periods : null;
}

/** Every weekday named, in order; a day the stored hours leave out is closed. */
export function fullWeek(hours: Partial<WeeklyHours> | null | undefined): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, periodsOf(hours?.[day])]),
  ) as unknown as WeeklyHours;
}

export function presentLocationHours(row: LocationHoursRow): LocationHoursDocument["data"] {
  return {
    type: "location-hours",
    id: String(row.id),
    attributes: { timezone: row.timezone, weekly: fullWeek(row.hours), version: row.version },
  };
}

/** The first date on or after `today` the adjustment applies on; null when it lies in the past. */
export function nextDateOf(row: Pick<AdjustmentRow, "day" | "recursYearly">, today: string) {
  if (row.day >= today) return row.day;
  if (!row.recursYearly) return null;
  const year = Number(today.slice(0, 4));
  for (let y = year; y <= year + 8; y++) {
    const date = `${String(y).padStart(4, "0")}-${row.day.slice(5)}`;
    if (date >= today && appliesOn(row, date) && isRealDate(date)) return date;
  }
  return null;
}

const isRealDate = (value: string) =>
  new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;

export function presentAdjustment(row: AdjustmentRow, today: string): HourAdjustmentResource {
  return {
    type: "location-hour-adjustments",
    id: String(row.id),
    attributes: {
      date: row.day,
      name: row.name,
      hours: periodsOf(row.hours),
      recurs_yearly: row.recursYearly,
      next_date: nextDateOf(row, today),
      version: row.version,
      created_at: row.createdAt.toISOString(),
    },
  };
}

/** What the audit log keeps of an adjustment: its wire attributes with its id. */
export function adjustmentAuditView(row: AdjustmentRow): Record<string, unknown> {
  return {
    adjustment_id: String(row.id),
    date: row.day,
    name: row.name,
    hours: periodsOf(row.hours),
    recurs_yearly: row.recursYearly,
  };
}
