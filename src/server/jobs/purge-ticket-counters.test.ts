// The short tickets' counters of days gone by are deleted; today's, yesterday's and tomorrow's (a
// location ahead of UTC) stay, whatever the time of day.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { executeRows } from "../db/client.ts";
import { ticketCounters } from "../db/schema.ts";
import { createBranch } from "../queue/wait-time/wait-time-test-factory.ts";
import { purgeTicketCounters } from "./purge-ticket-counters.ts";

describe("purgeTicketCounters", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("deletes the counters of days before yesterday and keeps the rest", async () => {
    const { db } = database;
    const branch = await createBranch(db);
    // Dates relative to the database's own clock, as the job reads it.
    const [today] = await executeRows<{ day: string }>(
      db,
      sql`select to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as day`,
    );
    const shifted = (days: number) => {
      const date = new Date(`${today!.day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + days);
      return date.toISOString().slice(0, 10);
    };
    await db.insert(ticketCounters).values(
      [-30, -3, -2, -1, 0, 1].map((days, index) => ({
        ...branch.scope,
        localDate: shifted(days),
        prefix: index % 2 === 0 ? "A" : "B",
        lastNumber: 5,
      })),
    );
    expect(await purgeTicketCounters(db)).toBe(2);
    const left = await db.select({ localDate: ticketCounters.localDate }).from(ticketCounters);
    expect(left.map((row) => row.localDate).sort()).toEqual([-2, -1, 0, 1].map(shifted));
  });
});
