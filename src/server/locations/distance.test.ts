import { describe, expect, it } from "vitest";
import { distanceTo, haversineKm, parseNear } from "./distance.ts";

describe("distance", () => {
  it("measures great-circle distance", () => {
    // Paris to London is about 344 km.
    expect(haversineKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(
      343.9,
      0,
    );
  });

  it("uses miles for US locations and kilometres elsewhere", () => {
    const from = { lat: 40.7128, lng: -74.006 };
    const us = distanceTo(from, { lat: 40.758, lng: -73.9855, country: "US" }, 1);
    expect(us.unit).toBe("mi");
    expect(us.value).toBeCloseTo(3.3, 0);
    expect(us.within).toBe(false);
    const ca = distanceTo(
      { lat: 43.6532, lng: -79.3832 },
      { lat: 43.6629, lng: -79.3957, country: "CA" },
      50,
    );
    expect(ca).toMatchObject({ unit: "km", within: true });
  });

  it("reads near=lat,lng and refuses anything else", () => {
    expect(parseNear("40.7,-74")).toEqual({ lat: 40.7, lng: -74 });
    for (const bad of ["", "91,0", "0,181", "a,b", "1,2,3", "1e5,2"])
      expect(parseNear(bad)).toBeNull();
  });
});
