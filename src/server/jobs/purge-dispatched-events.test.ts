// Retention of the outbox: dispatched events past the window go, with the handlers' records of
// them; recent ones and undispatched ones stay, however old.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVendor } from "../../../test/factories/vendors.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { domainEvents, handledEvents } from "../db/schema.ts";
import { purgeDispatchedEvents } from "./purge-dispatched-events.ts";

describe("purgeDispatchedEvents", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("deletes dispatched events older than the window and keeps the rest", async () => {
    const { db } = database;
    const vendor = await createVendor(db, {
      name: "Retention Bank",
      hosts: ["retention.localhost"],
    });
    const event = (days: number, dispatched: boolean) => ({
      vendorId: vendor.id,
      type: "location.updated",
      aggregateType: "location",
      aggregateId: 1,
      payload: {},
      occurredAt: sql`now() - ${days} * interval '1 day'`,
      dispatchedAt: dispatched ? sql`now() - ${days} * interval '1 day'` : null,
    });
    const [old, recent, stuck] = await db
      .insert(domainEvents)
      .values([event(40, true), event(5, true), event(40, false)] as never)
      .returning({ id: domainEvents.id });
    await db.insert(handledEvents).values([
      { handler: "count.v1", eventId: old!.id },
      { handler: "count.v1", eventId: recent!.id },
    ]);

    expect(await purgeDispatchedEvents(db, 30)).toBe(1);
    const left = (await db.select({ id: domainEvents.id }).from(domainEvents)).map((r) => r.id);
    expect(left.sort()).toEqual([recent!.id, stuck!.id].sort());
    expect(await db.select().from(handledEvents).where(eq(handledEvents.eventId, old!.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(handledEvents).where(eq(handledEvents.eventId, recent!.id)),
    ).toHaveLength(1);
  });
});
