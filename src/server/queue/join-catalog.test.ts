import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import { createJoinCatalog } from "./join-catalog.ts";
import { addLocation, createBranch } from "./wait-time/wait-time-test-factory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function branchWithService() {
  const branch = await createBranch(database.db);
  const serviceId = await branch.addService();
  const key = { ...branch.scope, serviceId, withQuestions: true };
  const makePrivate = () =>
    database.db
      .update(locations)
      .set({ visibility: "private" })
      .where(eq(locations.id, branch.locationId));
  return { key, makePrivate };
}

describe("createJoinCatalog", () => {
  it("keeps an answer for its time to live, then reads the change", async () => {
    let clock = 1_000_000;
    const catalog = createJoinCatalog(1_000, () => clock);
    const { key, makePrivate } = await branchWithService();
    const first = await catalog.read(database.db, key);
    expect(first.location?.visibility).toBe("public");
    expect(first.service?.id).toBe(key.serviceId);
    await makePrivate();
    clock += 999;
    expect(await catalog.read(database.db, key)).toBe(first);
    clock += 2;
    expect((await catalog.read(database.db, key)).location?.visibility).toBe("private");
  });

  it("reads afresh on every call with a time to live of 0, and after clear()", async () => {
    const uncached = createJoinCatalog(0);
    const cached = createJoinCatalog(60_000);
    const { key, makePrivate } = await branchWithService();
    const before = await uncached.read(database.db, key);
    await cached.read(database.db, key);
    await makePrivate();
    expect((await uncached.read(database.db, key)).location?.visibility).toBe("private");
    expect(before.location?.visibility).toBe("public");
    expect((await cached.read(database.db, key)).location?.visibility).toBe("public");
    cached.clear();
    expect((await cached.read(database.db, key)).location?.visibility).toBe("private");
  });

  it("shares one read among callers that arrive together, and keeps no failed read", async () => {
    const catalog = createJoinCatalog(60_000);
    const { key } = await branchWithService();
    const [a, b] = await Promise.all([
      catalog.read(database.db, key),
      catalog.read(database.db, key),
    ]);
    expect(a).toBe(b);
    const broken = {
      ...database.db,
      select: () => {
        throw new Error("database unreachable");
      },
    };
    const other = { ...key, serviceId: key.serviceId + 1_000_000 };
    await expect(catalog.read(broken as never, other)).rejects.toThrow("database unreachable");
    const read = await catalog.read(database.db, other);
    expect(read.service).toBeNull();
    expect(read.location?.id).toBe(key.locationId);
  });

  it("forgets the answers of a location, a service or a vendor and keeps the rest", async () => {
    const catalog = createJoinCatalog(60_000);
    const branch = await createBranch(database.db);
    const first = await branch.addService();
    const second = await branch.addService();
    const otherLocation = await addLocation(database.db, branch.vendorId);
    const elsewhere = await createBranch(database.db);
    const foreign = await elsewhere.addService();
    const keys = {
      here: { ...branch.scope, serviceId: first, withQuestions: true },
      hereNoQuestions: { ...branch.scope, serviceId: first, withQuestions: false },
      hereSecond: { ...branch.scope, serviceId: second, withQuestions: true },
      there: { ...branch.scope, locationId: otherLocation, serviceId: first, withQuestions: true },
      foreign: { ...elsewhere.scope, serviceId: foreign, withQuestions: true },
    };
    type Name = keyof typeof keys;
    const readAll = async () => {
      const rows = new Map<Name, unknown>();
      for (const name of Object.keys(keys) as Name[])
        rows.set(name, await catalog.read(database.db, keys[name]));
      return rows;
    };
    /** the answers read afresh since `before` */
    const reread = async (before: Map<Name, unknown>) => {
      const after = await readAll();
      return [...after].filter(([name, rows]) => before.get(name) !== rows).map(([name]) => name);
    };

    let before = await readAll();
    catalog.forget({ vendorId: branch.vendorId, locationId: branch.locationId });
    expect(await reread(before)).toEqual(["here", "hereNoQuestions", "hereSecond"]);

    before = await readAll();
    catalog.forget({ vendorId: branch.vendorId, serviceId: first });
    expect(await reread(before)).toEqual(["here", "hereNoQuestions", "there"]);

    before = await readAll();
    catalog.forget({ vendorId: branch.vendorId, withQuestions: true });
    expect(await reread(before)).toEqual(["here", "hereSecond", "there"]);

    before = await readAll();
    catalog.forget({ vendorId: branch.vendorId });
    expect(await reread(before)).toEqual(["here", "hereNoQuestions", "hereSecond", "there"]);
  });

  it("does not keep a read under way when its answer is forgotten", async () => {
    const catalog = createJoinCatalog(60_000);
    const { key, makePrivate } = await branchWithService();
    const during = catalog.read(database.db, key);
    catalog.forget({ vendorId: key.vendorId, locationId: key.locationId });
    await makePrivate();
    const after = await catalog.read(database.db, key);
    expect(after).not.toBe(await during);
    expect(after.location?.visibility).toBe("private");
  });
});
