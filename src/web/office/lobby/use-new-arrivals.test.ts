// New arrivals are visitors never seen on this location before, waiting; the first load is only
// the baseline, and a visitor coming back from a meeting is not new.
import { describe, expect, it } from "vitest";
import { lobbyEntry } from "./lobby-test-entries.ts";
import { findArrivals } from "./use-new-arrivals.ts";

describe("findArrivals", () => {
  it("reports nobody on the first load of a location", () => {
    const { arrivals, seen } = findArrivals(null, [lobbyEntry({ id: "1" })]);
    expect(arrivals).toEqual([]);
    expect([...seen]).toEqual(["1"]);
  });

  it("reports waiting visitors not seen before, and remembers everyone", () => {
    const baseline = new Set(["1", "2"]);
    const returned = lobbyEntry({ id: "2" });
    const fresh = lobbyEntry({ id: "3" });
    const alreadyServed = lobbyEntry({ id: "4", status: "in_progress" });
    const { arrivals, seen } = findArrivals(baseline, [returned, fresh, alreadyServed]);
    expect(arrivals).toEqual([fresh]);
    expect([...seen].sort()).toEqual(["1", "2", "3", "4"]);
  });
});
