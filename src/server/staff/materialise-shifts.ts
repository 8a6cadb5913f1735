// Weekly shift patterns and their dated exceptions become staff_shifts instants for the coming
// days, in each location's own time zone (a day is 23 or 25 hours long when the clocks change), so
// the wait-time engine and the dashboard keep reading staff_shifts only. Remade when a staff
// member's shifts, assignments or activity change, and daily for everyone with a pattern.
import { and, eq, gt, gte, inArray, sql } from "drizzle-orm";
import { WEEKDAYS, type Weekday } from "../../shared/domain.ts";
import { zonedInstant } from "../../shared/opening-hours.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { type Db, type DbOrTx, executeRows } from "../db/client.ts";
import {
  locations,
  staffShiftExceptions,
  staffShiftPatterns,
  staffShifts,
  users,
  vendors,
} from "../db/schema.ts";
import type { RecurringJob } from "../jobs/job-queue.ts";
import { localDayAt } from "../scheduling/local-day.ts";

/**
 * How many local days, today included, staff_shifts holds ahead at least: the wait-time engine and
 * the dashboard read today. Appointment booking reads as far as the vendor's booking window, so a
 * vendor's rows reach that far when it is longer (`shiftHorizonDays`).
 */
export const SHIFT_HORIZON_DAYS = 14;

/** The days a vendor's staff_shifts hold ahead: enough for its booking window's last day. */
export function shiftHorizonDays(settings: unknown): number {
  return Math.max(SHIFT_HORIZON_DAYS, parseVendorSettings(settings).booking.window_days + 1);
}

type Interval = { kind: "shift" | "break"; start: number; end: number };

export function addDays(date: string, days: number): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7] as Weekday;
}

/** The instant of a local minute of `date` (1440: the next day's midnight). */
function instantOf(date: string, minute: number, timeZone: string): Date {
  return minute >= 1440
    ? zonedInstant(addDays(date, 1), minute - 1440, timeZone)
    : zonedInstant(date, minute, timeZone);
}

/**
 * Remakes the staff member's staff_shifts from today (local, per location) to the horizon. With
 * `replaceAll` the rows entered by other means go too (the shifts editor now owns the schedule);
 * otherwise only rows made from the pattern are remade. Returns the locations whose rows changed.
 */
export async function materialiseStaffShifts(
  tx: DbOrTx,
  input: { vendorId: number; userId: number; now: Date; replaceAll?: boolean },
): Promise<number[]> {
  const { vendorId, userId, now } = input;
  const [user] = await tx
    .select({ active: users.active, vendorSettings: vendors.settings })
    .from(users)
    .innerJoin(vendors, eq(vendors.id, users.vendorId))
    .where(and(eq(users.id, userId), eq(users.vendorId, vendorId)));
  if (!user) return [];
  const horizonDays = shiftHorizonDays(user.vendorSettings);
  const [patterns, exceptions, existing] = await Promise.all([
    tx.select().from(staffShiftPatterns).where(eq(staffShiftPatterns.userId, userId)),
    tx.select().from(staffShiftExceptions).where(eq(staffShiftExceptions.userId, userId)),
    tx
      .selectDistinct({ locationId: staffShifts.locationId })
      .from(staffShifts)
      .where(
        and(
          eq(staffShifts.userId, userId),
          gt(staffShifts.endsAt, new Date(now.getTime() - 86_400_000)),
          input.replaceAll ? undefined : eq(staffShifts.generated, true),
        ),
      ),
  ]);
  const locationIds = [
    ...new Set([
      ...patterns.map((p) => p.locationId),
      ...exceptions.map((e) => e.locationId),
      ...existing.map((e) => e.locationId),
    ]),
  ];
  if (locationIds.length === 0) return [];
  const zones = await tx
    .select({ id: locations.id, timezone: locations.timezone })
    .from(locations)
    .where(and(inArray(locations.id, locationIds), eq(locations.vendorId, vendorId)));

  const rows: (typeof staffShifts.$inferInsert)[] = [];
  for (const { id: locationId, timezone } of zones) {
    const today = localDayAt(now, timezone);
    await tx
      .delete(staffShifts)
      .where(
        and(
          eq(staffShifts.userId, userId),
          eq(staffShifts.locationId, locationId),
          gte(staffShifts.startsAt, today.start),
          input.replaceAll ? undefined : eq(staffShifts.generated, true),
        ),
      );
    if (!user.active) continue;
    const byWeekday = new Map<Weekday, Interval[]>();
    for (const p of patterns) {
      if (p.locationId !== locationId) continue;
      const list = byWeekday.get(p.weekday) ?? [];
      list.push({ kind: p.kind, start: p.startMinute, end: p.endMinute });
      byWeekday.set(p.weekday, list);
    }
    const byDate = new Map<string, Interval[]>();
    for (const e of exceptions) if (e.locationId === locationId) byDate.set(e.day, e.intervals);
    for (let offset = 0; offset < horizonDays; offset++) {
      const date = addDays(today.date, offset);
      const intervals = byDate.get(date) ?? byWeekday.get(weekdayOf(date)) ?? [];
      for (const interval of intervals) {
        rows.push({
          vendorId,
          userId,
          locationId,
          kind: interval.kind,
          startsAt: instantOf(date, interval.start, timezone),
          endsAt: instantOf(date, interval.end, timezone),
          generated: true,
        });
      }
    }
  }
  if (rows.length > 0) await tx.insert(staffShifts).values(rows);
  return zones.map((z) => z.id);
}

/** Everyone with a weekly pattern or an exception gets their next days made, one at a time. */
export async function materialiseAllStaffShifts(db: Db, now: Date = new Date()): Promise<number> {
  const owners = await executeRows<{ user_id: number; vendor_id: number }>(
    db,
    sql`select distinct user_id, vendor_id from ${staffShiftPatterns}
        union select distinct user_id, vendor_id from ${staffShiftExceptions}`,
  );
  for (const owner of owners) {
    await db.transaction((tx) =>
      materialiseStaffShifts(tx, { vendorId: owner.vendor_id, userId: owner.user_id, now }),
    );
  }
  return owners.length;
}

/** Every six hours, so each time zone's new last day is made within hours of its midnight. */
export function materialiseStaffShiftsJob(db: Db): RecurringJob {
  return {
    name: "materialise-staff-shifts",
    cron: "41 */6 * * *",
    run: async () => {
      await materialiseAllStaffShifts(db);
    },
  };
}
