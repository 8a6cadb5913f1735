// Test data for the wait-time engine's database tests: a vendor with one location, and small
// builders for services, staff, shifts, bookings and visitors. Used by tests only.
import { randomBytes } from "node:crypto";
import type { QueueStatus } from "../../../shared/domain.ts";
import type { Db } from "../../db/client.ts";
import {
  appointments,
  clients,
  locationServices,
  locations,
  queueAppointments,
  services,
  staffShifts,
  userLocations,
  userServices,
  users,
  vendors,
  type WeeklyHours,
} from "../../db/schema.ts";

/** Tuesday 12 March 2030, 11:00 in Toronto (EDT, UTC−4): the location is open 09:00–17:00. */
export const NOW = new Date("2030-03-12T15:00:00Z");
export const TIME_ZONE = "America/Toronto";
export const NINE_TO_FIVE: WeeklyHours = {
  monday: [{ open: "09:00", closed: "17:00" }],
  tuesday: [{ open: "09:00", closed: "17:00" }],
  wednesday: [{ open: "09:00", closed: "17:00" }],
  thursday: [{ open: "09:00", closed: "17:00" }],
  friday: [{ open: "09:00", closed: "17:00" }],
  saturday: null,
  sunday: null,
};

/** `minutes` after NOW (negative: before). */
export const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const unique = () => randomBytes(6).toString("hex");

export type Branch = Awaited<ReturnType<typeof createBranch>>;

/**
 * A vendor with one location open 09:00–17:00 in Toronto, and builders scoped to them. A test on
 * the real clock gives its own hours and a time zone where it is now midday (timeZoneNearNoon):
 * the engine plans within the local day, so near local midnight it would have nothing to plan in.
 */
export async function createBranch(
  db: Db,
  options: { hours?: WeeklyHours; timeZone?: string } = {},
) {
  const [vendor] = await db
    .insert(vendors)
    .values({ slug: `v-${unique()}`, name: "Test vendor" })
    .returning({ id: vendors.id });
  const vendorId = vendor!.id;
  const locationId = await addLocation(
    db,
    vendorId,
    options.hours ?? NINE_TO_FIVE,
    options.timeZone ?? TIME_ZONE,
  );
  const scope = { vendorId, locationId };

  return {
    vendorId,
    locationId,
    scope,
    async addService(
      values: { durationMinutes?: number; supportsWalkin?: boolean; offered?: boolean } = {},
    ) {
      const [service] = await db
        .insert(services)
        .values({
          vendorId,
          name: `Service ${unique()}`,
          durationMinutes: values.durationMinutes ?? 15,
          supportsWalkin: values.supportsWalkin ?? true,
        })
        .returning({ id: services.id });
      if (values.offered !== false) {
        await db.insert(locationServices).values({ vendorId, locationId, serviceId: service!.id });
      }
      return service!.id;
    },
    /** a staff member assigned to the location; `serves` lists their services (none: all) */
    async addStaff(
      values: { roleLevel?: number; active?: boolean; serves?: number[]; assigned?: boolean } = {},
    ) {
      const [user] = await db
        .insert(users)
        .values({
          vendorId,
          email: `staff-${unique()}@example.test`,
          firstName: "Sam",
          lastName: "Staff",
          roleLevel: values.roleLevel ?? 10,
          active: values.active ?? true,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      if (values.assigned !== false)
        await db.insert(userLocations).values({ vendorId, userId, locationId });
      for (const serviceId of values.serves ?? []) {
        await db.insert(userServices).values({ vendorId, userId, serviceId });
      }
      return userId;
    },
    async addShift(
      userId: number,
      startsAt: Date,
      endsAt: Date,
      kind: "shift" | "break" = "shift",
    ) {
      await db.insert(staffShifts).values({ vendorId, userId, locationId, kind, startsAt, endsAt });
    },
    async addBooking(values: {
      serviceId: number;
      userId: number | null;
      startsAt: Date;
      endsAt: Date;
      status?: number;
    }) {
      await db
        .insert(appointments)
        .values({ vendorId, locationId, status: 1, confirmCode: unique(), ...values });
    },
    /** a visitor in the line (or, with a status, one in progress or served) */
    async addVisitor(values: {
      serviceId: number;
      queuedAt?: Date;
      status?: QueueStatus;
      userId?: number;
      startedAt?: Date;
      endedAt?: Date;
      createdAt?: Date;
      quotedWaitSeconds?: number;
      actualWaitSeconds?: number;
      expectedStart?: Date | null;
      calledAt?: Date | null;
    }) {
      const [client] = await db
        .insert(clients)
        .values({ vendorId, firstName: "Vi", lastName: "Sitor" })
        .returning({ id: clients.id });
      const [row] = await db
        .insert(queueAppointments)
        .values({
          vendorId,
          locationId,
          clientId: client!.id,
          confirmCode: unique(),
          queuedAt: NOW,
          ...values,
        })
        .returning({ id: queueAppointments.id });
      return row!.id;
    },
  };
}

export async function addLocation(
  db: Db,
  vendorId: number,
  hours: WeeklyHours = NINE_TO_FIVE,
  timeZone = TIME_ZONE,
) {
  const [location] = await db
    .insert(locations)
    .values({
      vendorId,
      name: `Branch ${unique()}`,
      address: "1 Main St",
      city: "Toronto",
      country: "CA",
      latitude: 43.65,
      longitude: -79.38,
      timezone: timeZone,
      hours,
    })
    .returning({ id: locations.id });
  return location!.id;
}
