// Test data for appointment availability: a vendor reachable by its own host with a location in
// Toronto open 09:00–17:00 on weekdays, a one-hour service offered there in person and by phone,
// two staff members assigned to it, and builders for what changes the slots (shifts and breaks,
// appointments, rooms, holidays, other services and staff). Built directly in the database.
import { randomBytes } from "node:crypto";
import type { Db } from "../../src/server/db/client.ts";
import {
  appointments,
  locationHourAdjustments,
  rooms,
  staffShifts,
  userLocations,
  userServices,
  users,
  type WeeklyHours,
} from "../../src/server/db/schema.ts";
import { ROLES } from "../../src/shared/domain.ts";
import { createLocation } from "./locations.ts";
import { createService } from "./services.ts";
import { createVendor } from "./vendors.ts";

export const AVAILABILITY_TIME_ZONE = "America/Toronto";
/** Monday 30 November 2026, 07:00 in Toronto (EST, UTC−5): the tests' clock. */
export const AVAILABILITY_NOW = new Date("2026-11-30T12:00:00Z");

const nineToFive = [{ open: "09:00", closed: "17:00" }];
export const WEEKDAYS_NINE_TO_FIVE: WeeklyHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: nineToFive,
  friday: nineToFive,
  saturday: null,
  sunday: null,
};

/** The instant the Toronto wall clock reads `time` ("09:30") on `date` in winter (EST). */
export const toronto = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

const unique = () => randomBytes(4).toString("hex");

type Settings = NonNullable<Parameters<typeof createVendor>[1]>["settings"];

export async function createAvailabilityWorld(
  db: Db,
  options: { settings?: Settings; locationHours?: WeeklyHours } = {},
) {
  const host = `avail-${unique()}.localhost`;
  const vendor = await createVendor(db, {
    hosts: [host],
    settings: { service_interval: 30, ...options.settings },
  });
  const vendorId = vendor.id;
  const location = await createLocation(db, vendorId, {
    name: "Queen Street",
    timezone: AVAILABILITY_TIME_ZONE,
    hours: options.locationHours ?? WEEKDAYS_NINE_TO_FIVE,
  });
  const locationId = location.id;
  const service = await createService(db, vendorId, {
    locationIds: [locationId],
    name: "Consultation",
    durationMinutes: 60,
    supportsVideo: false,
  });

  const world = {
    vendorId,
    host,
    locationId,
    serviceId: service.id,
    /** a staff member of the vendor, assigned to `locationIds` (default: the location) */
    async addStaff(
      values: {
        firstName?: string;
        lastName?: string;
        roleLevel?: number;
        active?: boolean;
        locationIds?: number[];
        serves?: number[];
      } = {},
    ) {
      const [user] = await db
        .insert(users)
        .values({
          vendorId,
          email: `staff-${unique()}@availability.test`,
          firstName: values.firstName ?? "Sam",
          lastName: values.lastName ?? "Staff",
          roleLevel: values.roleLevel ?? ROLES.staff,
          active: values.active ?? true,
        })
        .returning({ id: users.id });
      const userId = user!.id;
      for (const at of values.locationIds ?? [locationId])
        await db.insert(userLocations).values({ vendorId, userId, locationId: at });
      for (const serviceId of values.serves ?? [])
        await db.insert(userServices).values({ vendorId, userId, serviceId });
      return userId;
    },
    async addShift(
      userId: number,
      startsAt: Date,
      endsAt: Date,
      kind: "shift" | "break" = "shift",
      at = locationId,
    ) {
      await db
        .insert(staffShifts)
        .values({ vendorId, userId, locationId: at, kind, startsAt, endsAt });
    },
    async addAppointment(values: {
      startsAt: Date;
      endsAt: Date;
      userId?: number | null;
      serviceId?: number;
      roomId?: number | null;
      status?: number;
      locationId?: number;
    }) {
      await db.insert(appointments).values({
        vendorId,
        locationId: values.locationId ?? locationId,
        serviceId: values.serviceId ?? service.id,
        userId: values.userId ?? null,
        roomId: values.roomId ?? null,
        status: values.status ?? 1,
        startsAt: values.startsAt,
        endsAt: values.endsAt,
        confirmCode: unique().toUpperCase().padEnd(16, "0"),
      });
    },
    async addRoom(values: { capacity: number; archived?: boolean; at?: number }) {
      const [room] = await db
        .insert(rooms)
        .values({
          vendorId,
          locationId: values.at ?? locationId,
          name: `Room ${unique()}`,
          capacity: values.capacity,
          archivedAt: values.archived ? AVAILABILITY_NOW : null,
        })
        .returning({ id: rooms.id });
      return room!.id;
    },
    /** a dated exception to the weekly hours; null hours: closed that day */
    async addHoliday(
      day: string,
      hours: WeeklyHours["monday"] = null,
      recursYearly = false,
      at = locationId,
    ) {
      await db
        .insert(locationHourAdjustments)
        .values({ vendorId, locationId: at, day, hours, recursYearly, name: "Holiday" });
    },
    async addService(values: Parameters<typeof createService>[2]) {
      return (await createService(db, vendorId, values)).id;
    },
    async addLocation(values: Parameters<typeof createLocation>[2] = {}) {
      return (
        await createLocation(db, vendorId, {
          timezone: AVAILABILITY_TIME_ZONE,
          hours: WEEKDAYS_NINE_TO_FIVE,
          ...values,
        })
      ).id;
    },
  };
  return world;
}

export type AvailabilityWorld = Awaited<ReturnType<typeof createAvailabilityWorld>>;
