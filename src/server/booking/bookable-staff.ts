// Who a visitor may choose on the booking's staff step: the active staff members of a public
// location who serve the service there (those who list it, or list no service at all), by first
// name and last initial, with the languages they speak. Never an email or a role.
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  locationServices,
  locations,
  services,
  userLocations,
  userServices,
  users,
} from "../db/schema.ts";
import { boardName } from "../tv/board-name.ts";

export type BookableStaffMember = { id: number; displayName: string; languages: string[] };

/** null when the location is not the vendor's public one or does not offer the service. */
export async function loadBookableStaff(
  db: DbOrTx,
  scope: { vendorId: number; locationId: number; serviceId: number },
): Promise<BookableStaffMember[] | null> {
  const { vendorId, locationId, serviceId } = scope;
  const [offered] = await db
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(
      locationServices,
      and(
        eq(locationServices.locationId, locations.id),
        eq(locationServices.vendorId, vendorId),
        eq(locationServices.serviceId, serviceId),
      ),
    )
    .innerJoin(
      services,
      and(eq(services.id, serviceId), eq(services.vendorId, vendorId), isNull(services.archivedAt)),
    )
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.vendorId, vendorId),
        isNull(locations.archivedAt),
        sql`${locations.visibility} <> 'private'`,
      ),
    );
  if (!offered) return null;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      languages: users.languages,
    })
    .from(userLocations)
    .innerJoin(users, and(eq(users.id, userLocations.userId), eq(users.vendorId, vendorId)))
    .where(
      and(
        eq(userLocations.vendorId, vendorId),
        eq(userLocations.locationId, locationId),
        eq(users.active, true),
        // Kiosk devices (7) and contact-centre staff (5) serve nobody at a desk.
        gte(users.roleLevel, ROLES.staff),
        sql`(not exists (select 1 from ${userServices} where ${userServices.userId} = ${users.id})
          or exists (select 1 from ${userServices} where ${userServices.userId} = ${users.id}
            and ${userServices.serviceId} = ${serviceId}))`,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    displayName: boardName(row.firstName, row.lastName),
    languages: row.languages,
  }));
}
