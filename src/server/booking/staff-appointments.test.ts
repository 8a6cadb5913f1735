// The staff's reading of booked appointments: one statement joins the location, service, staff
// member, room, booker and client, presented on the location's wall clock.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AvailabilityWorld,
  createAvailabilityWorld,
} from "../../../test/factories/availability-world.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { appointments, clients } from "../db/schema.ts";
import { loadStaffAppointments } from "./staff-appointments.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: AvailabilityWorld;
let stranger: AvailabilityWorld;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createAvailabilityWorld(t.db);
  stranger = await createAvailabilityWorld(t.db);
});
afterAll(() => t.close());

describe("loadStaffAppointments", () => {
  it("presents an appointment with its people on the location's clock, and only the vendor's", async () => {
    const ada = await world.addStaff({ firstName: "Ada", lastName: "Lovelace" });
    const booker = await world.addStaff({ firstName: "Bea", lastName: "Booker" });
    const [client] = await t.db
      .insert(clients)
      .values({
        vendorId: world.vendorId,
        firstName: "Mina",
        lastName: "Park",
        cellPhone: "+14165550123",
      })
      .returning();
    const [row] = await t.db
      .insert(appointments)
      .values({
        vendorId: world.vendorId,
        locationId: world.locationId,
        serviceId: world.serviceId,
        userId: ada,
        clientId: client!.id,
        bookedByUserId: booker,
        bookedThrough: "schedule",
        startsAt: new Date("2026-12-01T15:00:00Z"),
        endsAt: new Date("2026-12-01T15:30:00Z"),
        confirmCode: "ABC123",
      })
      .returning();

    const [presented] = await loadStaffAppointments(t.db, {
      vendorId: world.vendorId,
      where: eq(appointments.id, row!.id),
      locale: "en",
    });
    expect(presented?.attributes).toMatchObject({
      status_name: "confirmed",
      start: "2026-12-01T10:00:00-05:00",
      end: "2026-12-01T10:30:00-05:00",
      staff_name: "Ada Lovelace",
      booked_by_name: "Bea Booker",
      booked_through: "schedule",
      arrived_at: null,
      version: 1,
      client: { id: String(client!.id), first_name: "Mina", last_name: "Park" },
    });
    expect(presented?.attributes.client.cell_phone_formatted).toMatch(/416/);

    const foreign = await loadStaffAppointments(t.db, {
      vendorId: stranger.vendorId,
      where: eq(appointments.id, row!.id),
      locale: "en",
    });
    expect(foreign).toEqual([]);
  });
});
