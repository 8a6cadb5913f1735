// How long ago an instant was, in the largest unit that fits.
import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = new Date("2026-03-02T10:00:00.000Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relativeTime", () => {
  it("says now under a minute, then minutes, hours and days", () => {
    expect(relativeTime(secondsAgo(59), now)).toEqual({ value: 0, unit: "second" });
    expect(relativeTime(secondsAgo(60), now)).toEqual({ value: -1, unit: "minute" });
    expect(relativeTime(secondsAgo(59 * 60 + 59), now)).toEqual({ value: -59, unit: "minute" });
    expect(relativeTime(secondsAgo(3 * 3600), now)).toEqual({ value: -3, unit: "hour" });
    expect(relativeTime(secondsAgo(26 * 3600), now)).toEqual({ value: -1, unit: "day" });
  });
});
