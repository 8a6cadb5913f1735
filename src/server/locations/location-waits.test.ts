import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database, Db } from "../db/client.ts";
import { DomainEventBus } from "../events/domain-events.ts";
import { addLocation, createBranch } from "../queue/wait-time/wait-time-test-factory.ts";
import { createLocationWaits } from "./location-waits.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The database with a count of the reads made through it: a kept wait reads nothing. */
function countingDb() {
  const counted = { reads: 0 };
  const db = new Proxy(database.db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "select" || property === "execute") counted.reads += 1;
      return value.bind(target);
    },
  }) as Db;
  return { db, counted };
}

async function twoLocationsAndAnotherVendor() {
  const branch = await createBranch(database.db);
  await branch.addService();
  await branch.addStaff();
  const second = await addLocation(database.db, branch.vendorId);
  const other = await createBranch(database.db);
  await other.addService();
  return { vendorId: branch.vendorId, first: branch.locationId, second, other: other.scope };
}

describe("createLocationWaits", () => {
  it("keeps a wait for its time to live", async () => {
    let clock = 1_000_000;
    const { db, counted } = countingDb();
    const waits = createLocationWaits({
      db,
      events: new DomainEventBus(),
      ttlMs: 10_000,
      now: () => clock,
    });
    const { vendorId, first } = await twoLocationsAndAnotherVendor();
    await waits.forLocations(vendorId, [first]);
    const afterFirst = counted.reads;
    expect(afterFirst).toBeGreaterThan(0);
    clock += 9_999;
    await waits.forLocations(vendorId, [first]);
    expect(counted.reads).toBe(afterFirst);
    clock += 1;
    await waits.forLocations(vendorId, [first]);
    expect(counted.reads).toBeGreaterThan(afterFirst);
  });

  it("forgets one location's waits, or the whole vendor's, and keeps the rest", async () => {
    const { db, counted } = countingDb();
    const waits = createLocationWaits({ db, events: new DomainEventBus(), ttlMs: 60_000 });
    const { vendorId, first, second, other } = await twoLocationsAndAnotherVendor();
    const readsFor = async (scope: { vendorId: number; locationId: number }) => {
      const before = counted.reads;
      await waits.forLocations(scope.vendorId, [scope.locationId]);
      return counted.reads - before;
    };
    const all = [{ vendorId, locationId: first }, { vendorId, locationId: second }, other];
    const reread = async () => {
      const read: number[] = [];
      for (const scope of all) if ((await readsFor(scope)) > 0) read.push(scope.locationId);
      return read;
    };
    await reread();

    waits.forget({ vendorId, locationId: first });
    expect(await reread()).toEqual([first]);
    waits.forget({ vendorId });
    expect(await reread()).toEqual([first, second]);
    expect(await reread()).toEqual([]);
  });

  it("drops a location's waits when its wait times are recalculated", async () => {
    const { db, counted } = countingDb();
    const events = new DomainEventBus();
    const waits = createLocationWaits({ db, events, ttlMs: 60_000 });
    const { vendorId, first, second } = await twoLocationsAndAnotherVendor();
    await waits.forLocations(vendorId, [first, second]);
    events.emit("waitTimesRecalculated", { vendorId, locationId: first, entries: [] });
    const before = counted.reads;
    await waits.forLocations(vendorId, [second]);
    expect(counted.reads).toBe(before);
    await waits.forLocations(vendorId, [first]);
    expect(counted.reads).toBeGreaterThan(before);
  });
});
