// Contract of GET /api/v2/open/places: suggestions through the configured geocoder, in the vendor's
// countries and the page language; clear errors when it is not configured, refused or down.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocation } from "../../../test/factories/locations.ts";
import { errorsOf, nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { type FakeNominatim, startFakeNominatim, TORONTO_CITY_HALL } from "./fake-nominatim.ts";

const HOST = "places.localhost";

describe("GET /api/v2/open/places with a geocoder", () => {
  let fake: FakeNominatim;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    fake = await startFakeNominatim([TORONTO_CITY_HALL]);
    database = await openTestDatabase();
    const vendor = await createVendor(database.db, {
      hosts: [HOST],
      settings: { client_view: { available_languages: ["en", "fr"] } },
    });
    await createLocation(database.db, vendor.id, { country: "CA" });
    await createLocation(database.db, vendor.id, { country: "US" });
    await createLocation(database.db, vendor.id, { country: "PL", visibility: "private" });
    const other = await createVendor(database.db, { hosts: ["other-places.localhost"] });
    await createLocation(database.db, other.id, { country: "PT" });
    const config = loadConfig({
      ...process.env,
      DATA_DIR: process.env.TEST_DATA_DIR ?? "./data/test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
      LOG_LEVEL: "silent",
      GEOCODER_URL: fake.url,
    });
    app = await buildApp({ config, database, logger: false, webRoot: null });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  const get = (query: string, headers: Record<string, string> = {}) =>
    app.inject({
      url: `/api/v2/open/places?${query}`,
      headers: { host: HOST, ...headers },
      remoteAddress: nextRemoteAddress(),
    });

  it("answers the geocoder's places as location suggestions", async () => {
    const res = await get("q=city%20hall", { "accept-language": "fr" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.api+json");
    expect(res.json()).toEqual({
      data: [
        {
          type: "location-suggestions",
          id: "osm:W26113744",
          attributes: {
            name: "Toronto City Hall",
            formatted_address: TORONTO_CITY_HALL.display_name,
            latitude: 43.6534817,
            longitude: -79.3839347,
          },
        },
      ],
    });
    const asked = fake.requests.at(-1)!.url.searchParams;
    expect(asked.get("accept-language")).toBe("fr");
    // The vendor's public locations only: not its private Polish branch, not another vendor's.
    expect(asked.get("countrycodes")?.split(",").sort()).toEqual(["ca", "us"]);
  });

  it("says so in the vendor state, so the page uses this route", async () => {
    const res = await app.inject({ url: "/api/v2/open/vendor", headers: { host: HOST } });
    expect(res.json().data.attributes.maps.places).toBe("geocoder");
  });

  it("refuses a search shorter than two characters or an out-of-range limit with 422", async () => {
    for (const query of ["q=a", "q=%20%20", "q=ok&limit=0", "q=ok&limit=11", "limit=3"]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({ status: "422" });
    }
  });

  it("answers 503 with a JSON:API error when the geocoder fails", async () => {
    fake.answer(500);
    const res = await get("q=somewhere%20new");
    fake.answer([TORONTO_CITY_HALL]);
    expect(res.statusCode).toBe(503);
    expect(errorsOf(res)[0]).toMatchObject({ code: "geocoder_unavailable" });
  });

  it("answers 404 for a host without a vendor", async () => {
    const res = await app.inject({
      url: "/api/v2/open/places?q=city",
      headers: { host: "nobody.localhost" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/v2/open/places without a geocoder", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await createVendor(t.db, { hosts: [HOST] });
  });
  afterAll(() => t.close());

  it("answers 404 geocoder_not_configured: the page matches its own locations instead", async () => {
    const res = await t.app.inject({ url: "/api/v2/open/places?q=city", headers: { host: HOST } });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]).toMatchObject({ code: "geocoder_not_configured" });
  });
});
