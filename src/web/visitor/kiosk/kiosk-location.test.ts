import { describe, expect, it } from "vitest";
import { kioskLocationId } from "./kiosk-location.ts";

describe("the location a kiosk serves", () => {
  it("is its Kiosk account's location, whatever the visit or the URL say", () => {
    expect(kioskLocationId({ locked: "1", stored: "2", fromUrl: "3" })).toBe("1");
  });

  it("is this visit's stored location before the URL's", () => {
    expect(kioskLocationId({ locked: null, stored: "2", fromUrl: "3" })).toBe("2");
  });

  it("falls back to the URL", () => {
    expect(kioskLocationId({ locked: null, stored: null, fromUrl: "3" })).toBe("3");
  });

  it("is unknown when nothing names a valid id", () => {
    expect(kioskLocationId({ locked: null, stored: null, fromUrl: null })).toBeNull();
    expect(kioskLocationId({ locked: null, stored: "x", fromUrl: "e:NW-1" })).toBeNull();
  });
});
