// The availability loader builds the engine's query from the database as written down here:
// the location's zone, grid and opening periods with its holidays, the staff who can serve with
// their shifts, breaks and appointments (widened by each one's own buffers), the rooms, the day
// counts, and a refusal for what the request names but cannot be booked.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AVAILABILITY_NOW,
  type AvailabilityWorld,
  createAvailabilityWorld,
  toronto,
} from "../../../test/factories/availability-world.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import { ROLES } from "../../shared/domain.ts";
import type { BookingMeetingMethod } from "../../shared/services/booking-methods.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { Database, Db } from "../db/client.ts";
import { locations, services, vendors } from "../db/schema.ts";
import type { StaffCalendar } from "./availability.ts";
import { type AvailabilityRequest, loadAvailabilityQuery } from "./load-availability.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const MINUTE = 60_000;
const at = (date: string, time: string) => toronto(date, time).getTime();
const interval = (date: string, from: string, to: string) => ({
  start: at(date, from),
  end: at(date, to),
});

async function load(
  world: AvailabilityWorld,
  request: Partial<AvailabilityRequest> = {},
  db: Db = database.db,
) {
  const [vendor] = await database.db
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, world.vendorId));
  return loadAvailabilityQuery(db, {
    vendorId: world.vendorId,
    settings: parseVendorSettings(vendor!.settings),
    locationId: world.locationId,
    serviceId: world.serviceId,
    staffId: null,
    meetingMethod: 1,
    fromDate: "2026-12-01",
    toDate: "2026-12-01",
    attendees: 1,
    now: AVAILABILITY_NOW,
    ...request,
  });
}

async function queryOf(world: AvailabilityWorld, request: Partial<AvailabilityRequest> = {}) {
  const loaded = await load(world, request);
  if (loaded.refusal !== undefined) throw new Error(`refused: ${loaded.refusal}`);
  return loaded.query;
}

/** The database with a count of the statements made through it. */
function countingDb() {
  const counted = { statements: 0 };
  const db = new Proxy(database.db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "select" || property === "execute") counted.statements += 1;
      return value.bind(target);
    },
  }) as Db;
  return { db, counted };
}

const calendarOf = (staff: readonly StaffCalendar[], id: number) => {
  const calendar = staff.find((member) => member.id === id);
  if (!calendar) throw new Error(`no calendar for ${id}`);
  return calendar;
};

describe("loadAvailabilityQuery", () => {
  it("takes the zone, the grid, the duration, the buffers and the booking window", async () => {
    const world = await createAvailabilityWorld(database.db, {
      settings: { client_view: { time_in_advance_minutes: 120 }, booking: { window_days: 10 } },
    });
    await database.db
      .update(services)
      .set({ bufferBeforeMinutes: 5, bufferAfterMinutes: 10 })
      .where(eq(services.id, world.serviceId));
    const query = await queryOf(world, { fromDate: "2026-12-01", toDate: "2026-12-03" });
    expect(query).toMatchObject({
      timeZone: "America/Toronto",
      fromDate: "2026-12-01",
      toDate: "2026-12-03",
      durationMinutes: 60,
      stepMinutes: 30,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
      earliestStart: AVAILABILITY_NOW.getTime() + 120 * MINUTE,
      latestStart: AVAILABILITY_NOW.getTime() + 10 * 24 * 60 * MINUTE,
      rooms: null,
      attendees: 1,
      dailyCapacity: null,
    });
  });

  it("opens in person by the weekly hours with holidays and special hours applied, yearly ones too", async () => {
    const world = await createAvailabilityWorld(database.db, {
      locationHours: {
        monday: null,
        tuesday: [
          { open: "09:00", closed: "12:00" },
          { open: "13:00", closed: "17:00" },
        ],
        wednesday: [{ open: "09:00", closed: "17:00" }],
        thursday: [{ open: "09:00", closed: "17:00" }],
        friday: [{ open: "09:00", closed: "17:00" }],
        saturday: null,
        sunday: null,
      },
    });
    await world.addHoliday("2026-12-02"); // Wednesday: closed
    await world.addHoliday("2026-12-03", [{ open: "10:00", closed: "14:00" }]);
    await world.addHoliday("2019-12-04", null, true); // every 4 December since 2019
    const query = await queryOf(world, { fromDate: "2026-11-30", toDate: "2026-12-05" });
    expect(query.openHours).toEqual([
      interval("2026-12-01", "09:00", "12:00"),
      interval("2026-12-01", "13:00", "17:00"),
      interval("2026-12-03", "10:00", "14:00"),
    ]);
  });

  it("leaves the hours to the shifts for phone, video and off-site meetings, and grows off-site buffers by the travel", async () => {
    const world = await createAvailabilityWorld(database.db, {
      settings: { booking: { off_site_travel_minutes: 45 } },
    });
    await database.db
      .update(services)
      .set({ supportsVideo: true, bufferBeforeMinutes: 5 })
      .where(eq(services.id, world.serviceId));
    await world.addRoom({ capacity: 4 });
    for (const method of [2, 3] as BookingMeetingMethod[]) {
      const query = await queryOf(world, { meetingMethod: method });
      expect(query).toMatchObject({ openHours: null, rooms: null, bufferBeforeMinutes: 5 });
    }
    const offSite = await queryOf(world, { meetingMethod: 4 });
    expect(offSite).toMatchObject({
      openHours: null,
      rooms: null,
      bufferBeforeMinutes: 50,
      bufferAfterMinutes: 45,
    });
  });

  it("lists the active serving staff assigned here who can serve the service, by id", async () => {
    const world = await createAvailabilityWorld(database.db);
    const other = await world.addService({ locationIds: [world.locationId] });
    const elsewhere = await world.addLocation();
    const everything = await world.addStaff();
    const listed = await world.addStaff({ serves: [world.serviceId, other] });
    const manager = await world.addStaff({ roleLevel: ROLES.manager });
    await world.addStaff({ serves: [other] });
    await world.addStaff({ roleLevel: ROLES.kiosk });
    await world.addStaff({ roleLevel: ROLES.contact_centre_staff });
    await world.addStaff({ active: false });
    await world.addStaff({ locationIds: [elsewhere] });
    const loaded = await load(world);
    if (loaded.refusal !== undefined) throw new Error(loaded.refusal);
    expect(loaded.query.staff.map((member) => member.id)).toEqual([everything, listed, manager]);
    expect(loaded.staff.map((member) => member.id)).toEqual([everything, listed, manager]);
    expect(loaded.staff[0]).toEqual({ id: everything, firstName: "Sam", lastName: "Staff" });

    const one = await queryOf(world, { staffId: listed });
    expect(one.staff.map((member) => member.id)).toEqual([listed]);
  });

  it("refuses a staff member of another vendor or not serving as not found, and one of the vendor's who does not offer it here as such", async () => {
    const world = await createAvailabilityWorld(database.db);
    const stranger = await createAvailabilityWorld(database.db);
    const foreign = await stranger.addStaff();
    const other = await world.addService({ locationIds: [world.locationId] });
    const elsewhere = await world.addLocation();
    const away = await world.addStaff({ locationIds: [elsewhere] });
    const otherService = await world.addStaff({ serves: [other] });
    const kiosk = await world.addStaff({ roleLevel: ROLES.kiosk });
    expect(await load(world, { staffId: foreign })).toEqual({ refusal: "staff_not_found" });
    expect(await load(world, { staffId: kiosk })).toEqual({ refusal: "staff_not_found" });
    expect(await load(world, { staffId: 2_147_483_647 })).toEqual({ refusal: "staff_not_found" });
    expect(await load(world, { staffId: away })).toEqual({ refusal: "staff_not_offering" });
    expect(await load(world, { staffId: otherService })).toEqual({
      refusal: "staff_not_offering",
    });
  });

  it("gives every assigned staff member the opening hours at a location that keeps no roster", async () => {
    const world = await createAvailabilityWorld(database.db);
    const ada = await world.addStaff();
    const grace = await world.addStaff();
    // A shift over before now keeps no roster; a break alone neither.
    await world.addShift(ada, toronto("2026-11-30", "05:00"), toronto("2026-11-30", "06:00"));
    await world.addShift(
      grace,
      toronto("2026-12-01", "12:00"),
      toronto("2026-12-01", "12:30"),
      "break",
    );
    const query = await queryOf(world, { fromDate: "2026-12-01", toDate: "2026-12-02" });
    const opening = [
      interval("2026-12-01", "09:00", "17:00"),
      interval("2026-12-02", "09:00", "17:00"),
    ];
    expect(calendarOf(query.staff, ada).shifts).toEqual(opening);
    expect(calendarOf(query.staff, grace)).toMatchObject({
      shifts: opening,
      unavailable: [interval("2026-12-01", "12:00", "12:30")],
    });
  });

  it("takes shifts and breaks from staff_shifts at a location with a roster, whatever range is asked", async () => {
    const world = await createAvailabilityWorld(database.db);
    const ada = await world.addStaff();
    const grace = await world.addStaff();
    const elsewhere = await world.addLocation();
    await world.addShift(ada, toronto("2026-12-01", "08:00"), toronto("2026-12-01", "18:00"));
    await world.addShift(
      ada,
      toronto("2026-12-01", "12:00"),
      toronto("2026-12-01", "13:00"),
      "break",
    );
    // Grace works elsewhere that day: no shift here.
    await world.addShift(
      grace,
      toronto("2026-12-01", "09:00"),
      toronto("2026-12-01", "17:00"),
      "shift",
      elsewhere,
    );
    const query = await queryOf(world);
    expect(calendarOf(query.staff, ada)).toMatchObject({
      shifts: [interval("2026-12-01", "08:00", "18:00")],
      unavailable: [interval("2026-12-01", "12:00", "13:00")],
    });
    expect(calendarOf(query.staff, grace)).toMatchObject({ shifts: [], unavailable: [] });
    // A day nobody is rostered on offers nobody, asked alone or with the rostered day.
    for (const fromDate of ["2026-12-01", "2026-12-02"]) {
      const later = await queryOf(world, { fromDate, toDate: "2026-12-02" });
      expect(later.staff.map((member) => member.shifts)).toEqual([
        fromDate === "2026-12-01" ? [interval("2026-12-01", "08:00", "18:00")] : [],
        [],
      ]);
    }
  });

  it("holds a staff member by their confirmed and in-progress appointments anywhere, widened by each service's buffers, and counts their days", async () => {
    const world = await createAvailabilityWorld(database.db, {
      settings: { booking: { staff_daily_limit: 4 } },
    });
    const ada = await world.addStaff();
    const grace = await world.addStaff();
    const elsewhere = await world.addLocation();
    const buffered = await world.addService({
      locationIds: [world.locationId, elsewhere],
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 30,
    });
    const book = (start: string, end: string, values: Record<string, unknown> = {}) =>
      world.addAppointment({
        userId: ada,
        startsAt: toronto("2026-12-01", start),
        endsAt: toronto("2026-12-01", end),
        ...values,
      });
    await book("09:00", "10:00"); // no buffers
    await book("11:00", "12:00", { serviceId: buffered }); // held 10:45–12:30
    await book("13:00", "13:30", { status: 5, locationId: elsewhere }); // in progress, elsewhere
    await book("14:00", "15:00", { status: 4 }); // cancelled: neither holds nor counts
    await book("15:00", "15:30", { status: 2 }); // completed: counts, holds nobody
    await book("23:30", "23:45"); // late in the local day, the next day in UTC
    await book("10:00", "11:00", { userId: grace, status: 3 }); // no-show: neither
    const query = await queryOf(world);
    expect([...calendarOf(query.staff, ada).bookings].sort((a, b) => a.start - b.start)).toEqual([
      interval("2026-12-01", "09:00", "10:00"),
      interval("2026-12-01", "10:45", "12:30"),
      interval("2026-12-01", "13:00", "13:30"),
      interval("2026-12-01", "23:30", "23:45"),
    ]);
    expect(calendarOf(query.staff, ada)).toMatchObject({
      dailyLimit: 4,
      bookedPerDay: new Map([["2026-12-01", 5]]),
    });
    expect(calendarOf(query.staff, grace)).toMatchObject({
      bookings: [],
      bookedPerDay: new Map(),
    });
    // The location counts its own appointments only: the one elsewhere is not among them.
    expect(query.locationBookedPerDay).toEqual(new Map([["2026-12-01", 4]]));
  });

  it("reads appointments around the range as far as buffers reach, and counts days by local date", async () => {
    const world = await createAvailabilityWorld(database.db, {
      settings: { booking: { location_daily_capacity: 30 } },
    });
    const ada = await world.addStaff();
    const buffered = await world.addService({
      locationIds: [world.locationId],
      bufferAfterMinutes: 240,
    });
    // Ends before the range, but its buffer reaches into it.
    await world.addAppointment({
      userId: ada,
      serviceId: buffered,
      startsAt: toronto("2026-11-30", "21:00"),
      endsAt: toronto("2026-11-30", "22:00"),
    });
    await world.addAppointment({
      startsAt: toronto("2026-12-02", "09:00"),
      endsAt: toronto("2026-12-02", "10:00"),
    });
    const query = await queryOf(world, { fromDate: "2026-12-01", toDate: "2026-12-02" });
    expect(calendarOf(query.staff, ada).bookings).toEqual([
      { start: at("2026-11-30", "21:00"), end: at("2026-11-30", "22:00") + 240 * MINUTE },
    ]);
    expect(query.dailyCapacity).toBe(30);
    expect(query.locationBookedPerDay).toEqual(new Map([["2026-12-02", 1]]));
  });

  it("needs a room for in person when the location has current rooms, each with its appointments", async () => {
    const world = await createAvailabilityWorld(database.db);
    const small = await world.addRoom({ capacity: 2 });
    const large = await world.addRoom({ capacity: 8 });
    await world.addRoom({ capacity: 20, archived: true });
    await world.addAppointment({
      roomId: large,
      startsAt: toronto("2026-12-01", "10:00"),
      endsAt: toronto("2026-12-01", "11:00"),
    });
    await world.addAppointment({
      roomId: large,
      status: 4,
      startsAt: toronto("2026-12-01", "12:00"),
      endsAt: toronto("2026-12-01", "13:00"),
    });
    const query = await queryOf(world, { attendees: 3 });
    expect(query.attendees).toBe(3);
    expect(query.rooms).toEqual([
      { id: small, capacity: 2, bookings: [] },
      { id: large, capacity: 8, bookings: [interval("2026-12-01", "10:00", "11:00")] },
    ]);
  });

  it("refuses a location or service that is not there to book, and a meeting method not offered", async () => {
    const world = await createAvailabilityWorld(database.db);
    const stranger = await createAvailabilityWorld(database.db);
    const notHere = await world.addService({ locationIds: [] });
    const archived = await world.addService({
      locationIds: [world.locationId],
      archivedAt: AVAILABILITY_NOW,
    });
    const privateLocation = await world.addLocation({ visibility: "private" });
    const archivedLocation = await world.addLocation({ archivedAt: AVAILABILITY_NOW });
    const refusal = async (request: Partial<AvailabilityRequest>) =>
      (await load(world, request)).refusal;
    expect(await refusal({ locationId: stranger.locationId })).toBe("location_not_found");
    expect(await refusal({ locationId: privateLocation })).toBe("location_not_found");
    expect(await refusal({ locationId: archivedLocation })).toBe("location_not_found");
    expect(await refusal({ serviceId: stranger.serviceId })).toBe("service_not_found");
    expect(await refusal({ serviceId: archived })).toBe("service_not_found");
    expect(await refusal({ serviceId: notHere })).toBe("service_not_offered");
    expect(await refusal({ meetingMethod: 3 })).toBe("method_not_offered"); // the service: no video
    await database.db
      .update(locations)
      .set({ supportsPhone: false })
      .where(eq(locations.id, world.locationId));
    expect(await refusal({ meetingMethod: 2 })).toBe("method_not_offered");
    expect(await refusal({ meetingMethod: 4 })).toBeUndefined();
  });

  it("reads in four statements whatever the range and the number of staff", async () => {
    const world = await createAvailabilityWorld(database.db);
    for (let i = 0; i < 6; i++) {
      const id = await world.addStaff();
      await world.addShift(id, toronto("2026-12-01", "09:00"), toronto("2026-12-01", "17:00"));
      await world.addAppointment({
        userId: id,
        startsAt: toronto("2026-12-02", "10:00"),
        endsAt: toronto("2026-12-02", "11:00"),
      });
    }
    await world.addRoom({ capacity: 3 });
    await world.addHoliday("2026-12-24");
    const { db, counted } = countingDb();
    const loaded = await load(world, { fromDate: "2026-12-01", toDate: "2027-01-31" }, db);
    expect(loaded.refusal).toBeUndefined();
    expect(counted.statements).toBe(4);
  });

  it("offers only in person when the vendor turns appointment meeting methods off", async () => {
    const world = await createAvailabilityWorld(database.db, {
      settings: { features: { appointment_meeting_methods: false } },
    });
    expect((await load(world, { meetingMethod: 2 })).refusal).toBe("method_not_offered");
    expect((await load(world, { meetingMethod: 4 })).refusal).toBe("method_not_offered");
    expect((await load(world, { meetingMethod: 1 })).refusal).toBeUndefined();
  });
});
