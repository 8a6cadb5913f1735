// Retention of the handlers' records: those past the window go, recent ones stay.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { handledEvents } from "../db/schema.ts";
import { purgeHandledEvents } from "./purge-handled-events.ts";

describe("purgeHandledEvents", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("deletes the records older than the window and keeps the rest", async () => {
    const { db } = database;
    await db.insert(handledEvents).values([
      { handler: "count.v1", eventId: 1, handledAt: sql`now() - interval '40 days'` as never },
      { handler: "count.v1", eventId: 2, handledAt: sql`now() - interval '5 days'` as never },
      { handler: "other.v1", eventId: 1, handledAt: sql`now() - interval '31 days'` as never },
    ]);
    expect(await purgeHandledEvents(db, 30)).toBe(2);
    const left = await db.select().from(handledEvents);
    expect(left.map((row) => [row.handler, row.eventId])).toEqual([["count.v1", 2]]);
  });
});
