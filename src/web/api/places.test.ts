// The two place providers of the location finder: the offline one matching the vendor's own
// locations, cities and postal codes, and the one asking the install's geocoder through our API.
import { describe, expect, it, vi } from "vitest";
import { demoLocations } from "../visitor/location-finder/finder-fixtures.ts";
import { ApiError } from "./client.ts";
import {
  createGeocoderPlacesProvider,
  createOfflinePlacesProvider,
  normalizeForSearch,
  SUGGESTION_LIMIT,
} from "./places.ts";

const en = { locale: "en" as const };

describe("the offline places provider", () => {
  const provider = createOfflinePlacesProvider(demoLocations());
  const names = async (text: string, options = en) =>
    (await provider.suggest(text, options)).map((s) => `${s.kind}: ${s.name}`);

  it("suggests a city once, before the locations in it", async () => {
    expect(await names("toron")).toEqual([
      "city: Toronto, ON",
      "location: Toronto — First Canadian Place",
      "location: Toronto — Yonge & Eglinton",
    ]);
  });

  it("matches without accents or case, and every word typed must begin a word", async () => {
    expect(await names("MONTREAL")).toEqual([
      "city: Montréal, QC",
      "location: Montréal — Place Ville Marie",
    ]);
    expect(await names("ville mar")).toEqual(["location: Montréal — Place Ville Marie"]);
    expect(await names("zlota")).toEqual(["location: Warszawa — Złota"]);
    expect(await names("toronto wall")).toEqual([]);
  });

  it("finds postal codes with or without their space, and partial ones", async () => {
    expect(await names("m5x 1a9")).toEqual(["postal-code: M5X 1A9"]);
    expect(await names("M5X1")).toEqual(["postal-code: M5X 1A9"]);
    expect(await names("00-12")).toEqual(["postal-code: 00-120"]);
  });

  it("says nothing for fewer than two characters, and never more than the limit", async () => {
    expect(await names("t")).toEqual([]);
    expect(await names("  ")).toEqual([]);
    const many = createOfflinePlacesProvider(
      Array.from({ length: 12 }, (_, i) => ({
        ...demoLocations()[0]!,
        id: String(100 + i),
        attributes: { ...demoLocations()[0]!.attributes, name: `Branch ${i}`, postal_zip: "" },
      })),
    );
    expect(await many.suggest("branch", en)).toHaveLength(SUGGESTION_LIMIT);
  });

  it("names a city's country in the page language", async () => {
    const [city] = await provider.suggest("warsz", { locale: "pl" });
    expect(city).toMatchObject({ kind: "city", name: "Warszawa", description: "Polska" });
    const [us] = await provider.suggest("new york", { locale: "fr" });
    expect(us).toMatchObject({ kind: "city", description: "États-Unis" });
  });

  it("places a location at its coordinates and a city at the middle of its locations", async () => {
    const [city, first] = await provider.suggest("toronto", en);
    expect(await provider.details(first!)).toEqual({
      formattedAddress: "100 King Street West, Toronto, ON M5X 1A9, CA",
      latitude: 43.6486,
      longitude: -79.3817,
    });
    const middle = await provider.details(city!);
    expect(middle.latitude).toBeCloseTo((43.6486 + 43.7069) / 2, 6);
    expect(middle.longitude).toBeCloseTo((-79.3817 + -79.3984) / 2, 6);
  });

  it("refuses details of a place it never suggested", async () => {
    await expect(
      provider.details({
        type: "location-suggestions",
        id: "nowhere",
        name: "x",
        description: "",
        kind: "place",
      }),
    ).rejects.toThrow();
  });
});

describe("the geocoder places provider", () => {
  const answer = {
    data: [
      {
        type: "location-suggestions",
        id: "osm:W26113744",
        attributes: {
          name: "Toronto City Hall",
          formatted_address: "Toronto City Hall, 100, Queen Street West, Toronto, Canada",
          latitude: 43.6534817,
          longitude: -79.3839347,
        },
      },
    ],
  };

  it("asks GET /api/v2/open/places in the page language and keeps the coordinates", async () => {
    const get = vi.fn().mockResolvedValue(answer);
    const provider = createGeocoderPlacesProvider({ get });
    const signal = new AbortController().signal;
    const [place] = await provider.suggest("  city hall ", { locale: "fr", signal });
    expect(get).toHaveBeenCalledWith("/api/v2/open/places", {
      locale: "fr",
      query: { q: "city hall", limit: SUGGESTION_LIMIT },
      signal,
    });
    expect(place).toEqual({
      type: "location-suggestions",
      id: "osm:W26113744",
      name: "Toronto City Hall",
      description: "100, Queen Street West, Toronto, Canada",
      kind: "place",
    });
    expect(await provider.details(place!)).toEqual({
      formattedAddress: "Toronto City Hall, 100, Queen Street West, Toronto, Canada",
      latitude: 43.6534817,
      longitude: -79.3839347,
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("asks nothing for fewer than two characters", async () => {
    const get = vi.fn();
    const provider = createGeocoderPlacesProvider({ get });
    expect(await provider.suggest("a", en)).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });

  it("passes a failure on to the caller, which decides to stay silent", async () => {
    const get = vi.fn().mockRejectedValue(new ApiError(503, {}));
    const provider = createGeocoderPlacesProvider({ get });
    await expect(provider.suggest("city hall", en)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("normalizeForSearch", () => {
  it("drops accents, case and punctuation", () => {
    expect(normalizeForSearch("  Montréal — Place Ville-Marie ")).toBe(
      "montreal place ville marie",
    );
    expect(normalizeForSearch("Łódź, Straße")).toBe("lodz strasse");
  });
});
