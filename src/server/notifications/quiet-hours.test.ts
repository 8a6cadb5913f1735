import { describe, expect, it } from "vitest";
import { quietHoursEnd } from "./quiet-hours.ts";

const WARSAW = "Europe/Warsaw";
const overnight = { start: "21:00", end: "08:00" };

describe("quietHoursEnd", () => {
  it("is null outside quiet hours and without any", () => {
    expect(quietHoursEnd(new Date("2026-11-25T12:00:00Z"), overnight, WARSAW)).toBeNull();
    expect(quietHoursEnd(new Date("2026-11-25T23:00:00Z"), null, WARSAW)).toBeNull();
  });

  it("after the start of an overnight range, ends the next local morning", () => {
    // 22:30 in Warsaw (UTC+1) on the 25th → 08:00 on the 26th = 07:00Z
    expect(quietHoursEnd(new Date("2026-11-25T21:30:00Z"), overnight, WARSAW)?.toISOString()).toBe(
      "2026-11-26T07:00:00.000Z",
    );
  });

  it("before the end of an overnight range, ends the same local morning", () => {
    expect(quietHoursEnd(new Date("2026-11-26T05:00:00Z"), overnight, WARSAW)?.toISOString()).toBe(
      "2026-11-26T07:00:00.000Z",
    );
  });

  it("a daytime range holds only inside it, and its end is exclusive", () => {
    const lunch = { start: "12:00", end: "13:00" };
    expect(quietHoursEnd(new Date("2026-11-25T11:30:00Z"), lunch, WARSAW)?.toISOString()).toBe(
      "2026-11-25T12:00:00.000Z",
    );
    expect(quietHoursEnd(new Date("2026-11-25T12:00:00Z"), lunch, WARSAW)).toBeNull();
  });

  it("crosses a change of clocks at the location's wall time", () => {
    // The night of 2026-03-28/29 Warsaw moves to UTC+2: 08:00 local is 06:00Z.
    expect(quietHoursEnd(new Date("2026-03-28T22:00:00Z"), overnight, WARSAW)?.toISOString()).toBe(
      "2026-03-29T06:00:00.000Z",
    );
  });
});
