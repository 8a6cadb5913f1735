// The Nominatim client against a geocoder on loopback: what it asks, what it keeps, how it fails.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeNominatim, startFakeNominatim, TORONTO_CITY_HALL } from "./fake-nominatim.ts";
import {
  createNominatimGeocoder,
  GeocoderUnavailableError,
  searchEndpoint,
} from "./nominatim-geocoder.ts";

describe("the Nominatim geocoder client", () => {
  let fake: FakeNominatim;
  const search = { query: "city hall", language: "fr", countries: ["CA", "US"], limit: 5 };

  beforeAll(async () => {
    fake = await startFakeNominatim([TORONTO_CITY_HALL]);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer([TORONTO_CITY_HALL]);
  });

  it("searches in the page language, within the given countries, naming itself", async () => {
    const geocoder = createNominatimGeocoder({ url: fake.url, userAgent: "Nextline test" });
    const places = await geocoder.search(search);
    expect(places).toEqual([
      {
        id: "osm:W26113744",
        name: "Toronto City Hall",
        formattedAddress: TORONTO_CITY_HALL.display_name,
        latitude: 43.6534817,
        longitude: -79.3839347,
      },
    ]);
    const [request] = fake.requests;
    expect(request!.url.pathname).toBe("/search");
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      q: "city hall",
      format: "jsonv2",
      limit: "5",
      "accept-language": "fr",
      countrycodes: "ca,us",
    });
    expect(request!.headers["user-agent"]).toBe("Nextline test");
  });

  it("asks the geocoder once for the same search within the hour", async () => {
    let clock = 0;
    const geocoder = createNominatimGeocoder({
      url: fake.url,
      userAgent: "t",
      now: () => clock,
    });
    await geocoder.search(search);
    await geocoder.search({ ...search, query: "  City Hall " });
    expect(fake.requests).toHaveLength(1);
    clock += 61 * 60_000;
    await geocoder.search(search);
    expect(fake.requests).toHaveLength(2);
  });

  it("leaves out results it cannot read and names a place from its address when it has no name", async () => {
    fake.answer([
      { display_name: "Nowhere", lat: "not a number", lon: "1" },
      { place_id: 7, display_name: "King Street West, Toronto, Canada", lat: 43.64, lon: -79.38 },
      { place_id: 8, display_name: "Far away", lat: "95", lon: "0" },
    ]);
    const geocoder = createNominatimGeocoder({ url: fake.url, userAgent: "t" });
    expect(await geocoder.search(search)).toEqual([
      {
        id: "place:7",
        name: "King Street West",
        formattedAddress: "King Street West, Toronto, Canada",
        latitude: 43.64,
        longitude: -79.38,
      },
    ]);
  });

  it("fails with GeocoderUnavailableError when the geocoder errs, sends no list or cannot be reached", async () => {
    const geocoder = createNominatimGeocoder({ url: fake.url, userAgent: "t" });
    fake.answer(503);
    await expect(geocoder.search(search)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    fake.answer({ not: "a list" } as unknown as unknown[]);
    await expect(geocoder.search({ ...search, query: "b" })).rejects.toBeInstanceOf(
      GeocoderUnavailableError,
    );
    const unreachable = createNominatimGeocoder({
      url: "http://127.0.0.1:9",
      userAgent: "t",
      timeoutMs: 500,
    });
    await expect(unreachable.search(search)).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it("takes either the geocoder's base URL or its /search endpoint", () => {
    expect(searchEndpoint("https://geo.example").href).toBe("https://geo.example/search");
    expect(searchEndpoint("https://geo.example/nominatim/").href).toBe(
      "https://geo.example/nominatim/search",
    );
    expect(searchEndpoint("https://geo.example/search").href).toBe("https://geo.example/search");
  });
});
