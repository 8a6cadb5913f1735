// Query conditions that keep a staff request inside its vendor and, below Manager, inside the
// staff member's locations. Every internal query of a tenant table goes through one of these.
import { type AnyColumn, and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { StaffContext } from "../auth/staff-context.ts";

type Scoped = Pick<StaffContext, "vendorId" | "allLocations" | "locationIds">;

/** Rows of the caller's vendor. */
export function vendorScope(staff: Scoped, vendorColumn: AnyColumn): SQL {
  return eq(vendorColumn, staff.vendorId);
}

/** Rows of the caller's vendor at a location the caller may act on. */
export function locationScope(
  staff: Scoped,
  columns: { vendorColumn: AnyColumn; locationColumn: AnyColumn },
): SQL {
  const vendor = eq(columns.vendorColumn, staff.vendorId);
  if (staff.allLocations) return vendor;
  // An empty IN list is not valid SQL; a staff member without locations sees nothing.
  if (staff.locationIds.length === 0) return sql`false`;
  return and(vendor, inArray(columns.locationColumn, [...staff.locationIds])) as SQL;
}

/** Whether the caller may act at a location it already knows belongs to its vendor. */
export function canActAtLocation(staff: Scoped, locationId: number): boolean {
  return staff.allLocations || staff.locationIds.includes(locationId);
}
