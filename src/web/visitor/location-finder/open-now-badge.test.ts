// The finder's open/closed badge reads every opening period: closed during a lunch closure, with
// the time it reopens, and not "reopening" before the day's first period or after its last.
import { describe, expect, it } from "vitest";
import { locationResource } from "./finder-fixtures.ts";
import { isLocationOpen, locationReopensAt } from "./open-now-badge.tsx";

// Wednesday 11 March 2026 in Toronto (UTC−4), closed from 12:00 to 13:00.
const branch = locationResource({
  opening_periods: {
    wednesday: [
      { open: "09:00", closed: "12:00" },
      { open: "13:00", closed: "17:00" },
    ],
  },
});
const at = (time: string) => Date.parse(`2026-03-11T${time}:00-04:00`);

describe("the open-now badge on a day closed at lunch", () => {
  it("is open in each period and closed in the gap, although spec §3 hours span the day", () => {
    expect(branch.attributes.hours.wednesday).toEqual({ open: "09:00", closed: "17:00" });
    expect(isLocationOpen(branch, at("11:59"))).toBe(true);
    expect(isLocationOpen(branch, at("12:30"))).toBe(false);
    expect(isLocationOpen(branch, at("13:00"))).toBe(true);
  });

  it("says when it reopens only during the gap", () => {
    expect(locationReopensAt(branch, at("12:30"))).toEqual(new Date(at("13:00")));
    expect(locationReopensAt(branch, at("08:00"))).toBeNull();
    expect(locationReopensAt(branch, at("17:30"))).toBeNull();
  });
});
