// GET /me (and the sign-in answer): who is signed in, as what, where, what they may open, and the
// bearer token for the private realtime channels, which the route issues and hands in.
import { asc, eq, inArray } from "drizzle-orm";
import type { Me } from "../../shared/contracts/me.ts";
import { ROLES, type RoleName } from "../../shared/domain.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { locations, vendors } from "../db/schema.ts";
import { backOfficeRoutesFor } from "../permissions/back-office-routes.ts";
import { permissionsOf } from "../permissions/permission-table.ts";

const ROLE_NAMES = Object.fromEntries(
  Object.entries(ROLES).map(([name, level]) => [level, name as RoleName]),
) as Record<number, RoleName>;

export async function presentMe(
  db: DbOrTx,
  staff: StaffContext,
  realtime: Me["realtime"],
): Promise<Me> {
  const [vendor] = await db
    .select({ id: vendors.id, slug: vendors.slug, name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, staff.vendorId));
  if (!vendor) throw new Error(`session of vendor ${staff.vendorId}, which no longer exists`);
  const places =
    staff.locationIds.length === 0
      ? []
      : await db
          .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
          .from(locations)
          .where(inArray(locations.id, [...staff.locationIds]))
          .orderBy(asc(locations.sortOrder), asc(locations.name));
  const { user } = staff;
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      full_name: `${user.firstName} ${user.lastName}`.trim(),
      lang: user.lang,
    },
    role: { level: staff.roleLevel, name: ROLE_NAMES[staff.roleLevel] ?? "staff" },
    vendor,
    locations: places,
    all_locations: staff.allLocations,
    permissions: permissionsOf(staff.roleLevel),
    back_office_routes: backOfficeRoutesFor(staff.roleLevel).map((route) => ({
      path: route.path,
      vendor_flag: route.vendorFlag ?? null,
    })),
    realtime,
  };
}
