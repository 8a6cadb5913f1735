import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import {
  appointments,
  locationHourAdjustments,
  queueAppointments,
  staffShifts,
  userLocations,
} from "../../db/schema.ts";
import { loadWaitTimeInput } from "./load-wait-time-input.ts";
import { simulateWaitTimes } from "./simulate-wait-times.ts";
import { createBranch, minutesFromNow, NINE_TO_FIVE, NOW } from "./wait-time-test-factory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Each waiting visitor's expected start in minutes after `now` (null: not today). */
async function plannedStarts(scope: { vendorId: number; locationId: number }, now = NOW) {
  const input = await loadWaitTimeInput(database.db, scope, now);
  return simulateWaitTimes(input.simulation).visits.map((visit) =>
    visit.expectedStart === null ? null : (visit.expectedStart - now.getTime()) / 60_000,
  );
}

describe("loadWaitTimeInput: who is on shift", () => {
  it("counts, on a day without shift rows, every active desk staff member of the location until closing", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const first = await branch.addStaff();
    const second = await branch.addStaff({ roleLevel: 20 });
    await branch.addStaff({ roleLevel: 7 }); // kiosk device
    await branch.addStaff({ roleLevel: 5 }); // contact centre
    await branch.addStaff({ active: false });

    const input = await loadWaitTimeInput(database.db, branch.scope, NOW);
    expect(input.simulation.lanes.map((lane) => lane.staffId)).toEqual([first, second]);
    // open until 17:00 Toronto = 21:00 UTC
    expect(input.simulation.lanes[0]!.available).toEqual([
      { start: NOW.getTime(), end: Date.parse("2030-03-12T21:00:00Z") },
    ]);
    expect(input.simulation.lanes[0]!.serviceIds).toEqual([service]);
  });

  it("starts the lanes at opening time when the location has not opened yet today", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    await branch.addStaff();
    await branch.addVisitor({ serviceId: service });
    // 08:00 Toronto: opens at 09:00, an hour later
    expect(await plannedStarts(branch.scope, minutesFromNow(-180))).toEqual([60]);
  });

  it("has nobody serving once the location has closed for the day, or on a holiday", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService();
    await branch.addStaff();
    await branch.addVisitor({ serviceId: service });
    expect(await plannedStarts(branch.scope, minutesFromNow(7 * 60))).toEqual([null]); // 18:00
    await database.db.insert(locationHourAdjustments).values({
      vendorId: branch.vendorId,
      locationId: branch.locationId,
      day: "2030-03-12",
      hours: null,
    });
    expect(await plannedStarts(branch.scope)).toEqual([null]);
  });

  it("on a day with shift rows, counts only staff with a shift, within it", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 60 });
    const onShift = await branch.addStaff();
    await branch.addStaff(); // assigned, but no shift today
    await branch.addShift(onShift, minutesFromNow(-120), minutesFromNow(120));
    for (let i = 0; i < 3; i++)
      await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i) });
    expect(await plannedStarts(branch.scope)).toEqual([0, 60, null]);
  });

  it("keeps visits out of breaks", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    await branch.addShift(staff, minutesFromNow(-60), minutesFromNow(240));
    await branch.addShift(staff, minutesFromNow(20), minutesFromNow(50), "break");
    for (let i = 0; i < 3; i++)
      await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i) });
    // 0–15, then 15–30 would run into the break at 20: 50–65, 65–80
    expect(await plannedStarts(branch.scope)).toEqual([0, 50, 65]);
  });

  it("sends visitors only to staff who serve their service; a staff member listing none serves all", async () => {
    const branch = await createBranch(database.db);
    const deposits = await branch.addService({ durationMinutes: 10 });
    const loans = await branch.addService({ durationMinutes: 30 });
    await branch.addStaff({ serves: [deposits] });
    await branch.addStaff();
    await branch.addVisitor({ serviceId: loans, queuedAt: minutesFromNow(-2) });
    await branch.addVisitor({ serviceId: loans, queuedAt: minutesFromNow(-1) });
    await branch.addVisitor({ serviceId: deposits });
    expect(await plannedStarts(branch.scope)).toEqual([0, 30, 0]);
  });
});

describe("loadWaitTimeInput: a day with a lunch closure", () => {
  // NOW is Tuesday 11:00 in Toronto; the branch closes from 11:30 to 12:30 (30 to 90 minutes on).
  const lunchTuesday = {
    ...NINE_TO_FIVE,
    tuesday: [
      { open: "09:00", closed: "11:30" },
      { open: "12:30", closed: "17:00" },
    ],
  };

  it("serves nobody during the closure and resumes after it", async () => {
    const branch = await createBranch(database.db, { hours: lunchTuesday });
    const service = await branch.addService({ durationMinutes: 20 });
    await branch.addStaff();
    for (let i = 0; i < 3; i++)
      await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i) });
    const input = await loadWaitTimeInput(database.db, branch.scope, NOW);
    expect(input.simulation.lanes[0]!.available).toEqual([
      { start: NOW.getTime(), end: minutesFromNow(30).getTime() },
      { start: minutesFromNow(90).getTime(), end: Date.parse("2030-03-12T21:00:00Z") },
    ]);
    // 0–20; 20–40 would run into the closure at 30: 90–110, then 110–130
    expect(await plannedStarts(branch.scope)).toEqual([0, 90, 110]);
  });

  it("starts the line when the location reopens, during the closure", async () => {
    const branch = await createBranch(database.db, { hours: lunchTuesday });
    const service = await branch.addService({ durationMinutes: 20 });
    await branch.addStaff();
    await branch.addVisitor({ serviceId: service });
    // 12:00, half an hour before it reopens
    expect(await plannedStarts(branch.scope, minutesFromNow(60))).toEqual([30]);
  });

  it("keeps staff on a shift from serving during the closure too", async () => {
    const branch = await createBranch(database.db, { hours: lunchTuesday });
    const service = await branch.addService({ durationMinutes: 20 });
    const staff = await branch.addStaff();
    await branch.addShift(staff, minutesFromNow(-120), minutesFromNow(300));
    for (let i = 0; i < 2; i++)
      await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i) });
    expect(await plannedStarts(branch.scope)).toEqual([0, 90]);
  });

  it("follows special hours with a closure given for today", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 20 });
    await branch.addStaff();
    await database.db.insert(locationHourAdjustments).values({
      vendorId: branch.vendorId,
      locationId: branch.locationId,
      day: "2030-03-12",
      hours: [
        { open: "10:00", closed: "11:10" },
        { open: "14:00", closed: "16:00" },
      ],
    });
    for (let i = 0; i < 2; i++)
      await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i) });
    // 11:00–11:20 does not fit before 11:10: both after 14:00
    expect(await plannedStarts(branch.scope)).toEqual([180, 200]);
  });
});

describe("loadWaitTimeInput: what holds a lane", () => {
  it("blocks a staff member's lane with their confirmed bookings, not with cancelled or unassigned ones", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    await branch.addBooking({
      serviceId: service,
      userId: staff,
      startsAt: minutesFromNow(20),
      endsAt: minutesFromNow(50),
    });
    await branch.addBooking({
      serviceId: service,
      userId: staff,
      startsAt: minutesFromNow(0),
      endsAt: minutesFromNow(20),
      status: 4, // cancelled
    });
    await branch.addBooking({
      serviceId: service,
      userId: null,
      startsAt: minutesFromNow(0),
      endsAt: minutesFromNow(20),
    });
    await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-1) });
    await branch.addVisitor({ serviceId: service });
    expect(await plannedStarts(branch.scope)).toEqual([0, 50]);
  });

  it("holds a lane until the visitor in progress is expected to finish, or until now when they run over", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const busy = await branch.addStaff();
    const overrunning = await branch.addStaff();
    await branch.addVisitor({
      serviceId: service,
      status: "in_progress",
      userId: busy,
      startedAt: minutesFromNow(-5),
    });
    await branch.addVisitor({
      serviceId: service,
      status: "in_progress",
      userId: overrunning,
      startedAt: minutesFromNow(-60),
    });
    const input = await loadWaitTimeInput(database.db, branch.scope, NOW);
    expect(input.simulation.lanes.map((lane) => lane.busyUntil)).toEqual([
      minutesFromNow(10).getTime(),
      NOW.getTime(),
    ]);
    expect(input.waiting).toEqual([]);
  });

  it("plans with durations learned at this location, and with the configured one at a new location", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    await branch.addStaff();
    for (let day = 1; day <= 5; day++) {
      const startedAt = minutesFromNow(-day * 24 * 60);
      const endedAt = new Date(startedAt.getTime() + 25 * 60_000);
      await branch.addVisitor({
        serviceId: service,
        status: "completed",
        startedAt,
        endedAt,
        queuedAt: startedAt,
      });
    }
    await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-1) });
    await branch.addVisitor({ serviceId: service });
    expect(await plannedStarts(branch.scope)).toEqual([0, 25]);
  });
});

describe("loadWaitTimeInput: tenancy", () => {
  it("never counts another vendor's staff, shifts, bookings or visitors, even at the same location id", async () => {
    const branch = await createBranch(database.db);
    const other = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const otherService = await other.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    const intruder = await other.addStaff();
    // Rows that claim the first vendor's location but belong to the other vendor.
    const db = database.db;
    await db
      .insert(userLocations)
      .values({ vendorId: other.vendorId, userId: intruder, locationId: branch.locationId });
    await db.insert(staffShifts).values({
      vendorId: other.vendorId,
      userId: intruder,
      locationId: branch.locationId,
      startsAt: minutesFromNow(-60),
      endsAt: minutesFromNow(60),
    });
    await db.insert(appointments).values({
      vendorId: other.vendorId,
      locationId: branch.locationId,
      serviceId: otherService,
      userId: staff,
      startsAt: minutesFromNow(0),
      endsAt: minutesFromNow(60),
      confirmCode: "FOREIGNAPPT00001",
    });
    const strangerId = await other.addVisitor({ serviceId: otherService });
    await db
      .update(queueAppointments)
      .set({ locationId: branch.locationId })
      .where(eq(queueAppointments.id, strangerId));
    const visitor = await branch.addVisitor({ serviceId: service });

    const input = await loadWaitTimeInput(db, branch.scope, NOW);
    expect(input.simulation.lanes.map((lane) => lane.staffId)).toEqual([staff]);
    expect(input.simulation.blocks).toEqual([]);
    expect(input.waiting.map((row) => row.id)).toEqual([visitor]);
    await expect(
      loadWaitTimeInput(db, { vendorId: other.vendorId, locationId: branch.locationId }, NOW),
    ).rejects.toThrow(/not_found/);
  });
});
