import { describe, expect, it } from "vitest";
import { zonedIsoString } from "./zoned-iso-string.ts";

describe("zonedIsoString", () => {
  it("writes the wall clock of the zone with its offset, winter and summer", () => {
    expect(zonedIsoString(Date.parse("2026-12-01T14:00:00Z"), "America/Toronto")).toBe(
      "2026-12-01T09:00:00-05:00",
    );
    expect(zonedIsoString(Date.parse("2026-07-01T13:00:00Z"), "America/Toronto")).toBe(
      "2026-07-01T09:00:00-04:00",
    );
  });

  it("writes positive, half-hour and zero offsets, and the seconds", () => {
    expect(zonedIsoString(Date.parse("2026-12-01T03:30:00Z"), "Asia/Kolkata")).toBe(
      "2026-12-01T09:00:00+05:30",
    );
    expect(zonedIsoString(Date.parse("2026-12-01T09:00:42Z"), "Etc/UTC")).toBe(
      "2026-12-01T09:00:42+00:00",
    );
  });

  it("names the local date, not the UTC one, late in the evening west of Greenwich", () => {
    expect(zonedIsoString(Date.parse("2026-12-02T03:15:00Z"), "America/Toronto")).toBe(
      "2026-12-01T22:15:00-05:00",
    );
  });

  it("writes the hour after the spring change with the summer offset", () => {
    // 8 March 2026, Toronto: 02:00 EST becomes 03:00 EDT.
    expect(zonedIsoString(Date.parse("2026-03-08T07:00:00Z"), "America/Toronto")).toBe(
      "2026-03-08T03:00:00-04:00",
    );
    expect(zonedIsoString(Date.parse("2026-03-08T06:59:00Z"), "America/Toronto")).toBe(
      "2026-03-08T01:59:00-05:00",
    );
  });
});
