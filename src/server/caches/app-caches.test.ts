import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocation } from "../../../test/factories/locations.ts";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createService } from "../../../test/factories/services.ts";
import { createStaffOnShift } from "../../../test/factories/staff-on-shift.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { vendorSettingsSchema } from "../../shared/vendor-settings.ts";
import { locationServices, locations, vendors } from "../db/schema.ts";
import { DomainEventBus } from "../events/domain-events.ts";
import { createAppCaches } from "./app-caches.ts";
import type { CacheChange } from "./cache-change.ts";

describe("AppCaches.invalidate", () => {
  /** What each named cache was asked to drop for one change. */
  function dropsFor(change: CacheChange) {
    const caches = createAppCaches({
      db: {} as never,
      config: { DEFAULT_VENDOR: "demo", JOIN_CATALOG_TTL_MS: 1_000 },
      events: new DomainEventBus(),
    });
    const spies = {
      vendors: vi.spyOn(caches.vendors, "forgetVendor"),
      joinCatalog: vi.spyOn(caches.joinCatalog, "forget"),
      locationWaits: vi.spyOn(caches.locationWaits, "forget"),
      learnedDurations: vi.spyOn(caches.learnedDurations, "forget"),
    };
    caches.invalidate(change);
    return Object.fromEntries(
      Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.map(([arg]) => arg)]),
    );
  }

  it("drops a vendor's resolved hosts and its join-catalog answers", () => {
    expect(dropsFor({ entity: "vendor", vendorId: 7 })).toEqual({
      vendors: [7],
      joinCatalog: [{ vendorId: 7 }],
      locationWaits: [],
      learnedDurations: [],
    });
  });

  it("drops a location's join-catalog answers and its waits", () => {
    expect(dropsFor({ entity: "location", vendorId: 7, locationId: 3 })).toEqual({
      vendors: [],
      joinCatalog: [{ vendorId: 7, locationId: 3 }],
      locationWaits: [{ vendorId: 7, locationId: 3 }],
      learnedDurations: [],
    });
  });

  it("drops a service's join-catalog answers and the vendor's waits", () => {
    expect(dropsFor({ entity: "service", vendorId: 7, serviceId: 5 })).toEqual({
      vendors: [],
      joinCatalog: [{ vendorId: 7, serviceId: 5 }],
      locationWaits: [{ vendorId: 7 }],
      learnedDurations: [],
    });
  });

  it("drops the vendor's join-catalog answers that read the questions", () => {
    expect(dropsFor({ entity: "question", vendorId: 7 })).toEqual({
      vendors: [],
      joinCatalog: [{ vendorId: 7, withQuestions: true }],
      locationWaits: [],
      learnedDurations: [],
    });
  });

  it("drops a location's learned durations and its waits when a visit there completes", () => {
    expect(dropsFor({ entity: "visit-completed", vendorId: 7, locationId: 3 })).toEqual({
      vendors: [],
      joinCatalog: [],
      locationWaits: [{ vendorId: 7, locationId: 3 }],
      learnedDurations: [{ vendorId: 7, locationId: 3 }],
    });
  });
});

describe("a change made through the app reaches the open API at once", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const get = (host: string, url: string) =>
    t.app.inject({ url, headers: { host }, remoteAddress: nextRemoteAddress() });

  it("serves a changed location, and its wait, once the location is invalidated", async () => {
    const vendor = await createVendor(t.db, { hosts: ["cache-location.localhost"] });
    const location = await createLocation(t.db, vendor.id, { name: "Harbour" });
    await createService(t.db, vendor.id, { locationIds: [location.id] });
    await createStaffOnShift(t.db, vendor.id, location.id);
    const read = async () =>
      (await get("cache-location.localhost", `/api/v2/open/locations/${location.id}`)).json().data
        .attributes;
    expect(await read()).toMatchObject({ name: "Harbour", wait_time: 0 });

    // Renamed, and it no longer offers the service: nobody can join its line.
    await t.db.update(locations).set({ name: "Harbour East" }).where(eq(locations.id, location.id));
    await t.db.delete(locationServices).where(eq(locationServices.locationId, location.id));
    // The wait is still the one kept: its time to live has not run out.
    expect((await read()).wait_time).toBe(0);
    t.app.caches.invalidate({ entity: "location", vendorId: vendor.id, locationId: location.id });
    expect(await read()).toMatchObject({ name: "Harbour East", wait_time: null });
  });

  it("serves a vendor's changed settings once the vendor is invalidated", async () => {
    const vendor = await createVendor(t.db, {
      hosts: ["cache-vendor.localhost"],
      settings: { client_view: { location_search_radius: 10 } },
    });
    const read = async () =>
      (await get("cache-vendor.localhost", "/api/v2/open/vendor")).json().data.attributes;
    expect((await read()).location_search_radius).toBe(10);

    const settings = vendorSettingsSchema.parse({ client_view: { location_search_radius: 25 } });
    await t.db.update(vendors).set({ settings }).where(eq(vendors.id, vendor.id));
    // Still the answer kept for the host: its time to live has not run out.
    expect((await read()).location_search_radius).toBe(10);
    t.app.caches.invalidate({ entity: "vendor", vendorId: vendor.id });
    expect((await read()).location_search_radius).toBe(25);
  });
});
