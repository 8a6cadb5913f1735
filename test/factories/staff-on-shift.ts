// Test staff: a staff member assigned to a location with a shift around now, so the wait-time
// engine has a lane and gives waiting visitors an expected start.
import type { Db } from "../../src/server/db/client.ts";
import { staffShifts, userLocations, users } from "../../src/server/db/schema.ts";
import { ROLES } from "../../src/shared/domain.ts";

let sequence = 0;

export async function createStaffOnShift(
  db: Db,
  vendorId: number,
  locationId: number,
  options: { firstName?: string; lastName?: string; now?: Date } = {},
) {
  sequence += 1;
  const now = options.now ?? new Date();
  const [user] = await db
    .insert(users)
    .values({
      vendorId,
      email: `staff-${sequence}-${now.getTime()}-${vendorId}@test.example`,
      firstName: options.firstName ?? "Sam",
      lastName: options.lastName ?? `Teller${sequence}`,
      roleLevel: ROLES.staff,
    })
    .returning();
  await db.insert(userLocations).values({ vendorId, userId: user!.id, locationId });
  await db.insert(staffShifts).values({
    vendorId,
    userId: user!.id,
    locationId,
    startsAt: new Date(now.getTime() - 60 * 60_000),
    endsAt: new Date(now.getTime() + 60 * 60_000),
  });
  return user!;
}
