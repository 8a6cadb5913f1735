import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { locations } from "../db/schema.ts";
import { createJoinCatalog } from "./join-catalog.ts";
import { createBranch } from "./wait-time/wait-time-test-factory.ts";

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
});
