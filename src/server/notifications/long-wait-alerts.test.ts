// Long-wait alerts: off unless a threshold is set; then each staff member of the location is
// emailed once per visitor and place in line, in their own language, and nobody else.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation } from "../../../test/factories/locations.ts";
import { createService } from "../../../test/factories/services.ts";
import { createStaffUser } from "../../../test/factories/staff.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import { ROLES } from "../../shared/domain.ts";
import type { Database } from "../db/client.ts";
import { clients, locations, messages, queueAppointments, users } from "../db/schema.ts";
import { queueLongWaitAlerts } from "./long-wait-alerts.ts";

const site = { publicUrl: "https://line.example.com", defaultVendor: "demo" };
const now = new Date("2026-11-25T15:00:00Z");

describe("long-wait alerts", () => {
  let database: Database;
  let locationId: number;
  let vendorId: number;
  let visitId: number;
  let frenchDesk: number;
  let otherBranch: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const vendor = await createVendor(db, { name: "Queue Bank", hosts: ["queue.localhost"] });
    vendorId = vendor.id;
    locationId = (await createLocation(db, vendorId, { name: "Main Branch" })).id;
    const elsewhere = (await createLocation(db, vendorId, { name: "Elsewhere" })).id;
    const service = await createService(db, vendorId, { locationIds: [locationId] });
    const desk = await createStaffUser(db, {
      vendorId,
      roleLevel: ROLES.staff,
      locationIds: [locationId],
    });
    frenchDesk = desk.id;
    await db.update(users).set({ lang: "fr" }).where(eq(users.id, desk.id));
    otherBranch = (
      await createStaffUser(db, { vendorId, roleLevel: ROLES.staff, locationIds: [elsewhere] })
    ).id;
    // A kiosk device at the branch is not a person to alert.
    await createStaffUser(db, { vendorId, roleLevel: ROLES.kiosk, locationIds: [locationId] });
    const [client] = await db
      .insert(clients)
      .values({ vendorId, firstName: "Ada", lastName: "Lovelace" })
      .returning();
    const [visit] = await db
      .insert(queueAppointments)
      .values({
        vendorId,
        locationId,
        serviceId: service.id,
        clientId: client!.id,
        confirmCode: "LONGWAIT00000001",
        queuedAt: new Date(now.getTime() - 40 * 60_000),
      })
      .returning();
    visitId = visit!.id;
  });
  afterAll(() => database.close());

  const alerts = () =>
    database.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, "long_wait_alert"), eq(messages.vendorId, vendorId)));

  it("sends nothing while no threshold is set", async () => {
    expect(await queueLongWaitAlerts(database.db, { site, now })).toBe(0);
  });

  it("emails the location's staff once, in their language, when a visitor waits past the threshold", async () => {
    await database.db
      .update(locations)
      .set({ notificationSettings: { long_wait_alert_minutes: 30 } })
      .where(eq(locations.id, locationId));
    expect(await queueLongWaitAlerts(database.db, { site, now })).toBe(1);
    const [alert] = await alerts();
    expect(alert).toMatchObject({
      userId: frenchDesk,
      queueAppointmentId: visitId,
      channel: "email",
      lang: "fr",
      status: "queued",
    });
    expect(alert!.subject).toContain("Ada Lovelace");
    expect(alert!.subject).toContain("40");
    expect(alert!.body).toContain("https://queue.localhost/lobby");
    expect((await alerts()).some((row) => row.userId === otherBranch)).toBe(false);
    // A minute later: told already.
    expect(
      await queueLongWaitAlerts(database.db, { site, now: new Date(now.getTime() + 60_000) }),
    ).toBe(0);
  });

  it("is not raised for a visitor under the threshold", async () => {
    await database.db
      .update(locations)
      .set({ notificationSettings: { long_wait_alert_minutes: 45 } })
      .where(eq(locations.id, locationId));
    await database.db.delete(messages);
    expect(await queueLongWaitAlerts(database.db, { site, now })).toBe(0);
  });
});
