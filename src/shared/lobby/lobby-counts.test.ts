import { describe, expect, it } from "vitest";
import { lobbyCounts } from "./lobby-counts.ts";

const entry = (status: string, call: object | null = null) => ({ attributes: { status, call } });

describe("lobbyCounts", () => {
  it("counts a called visitor apart from those still to be called, and leaves ended visits out", () => {
    expect(
      lobbyCounts([
        entry("waiting"),
        entry("waiting", { desk: "Desk 3" }),
        entry("waiting"),
        entry("in_progress"),
        entry("completed"),
      ]),
    ).toEqual({ waiting: 2, called: 1, in_progress: 1 });
    expect(lobbyCounts([])).toEqual({ waiting: 0, called: 0, in_progress: 0 });
  });
});
