// The location an internal request names, when the caller may act there: a location of the session's
// vendor and, below Manager, one the staff member works at. Anything else is "not found" (404).
import { and, eq } from "drizzle-orm";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";
import { canActAtLocation } from "../permissions/tenant-scope.ts";

export type LocationRow = typeof locations.$inferSelect;

/** Whether `locationId` is a plausible id of a location the caller may act at (not yet looked up). */
export function mayActAtLocationId(staff: StaffContext, locationId: number): boolean {
  if (!Number.isSafeInteger(locationId) || locationId < 1 || locationId > MAX_ID) return false;
  return canActAtLocation(staff, locationId);
}

export async function findStaffLocation(
  db: DbOrTx,
  staff: StaffContext,
  locationId: number,
): Promise<LocationRow> {
  if (!mayActAtLocationId(staff, locationId)) throw notFound();
  const [location] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.vendorId, staff.vendorId)));
  if (!location) throw notFound();
  return location;
}

/** A path id ("42"); anything that is not a plausible id becomes 0, which is never found. */
export function pathId(raw: string): number {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0;
}
