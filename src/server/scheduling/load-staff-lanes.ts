// Who serves at a location for the rest of today: staff with a shift there, or (on a day without
// any shift rows) every active staff member assigned to it, during opening hours; minus breaks
// and minus the location's closures between two opening periods (a lunch closure).
import { and, eq, gt, gte, lt, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
import { staffShifts, userLocations, userServices, users } from "../db/schema.ts";
import type { LocalDay } from "./local-day.ts";
import { clipIntervals, subtractIntervals, type TimeInterval } from "./time-intervals.ts";

export type StaffLane = {
  staffId: number;
  /** what the staff member can serve: their listed services, or every service the location offers */
  serviceIds: number[];
  /** epoch ms intervals within [now, end of day), breaks taken out; never empty */
  available: TimeInterval[];
};

export type StaffLaneScope = {
  vendorId: number;
  locationId: number;
  day: LocalDay;
  now: Date;
  /** today's opening periods as instants, in order; empty when the location does not open today */
  openingHours: readonly TimeInterval[];
  offeredServiceIds: readonly number[];
};

/** The lanes of the location, ordered by staff id so the simulation breaks ties the same way each time. */
export async function loadStaffLanes(db: DbOrTx, scope: StaffLaneScope): Promise<StaffLane[]> {
  const { vendorId, locationId, day } = scope;
  const from = scope.now.getTime();
  const to = day.end.getTime();

  // What each staff member serves comes with their rows, not in a statement of its own.
  const listedServices = (userId: typeof users.id) =>
    sql<number[]>`array(
      select ${userServices.serviceId} from ${userServices}
      where ${userServices.vendorId} = ${vendorId} and ${userServices.userId} = ${userId}
      order by ${userServices.serviceId})`;
  const rows = await db
    .select({
      userId: staffShifts.userId,
      kind: staffShifts.kind,
      startsAt: staffShifts.startsAt,
      endsAt: staffShifts.endsAt,
      active: users.active,
      roleLevel: users.roleLevel,
      serviceIds: listedServices(users.id),
    })
    .from(staffShifts)
    .innerJoin(users, and(eq(users.id, staffShifts.userId), eq(users.vendorId, vendorId)))
    .where(
      and(
        eq(staffShifts.vendorId, vendorId),
        eq(staffShifts.locationId, locationId),
        lt(staffShifts.startsAt, day.end),
        gt(staffShifts.endsAt, day.start),
      ),
    );

  const listedByStaff = new Map<number, number[]>();
  const shiftsByStaff = new Map<number, TimeInterval[]>();
  const breaksByStaff = new Map<number, TimeInterval[]>();
  for (const row of rows) {
    // Kiosk devices (7) and contact-centre staff (5) never serve at a desk.
    if (!row.active || row.roleLevel < ROLES.staff) continue;
    listedByStaff.set(row.userId, row.serviceIds);
    const byStaff = row.kind === "shift" ? shiftsByStaff : breaksByStaff;
    const list = byStaff.get(row.userId) ?? [];
    list.push({ start: row.startsAt.getTime(), end: row.endsAt.getTime() });
    byStaff.set(row.userId, list);
  }

  const availableByStaff = new Map<number, TimeInterval[]>();
  const locationRunsOnShifts = rows.some((row) => row.kind === "shift");
  if (locationRunsOnShifts) {
    for (const [staffId, shifts] of shiftsByStaff) {
      availableByStaff.set(staffId, clipIntervals(shifts, from, to));
    }
  } else if (scope.openingHours.length > 0) {
    const roster = await db
      .select({ userId: userLocations.userId, serviceIds: listedServices(users.id) })
      .from(userLocations)
      .innerJoin(users, and(eq(users.id, userLocations.userId), eq(users.vendorId, vendorId)))
      .where(
        and(
          eq(userLocations.vendorId, vendorId),
          eq(userLocations.locationId, locationId),
          // Kiosk devices (7) and contact-centre staff (5) never serve at a desk.
          eq(users.active, true),
          gte(users.roleLevel, ROLES.staff),
        ),
      );
    for (const { userId, serviceIds } of roster) {
      listedByStaff.set(userId, serviceIds);
      availableByStaff.set(userId, clipIntervals(scope.openingHours, from, to));
    }
  }

  // Closed between two periods: nobody serves then, not even on a shift (a shift may run past the
  // day's first open or last close, as staff finish the line; the location's own gap is closed).
  const gaps = closuresBetween(scope.openingHours);
  const lanes: StaffLane[] = [];
  for (const [staffId, intervals] of availableByStaff) {
    const available = subtractIntervals(intervals, [
      ...(breaksByStaff.get(staffId) ?? []),
      ...gaps,
    ]);
    if (available.length > 0) lanes.push({ staffId, serviceIds: [], available });
  }
  if (lanes.length === 0) return lanes;
  lanes.sort((a, b) => a.staffId - b.staffId);

  for (const lane of lanes) {
    const listed = listedByStaff.get(lane.staffId) ?? [];
    // no services listed: the staff member serves every service the location offers
    lane.serviceIds = listed.length > 0 ? listed : [...scope.offeredServiceIds];
  }
  return lanes;
}

/** The closed stretches between consecutive opening periods of one day (a lunch closure). */
export function closuresBetween(periods: readonly TimeInterval[]): TimeInterval[] {
  const gaps: TimeInterval[] = [];
  for (let i = 1; i < periods.length; i++) {
    const before = periods[i - 1]!;
    const after = periods[i]!;
    if (after.start > before.end) gaps.push({ start: before.end, end: after.start });
  }
  return gaps;
}
