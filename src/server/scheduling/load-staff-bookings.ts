// The booked appointments that hold a staff member at a location within a span of time: while one
// runs, that staff member serves nobody else. Every query is scoped by vendor_id.
import { and, eq, gt, inArray, isNotNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { appointments } from "../db/schema.ts";
import type { TimeInterval } from "./time-intervals.ts";

/** Booked appointments that hold their staff member: confirmed (1) and in progress (5). */
const BLOCKING_APPOINTMENT_STATUSES = [1, 5];

/** A staff member taken by a booked appointment for [start, end), in epoch ms. */
export type StaffBooking = TimeInterval & { staffId: number };

export type StaffBookingScope = {
  vendorId: number;
  locationId: number;
  /** bookings overlapping [from, to) count */
  from: Date;
  to: Date;
};

/** Bookings of the location overlapping the span that hold a staff member; unassigned ones hold nobody. */
export async function loadStaffBookings(
  db: DbOrTx,
  scope: StaffBookingScope,
): Promise<StaffBooking[]> {
  const rows = await db
    .select({
      userId: appointments.userId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.vendorId, scope.vendorId),
        eq(appointments.locationId, scope.locationId),
        inArray(appointments.status, BLOCKING_APPOINTMENT_STATUSES),
        isNotNull(appointments.userId),
        lt(appointments.startsAt, scope.to),
        gt(appointments.endsAt, scope.from),
      ),
    );
  return rows.map((row) => ({
    staffId: row.userId!,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
  }));
}
