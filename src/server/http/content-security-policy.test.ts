import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicyDirectives,
  imageOrigin,
  tileSource,
  withImageSource,
} from "./content-security-policy.ts";

describe("the content security policy's sources", () => {
  it("reads the map tiles' origin from the tile URL template", () => {
    expect(tileSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(
      "https://tile.openstreetmap.org",
    );
    expect(tileSource("https://{s}.tiles.example:8443/{z}/{x}/{y}@2x.png?key=k")).toBe(
      "https://*.tiles.example:8443",
    );
    expect(tileSource("/tiles/{z}/{x}/{y}.png")).toBeNull();
    expect(tileSource("ftp://tiles.example/{z}/{x}/{y}.png")).toBeNull();
  });

  it("allows images and connections from this origin and the tiles' host only", () => {
    const directives = contentSecurityPolicyDirectives({
      MAP_TILE_URL: "https://maps.example/{z}/{x}/{y}.png",
    });
    expect(directives["img-src"]).toEqual(["'self'", "data:", "https://maps.example"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["font-src"]).toEqual(["'self'"]);
  });

  it("adds a logo's origin to img-src once", () => {
    expect(imageOrigin("https://cdn.example/a/logo.svg")).toBe("https://cdn.example");
    expect(imageOrigin("javascript:alert(1)")).toBeNull();
    const policy = "default-src 'self';img-src 'self' data:;connect-src 'self'";
    const once = withImageSource(policy, "https://cdn.example");
    expect(once).toBe(
      "default-src 'self';img-src 'self' data: https://cdn.example;connect-src 'self'",
    );
    expect(withImageSource(once, "https://cdn.example")).toBe(once);
  });
});
