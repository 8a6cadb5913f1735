// What the map frames: zoom 18 for one location, at most 15 for several, around a searched place.
import { describe, expect, it } from "vitest";
import { MAP_ZOOM, mapView, SINGLE_LOCATION_ZOOM } from "./map-view.ts";

const toronto = { id: "1", lat: 43.65, lng: -79.38 };
const midtown = { id: "2", lat: 43.71, lng: -79.4 };
const warsaw = { id: "5", lat: 52.23, lng: 21 };

describe("mapView", () => {
  it("frames every location at most at zoom 15", () => {
    expect(mapView({ locations: [toronto, warsaw], place: null, selectedId: null })).toEqual({
      kind: "bounds",
      points: [toronto, warsaw],
      maxZoom: MAP_ZOOM,
    });
  });

  it("shows a vendor's only location, or the chosen one, at zoom 18", () => {
    expect(mapView({ locations: [toronto], place: null, selectedId: null })).toEqual({
      kind: "center",
      center: toronto,
      zoom: SINGLE_LOCATION_ZOOM,
    });
    expect(mapView({ locations: [toronto, warsaw], place: null, selectedId: "5" })).toEqual({
      kind: "center",
      center: warsaw,
      zoom: SINGLE_LOCATION_ZOOM,
    });
  });

  it("frames a searched place with the locations within the radius, else with the nearest", () => {
    const place = { lat: 43.66, lng: -79.39 };
    const near = [
      { ...toronto, within: true },
      { ...midtown, within: true },
      { ...warsaw, within: false },
    ];
    expect(mapView({ locations: near, place, selectedId: null })).toEqual({
      kind: "bounds",
      points: [place, near[0], near[1]],
      maxZoom: MAP_ZOOM,
    });
    const far = near.map((l) => ({ ...l, within: false }));
    expect(mapView({ locations: far, place, selectedId: null })).toEqual({
      kind: "bounds",
      points: [place, far[0]],
      maxZoom: MAP_ZOOM,
    });
  });

  it("has nothing to frame without locations, unless a place was searched", () => {
    expect(mapView({ locations: [], place: null, selectedId: null })).toBeNull();
    expect(mapView({ locations: [], place: { lat: 1, lng: 2 }, selectedId: null })).toEqual({
      kind: "center",
      center: { lat: 1, lng: 2 },
      zoom: MAP_ZOOM,
    });
  });
});
