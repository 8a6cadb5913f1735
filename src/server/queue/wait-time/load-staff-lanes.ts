// Who serves at a location for the rest of today: staff with a shift there, or (on a day without
// any shift rows) every active staff member assigned to it, during opening hours; minus breaks.
import { and, asc, eq, gt, gte, inArray, lt } from "drizzle-orm";
import { ROLES } from "../../../shared/domain.ts";
import type { DbOrTx } from "../../db/client.ts";
import { staffShifts, userLocations, userServices, users } from "../../db/schema.ts";
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
  /** today's opening hours as instants, or null when the location does not open today */
  openingHours: TimeInterval | null;
  offeredServiceIds: readonly number[];
};

/** The lanes of the location, ordered by staff id so the simulation breaks ties the same way each time. */
export async function loadStaffLanes(db: DbOrTx, scope: StaffLaneScope): Promise<StaffLane[]> {
  const { vendorId, locationId, day } = scope;
  const from = scope.now.getTime();
  const to = day.end.getTime();

  const rows = await db
    .select({
      userId: staffShifts.userId,
      kind: staffShifts.kind,
      startsAt: staffShifts.startsAt,
      endsAt: staffShifts.endsAt,
      active: users.active,
      roleLevel: users.roleLevel,
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

  const shiftsByStaff = new Map<number, TimeInterval[]>();
  const breaksByStaff = new Map<number, TimeInterval[]>();
  for (const row of rows) {
    // Kiosk devices (7) and contact-centre staff (5) never serve at a desk.
    if (!row.active || row.roleLevel < ROLES.staff) continue;
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
  } else if (scope.openingHours) {
    const roster = await db
      .select({ userId: userLocations.userId })
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
    for (const { userId } of roster) {
      availableByStaff.set(userId, clipIntervals([scope.openingHours], from, to));
    }
  }

  const lanes: StaffLane[] = [];
  for (const [staffId, intervals] of availableByStaff) {
    const available = subtractIntervals(intervals, breaksByStaff.get(staffId) ?? []);
    if (available.length > 0) lanes.push({ staffId, serviceIds: [], available });
  }
  if (lanes.length === 0) return lanes;
  lanes.sort((a, b) => a.staffId - b.staffId);

  const listed = await db
    .select({ userId: userServices.userId, serviceId: userServices.serviceId })
    .from(userServices)
    .where(
      and(
        eq(userServices.vendorId, vendorId),
        inArray(
          userServices.userId,
          lanes.map((lane) => lane.staffId),
        ),
      ),
    )
    .orderBy(asc(userServices.serviceId));
  const listedByStaff = new Map<number, number[]>();
  for (const row of listed) {
    const list = listedByStaff.get(row.userId) ?? [];
    list.push(row.serviceId);
    listedByStaff.set(row.userId, list);
  }
  for (const lane of lanes) {
    lane.serviceIds = listedByStaff.get(lane.staffId) ?? [...scope.offeredServiceIds];
  }
  return lanes;
}
