import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import {
  createLearnedDurationsCache,
  DURATION_BOUNDS,
  LEARNED_SAMPLES_TTL_MS,
  learnServiceDurations,
  robustDurationMinutes,
} from "./learn-service-durations.ts";
import { addLocation, createBranch, minutesFromNow, NOW } from "./wait-time-test-factory.ts";

describe("robustDurationMinutes", () => {
  it("uses the configured duration while there are fewer than five samples", () => {
    expect(robustDurationMinutes([], 15)).toBe(15);
    expect(robustDurationMinutes([4, 4, 4, 4], 15)).toBe(15);
  });

  it("averages the samples once there are five", () => {
    expect(robustDurationMinutes([10, 12, 8, 11, 9], 30)).toBe(10);
  });

  it("is not thrown off by a meeting left open for hours", () => {
    // 20 % trimmed: the two lowest (6, 8) and the two highest (12, 180) go before averaging
    expect(robustDurationMinutes([10, 12, 180, 8, 6, 11, 9, 10, 12, 11], 15)).toBe(10.5);
  });

  it("counts only the 30 most recent samples", () => {
    const recent = Array.from({ length: 30 }, () => 10);
    const old = Array.from({ length: 30 }, () => 40);
    expect(robustDurationMinutes([...recent, ...old], 15)).toBe(10);
  });

  it("ignores impossible samples (zero, negative, longer than 12 hours)", () => {
    expect(robustDurationMinutes([0, -5, 800, 10, 10, 10, 10], 15)).toBe(15);
    expect(robustDurationMinutes([0, -5, 800, 10, 10, 10, 10, 10], 15)).toBe(10);
  });

  it("keeps the result within sane bounds", () => {
    expect(robustDurationMinutes([0.2, 0.2, 0.2, 0.2, 0.2], 15)).toBe(DURATION_BOUNDS.min);
    expect(robustDurationMinutes([300, 320, 310, 305, 330], 15)).toBe(DURATION_BOUNDS.max);
  });

  it("rounds to whole seconds", () => {
    expect(robustDurationMinutes([10, 10, 10.01, 10, 10], 15) * 60).toBe(600);
  });
});

describe("learnServiceDurations", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("learns from the last 30 days of completed visits at this location only", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    const served = async (
      daysAgo: number,
      minutes: number,
      status: "completed" | "no_show" = "completed",
    ) => {
      const startedAt = minutesFromNow(-daysAgo * 24 * 60);
      const endedAt = new Date(startedAt.getTime() + minutes * 60_000);
      await branch.addVisitor({ serviceId: service, status, userId: staff, startedAt, endedAt });
    };
    for (let day = 1; day <= 5; day++) await served(day, 12);
    for (let day = 31; day <= 40; day++) await served(day, 45); // too old to count
    for (let day = 1; day <= 5; day++) await served(day, 60, "no_show");

    const other = await addLocation(database.db, branch.vendorId);
    const learn = (locationId: number) =>
      learnServiceDurations(
        database.db,
        { vendorId: branch.vendorId, locationId, serviceIds: [service] },
        NOW,
      );
    expect(await learn(branch.locationId)).toEqual(new Map([[service, 12]]));
    expect(await learn(other)).toEqual(new Map([[service, 15]]));
  });

  it("reuses the samples kept for the live clock until the location's are dropped or a minute passes", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    const now = new Date();
    const served = async (minutesAgo: number, minutes: number) => {
      const startedAt = new Date(now.getTime() - minutesAgo * 60_000);
      const endedAt = new Date(startedAt.getTime() + minutes * 60_000);
      await branch.addVisitor({
        serviceId: service,
        status: "completed",
        userId: staff,
        startedAt,
        endedAt,
      });
    };
    for (let i = 1; i <= 5; i++) await served(i * 60, 10);
    const cache = createLearnedDurationsCache();
    const learn = (at: Date) =>
      learnServiceDurations(
        database.db,
        { ...branch.scope, serviceIds: [service] },
        at,
        undefined,
        cache,
      );
    expect(await learn(now)).toEqual(new Map([[service, 10]]));

    // Five more visits of 20 minutes: the trimmed mean of ten would be 15.
    for (let i = 1; i <= 5; i++) await served(i * 60 + 30, 20);
    expect(await learn(new Date(now.getTime() + 1_000))).toEqual(new Map([[service, 10]]));
    // in a transaction, too: the kept samples are the app's, whatever handle reads
    expect(
      await database.db.transaction((tx) =>
        learnServiceDurations(
          tx,
          { ...branch.scope, serviceIds: [service] },
          now,
          undefined,
          cache,
        ),
      ),
    ).toEqual(new Map([[service, 10]]));
    // once the samples are older than the limit, they are read again
    expect(await learn(new Date(now.getTime() + LEARNED_SAMPLES_TTL_MS))).toEqual(
      new Map([[service, 15]]),
    );

    await served(40, 30);
    cache.forget(branch.scope);
    // eleven samples: the two shortest and two longest are trimmed, leaving 10, 10, 10, 20, 20, 20, 20
    expect(await learn(new Date(now.getTime() + LEARNED_SAMPLES_TTL_MS))).toEqual(
      new Map([[service, Math.round((110 / 7) * 60) / 60]]),
    );
  });

  it("always reads afresh for a clock other than the live one", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    const cache = createLearnedDurationsCache();
    const learn = () =>
      learnServiceDurations(
        database.db,
        { ...branch.scope, serviceIds: [service] },
        NOW,
        undefined,
        cache,
      );
    expect(await learn()).toEqual(new Map([[service, 15]]));
    for (let day = 1; day <= 5; day++) {
      const startedAt = minutesFromNow(-day * 24 * 60);
      const endedAt = new Date(startedAt.getTime() + 12 * 60_000);
      await branch.addVisitor({
        serviceId: service,
        status: "completed",
        userId: staff,
        startedAt,
        endedAt,
      });
    }
    expect(await learn()).toEqual(new Map([[service, 12]]));
  });

  it("reads afresh for the live clock too when no cache is given", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    const staff = await branch.addStaff();
    const now = new Date();
    const learn = () =>
      learnServiceDurations(database.db, { ...branch.scope, serviceIds: [service] }, now);
    expect(await learn()).toEqual(new Map([[service, 15]]));
    for (let i = 1; i <= 5; i++) {
      const startedAt = new Date(now.getTime() - i * 60 * 60_000);
      const endedAt = new Date(startedAt.getTime() + 12 * 60_000);
      await branch.addVisitor({
        serviceId: service,
        status: "completed",
        userId: staff,
        startedAt,
        endedAt,
      });
    }
    expect(await learn()).toEqual(new Map([[service, 12]]));
  });

  it("reads the configured duration only of services the caller does not know", async () => {
    const branch = await createBranch(database.db);
    const known = await branch.addService({ durationMinutes: 15 });
    const unknown = await branch.addService({ durationMinutes: 25 });
    const elsewhere = await createBranch(database.db);
    const otherVendors = await elsewhere.addService({ durationMinutes: 5 });
    expect(
      await learnServiceDurations(
        database.db,
        { ...branch.scope, serviceIds: [known, unknown, otherVendors] },
        NOW,
        new Map([[known, 20]]),
      ),
    ).toEqual(
      new Map([
        [known, 20],
        [unknown, 25],
      ]),
    );
  });
});

describe("createLearnedDurationsCache", () => {
  const samples = (minutes: number) => ({
    at: 0,
    serviceIds: new Set([1]),
    samplesByService: new Map([[1, [minutes]]]),
  });
  const here = { vendorId: 1, locationId: 1 };
  const there = { vendorId: 1, locationId: 2 };
  const otherVendor = { vendorId: 2, locationId: 1 };

  it("drops the samples of the location forgotten and keeps the others", () => {
    const cache = createLearnedDurationsCache();
    for (const scope of [here, there, otherVendor]) {
      cache.keep(scope, cache.readStarted(scope), samples(scope.locationId));
    }
    cache.forget(here);
    expect(cache.get(here)).toBeUndefined();
    expect(cache.get(there)).toEqual(samples(2));
    expect(cache.get(otherVendor)).toEqual(samples(1));
  });

  it("does not keep a read that started before the location's samples were dropped", () => {
    const cache = createLearnedDurationsCache();
    const before = cache.readStarted(here);
    const elsewhere = cache.readStarted(there);
    cache.forget(here);
    cache.keep(here, before, samples(10));
    cache.keep(there, elsewhere, samples(20));
    expect(cache.get(here)).toBeUndefined();
    expect(cache.get(there)).toEqual(samples(20));
    cache.keep(here, cache.readStarted(here), samples(11));
    expect(cache.get(here)).toEqual(samples(11));
  });

  it("drops everything on clear, reads under way included", () => {
    const cache = createLearnedDurationsCache();
    cache.keep(here, cache.readStarted(here), samples(10));
    const under = cache.readStarted(there);
    cache.clear();
    cache.keep(there, under, samples(20));
    expect(cache.get(here)).toBeUndefined();
    expect(cache.get(there)).toBeUndefined();
  });
});
