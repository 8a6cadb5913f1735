import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { createBranch, minutesFromNow, NOW } from "../queue/wait-time/wait-time-test-factory.ts";
import { loadStaffBookings } from "./load-staff-bookings.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const minutes = (instant: number) => (instant - NOW.getTime()) / 60_000;

describe("loadStaffBookings", () => {
  it("answers the confirmed and in-progress bookings of a staff member that overlap the span", async () => {
    const branch = await createBranch(database.db);
    const serviceId = await branch.addService({ durationMinutes: 30 });
    const userId = await branch.addStaff();
    // A staff member's own appointments never overlap (decision 0025): the one that ends as the
    // span begins is a colleague's, which overlaps the in-progress one below.
    const colleague = await branch.addStaff();
    const book = (
      from: number,
      to: number,
      extra: { status?: number; userId?: number | null } = {},
    ) =>
      branch.addBooking({
        serviceId,
        userId,
        startsAt: minutesFromNow(from),
        endsAt: minutesFromNow(to),
        ...extra,
      });
    await book(-30, 0, { userId: colleague }); // ends as the span begins
    await book(-10, 10, { status: 5 }); // in progress across the start
    await book(30, 60);
    await book(60, 90, { status: 4 }); // cancelled
    await book(70, 80, { userId: null }); // holds nobody
    await book(120, 150); // starts as the span ends

    const bookings = await loadStaffBookings(database.db, {
      ...branch.scope,
      from: NOW,
      to: minutesFromNow(120),
    });
    expect(
      bookings
        .map((booking) => ({
          ...booking,
          start: minutes(booking.start),
          end: minutes(booking.end),
        }))
        .sort((a, b) => a.start - b.start),
    ).toEqual([
      { staffId: userId, start: -10, end: 10 },
      { staffId: userId, start: 30, end: 60 },
    ]);
  });
});
