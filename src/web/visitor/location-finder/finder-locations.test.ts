// The finder asks the locations API by distance from a chosen place, by text, or for all, and
// shows the server's order: nearest first with distance, unit and within (spec §9).
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client.ts";
import { locationResource } from "./finder-fixtures.ts";
import { finderQuery, getFinderLocations } from "./finder-locations.ts";

describe("the finder's list query", () => {
  it("asks for every location, text matches, or the nearest to a place first", () => {
    expect(finderQuery({ kind: "all" })).toEqual({});
    expect(finderQuery({ kind: "text", text: "  king st " })).toEqual({
      "filter[search]": "king st",
    });
    expect(
      finderQuery({ kind: "place", name: "City Hall", lat: 43.65348172, lng: -79.3839347 }),
    ).toEqual({
      near: "43.653482,-79.383935",
    });
  });

  it("keeps the server's distance order, units and radius marks", async () => {
    const near = [
      locationResource({ id: 1, distance: 0.4, unit: "km", within: true }),
      locationResource({
        id: 4,
        country: "US",
        name: "New York — Wall Street",
        distance: 341.2,
        unit: "mi",
        within: false,
      }),
    ];
    const get = vi.fn().mockResolvedValue({ data: near });
    const list = await getFinderLocations(
      { kind: "place", name: "x", lat: 43.65, lng: -79.38 },
      "en",
      { get },
    );
    expect(get).toHaveBeenCalledWith("/api/v2/open/locations", {
      locale: "en",
      query: { near: "43.650000,-79.380000" },
    });
    expect(
      list.map((l) => [l.id, l.attributes.distance, l.attributes.unit, l.attributes.within]),
    ).toEqual([
      ["1", 0.4, "km", true],
      ["4", 341.2, "mi", false],
    ]);
  });

  it("reads a host without a vendor as no locations, and passes other failures on", async () => {
    const missing = vi.fn().mockRejectedValue(new ApiError(404, {}));
    expect(await getFinderLocations({ kind: "all" }, "en", { get: missing })).toEqual([]);
    const down = vi.fn().mockRejectedValue(new ApiError(503, {}));
    await expect(getFinderLocations({ kind: "all" }, "en", { get: down })).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
