// Which location a page works on: the one asked for when it is the staff member's, else the one
// chosen last, else the first; never a location that is not theirs.
import { describe, expect, it } from "vitest";
import { TORONTO, WARSAW } from "../office-test-harness.tsx";
import { pickLocation } from "./use-current-location.ts";

describe("pickLocation", () => {
  const mine = [TORONTO, WARSAW];

  it("takes ?location= when it is one of the staff member's", () => {
    expect(pickLocation(mine, "5", "1")).toBe(WARSAW);
  });

  it("falls back to the stored choice, then to the first location", () => {
    expect(pickLocation(mine, "99", "5")).toBe(WARSAW);
    expect(pickLocation(mine, null, "99")).toBe(TORONTO);
  });

  it("gives nothing to a staff member without locations", () => {
    expect(pickLocation([], "5", "5")).toBeNull();
  });
});
