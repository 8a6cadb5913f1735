// Small data factories for the realtime tests: a vendor with locations, staff with sessions and one
// waiting visitor.
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import {
  clients,
  locations,
  queueAppointments,
  services,
  sessions,
  userLocations,
  users,
  vendorDomains,
  vendors,
} from "../../src/server/db/schema.ts";
import type { RoleLevel } from "../../src/shared/domain.ts";
import { openAllWeek } from "../factories/locations.ts";

export async function insertVendor(db: Db, slug: string, hosts: string[] = []) {
  const [vendor] = await db
    .insert(vendors)
    .values({ slug, name: `Vendor ${slug}` })
    .returning({ id: vendors.id });
  if (hosts.length)
    await db.insert(vendorDomains).values(hosts.map((host) => ({ host, vendorId: vendor!.id })));
  return vendor!.id;
}

export async function insertLocation(db: Db, vendorId: number, name = "Main Street") {
  const [row] = await db
    .insert(locations)
    .values({
      vendorId,
      name,
      address: "1 Main Street",
      city: "Springfield",
      country: "US",
      latitude: 40,
      longitude: -75,
      timezone: "America/New_York",
      hours: openAllWeek(),
    })
    .returning({ id: locations.id });
  return row!.id;
}

export async function insertStaff(
  db: Db,
  vendorId: number,
  roleLevel: RoleLevel,
  locationIds: number[],
  options: { active?: boolean; firstName?: string } = {},
) {
  const [row] = await db
    .insert(users)
    .values({
      vendorId,
      email: `staff-${randomBytes(6).toString("hex")}@example.test`,
      firstName: options.firstName ?? "Sam",
      lastName: "Lee",
      roleLevel,
      active: options.active ?? true,
    })
    .returning({ id: users.id });
  if (locationIds.length) {
    await db
      .insert(userLocations)
      .values(locationIds.map((locationId) => ({ vendorId, userId: row!.id, locationId })));
  }
  return row!.id;
}

/** A signed-in session of a staff member (as sign-in creates it); returns sessions.id. */
export async function insertSession(
  db: Db,
  vendorId: number,
  userId: number,
  expiresAt = new Date(Date.now() + 12 * 3600_000),
) {
  const id = createHash("sha256").update(randomBytes(32)).digest("hex");
  await db.insert(sessions).values({ id, vendorId, userId, expiresAt });
  return id;
}

export async function insertWaitingVisitor(db: Db, vendorId: number, locationId: number) {
  const [service] = await db
    .insert(services)
    .values({ vendorId, name: "Account opening" })
    .returning({ id: services.id });
  const [client] = await db
    .insert(clients)
    .values({ vendorId, firstName: "Ada", lastName: "Visitor" })
    .returning({ id: clients.id });
  const confirmCode = randomBytes(10).toString("hex").toUpperCase();
  const [row] = await db
    .insert(queueAppointments)
    .values({ vendorId, locationId, serviceId: service!.id, clientId: client!.id, confirmCode })
    .returning({ id: queueAppointments.id });
  return { id: row!.id, confirmCode };
}

/** Sets what a staff member changes when they start a video meeting with the visitor. */
export async function startMeeting(db: Db, id: number, userId: number) {
  await db
    .update(queueAppointments)
    .set({
      status: "in_progress",
      userId,
      meetingLink: "https://meet.example.test/abc",
      dialIn: { e164: "+15551234567", international: "+1 555-123-4567", pin: "1234" },
      updatedAt: new Date(),
    })
    .where(eq(queueAppointments.id, id));
}
