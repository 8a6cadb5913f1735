// Contract of GET /api/v2/open/locations and /locations/{id} (spec §3 Location, §7, §9).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation, hoursEveryDay } from "../../../test/factories/locations.ts";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createService } from "../../../test/factories/services.ts";
import { createStaffOnShift } from "../../../test/factories/staff-on-shift.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";

describe("open locations", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const vendor = await createVendor(t.db, {
      hosts: ["maps.localhost"],
      settings: { client_view: { location_search_radius: 10 } },
    });
    // New York area (miles) and Toronto (kilometres)
    const times = await createLocation(t.db, vendor.id, {
      name: "Times Square",
      address: "1 Broadway",
      city: "New York",
      postalZip: "10036",
      latitude: 40.758,
      longitude: -73.9855,
      sortOrder: 2,
    });
    const wall = await createLocation(t.db, vendor.id, {
      name: "Wall Street",
      address: "11 Wall St",
      city: "New York",
      postalZip: "10005",
      latitude: 40.7069,
      longitude: -74.0113,
      sortOrder: 1,
      translations: [{ locale: "es", field: "name", content: "Calle Wall" }],
    });
    const toronto = await createLocation(t.db, vendor.id, {
      name: "Bay Street",
      address: "100 King St W",
      city: "Toronto",
      postalZip: "M5X 1A9",
      country: "CA",
      latitude: 43.6486,
      longitude: -79.3817,
      sortOrder: 1,
    });
    const hidden = await createLocation(t.db, vendor.id, {
      name: "Back Office",
      visibility: "private",
    });
    const service = await createService(t.db, vendor.id, { locationIds: [wall.id] });
    await createStaffOnShift(t.db, vendor.id, wall.id);
    const other = await createVendor(t.db, { hosts: ["elsewhere.localhost"] });
    const foreign = await createLocation(t.db, other.id, { name: "Foreign Branch" });
    Object.assign(ids, {
      times: times.id,
      wall: wall.id,
      toronto: toronto.id,
      hidden: hidden.id,
      foreign: foreign.id,
      service: service.id,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url,
      headers: { host: "maps.localhost", ...headers },
      remoteAddress: nextRemoteAddress(),
    });
  const names = (res: { json(): { data: { attributes: { name: string } }[] } }) =>
    res.json().data.map((l) => l.attributes.name);

  it("lists visible locations by sort order then name, never private ones", async () => {
    const res = await get("/api/v2/open/locations");
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Bay Street", "Wall Street", "Times Square"]);
  });

  it("includes opening state, hours and the current wait of each location", async () => {
    const res = await get("/api/v2/open/locations");
    const wall = res.json().data.find((l: { id: string }) => l.id === String(ids.wall));
    // Spec §3 hours: one {open, closed} a weekday (the first open, the last close); every
    // period of the day in opening_periods.
    const envelope = Object.fromEntries(
      Object.keys(hoursEveryDay()).map((day) => [day, { open: "00:00", closed: "23:59" }]),
    );
    expect(wall.attributes).toMatchObject({
      is_currently_open: true,
      hours: envelope,
      opening_periods: hoursEveryDay(),
      wait_time: 0,
    });
    expect(wall.attributes.expected_start).toEqual(expect.any(String));
    // Nobody serves at Times Square: no wait can be promised.
    const times = res.json().data.find((l: { id: string }) => l.id === String(ids.times));
    expect(times.attributes.wait_time).toBeNull();
  });

  it("sorts by distance from near=lat,lng with miles for US and kilometres elsewhere", async () => {
    const res = await get("/api/v2/open/locations?near=40.7128,-74.0060");
    expect(names(res)).toEqual(["Wall Street", "Times Square", "Bay Street"]);
    const [wall, times, toronto] = res.json().data.map((l: { attributes: object }) => l.attributes);
    expect(wall).toMatchObject({ unit: "mi", within: true });
    expect(wall.distance).toBeLessThan(1);
    expect(times).toMatchObject({ unit: "mi", within: true });
    expect(toronto).toMatchObject({ unit: "km", within: false });
    expect(toronto.distance).toBeGreaterThan(500);
  });

  it("refuses a near that is not lat,lng", async () => {
    const res = await get("/api/v2/open/locations?near=somewhere");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ parameter: "near" });
  });

  it("searches name, address, city and postal code", async () => {
    expect(names(await get("/api/v2/open/locations?filter[search]=wall"))).toEqual(["Wall Street"]);
    expect(names(await get("/api/v2/open/locations?filter%5Bsearch%5D=toronto"))).toEqual([
      "Bay Street",
    ]);
    expect(names(await get("/api/v2/open/locations?filter[search]=10036"))).toEqual([
      "Times Square",
    ]);
    expect(names(await get("/api/v2/open/locations?filter[search]=Broadway"))).toEqual([
      "Times Square",
    ]);
    expect(names(await get("/api/v2/open/locations?filter[search]=%25"))).toEqual([]);
    expect((await get("/api/v2/open/locations?filter[search]=a%00b")).statusCode).toBe(422);
  });

  it("finds a location by its name in another language, whatever the page's language", async () => {
    expect(names(await get("/api/v2/open/locations?filter[search]=calle%20wall"))).toEqual([
      "Wall Street",
    ]);
    expect(
      names(
        await get("/api/v2/open/locations?filter[search]=Wall%20Street", {
          "accept-language": "es",
        }),
      ),
    ).toEqual(["Calle Wall"]);
  });

  it("translates names per Accept-Language", async () => {
    expect(names(await get("/api/v2/open/locations", { "accept-language": "es" }))).toContain(
      "Calle Wall",
    );
  });

  it("shows one location with hours, future open hours and wait", async () => {
    const res = await get(`/api/v2/open/locations/${ids.wall}`);
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    expect(attributes.name).toBe("Wall Street");
    expect(attributes.future_open_hours.length).toBeGreaterThanOrEqual(6);
    expect(attributes.future_open_hours[0]).toMatchObject({
      hours: { start: expect.stringMatching(/^\d{6}$/) },
    });
    expect(attributes.wait_time).toBe(0);
  });

  it("shows a private location by id, marked private, so its page can say so", async () => {
    const res = await get(`/api/v2/open/locations/${ids.hidden}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.visibility).toBe("private");
  });

  it("answers 404 for another vendor's location and for ids that cannot exist", async () => {
    expect((await get(`/api/v2/open/locations/${ids.foreign}`)).statusCode).toBe(404);
    expect((await get("/api/v2/open/locations/999999")).statusCode).toBe(404);
    expect((await get("/api/v2/open/locations/99999999999")).statusCode).toBe(422);
    expect((await get("/api/v2/open/locations/abc")).statusCode).toBe(422);
  });
});
