// The schedule's dates and wall-clock positions come from the answer's own instants and the
// location's zone: a day that changes the clock has its 23 or 25 hours, whatever the machine's zone.
import { describe, expect, it } from "vitest";
import {
  addDays,
  gridRange,
  instantAt,
  isCalendarDate,
  minutesInto,
  snap,
  todayIn,
} from "./schedule-calendar.ts";

describe("calendar dates", () => {
  it("accepts real dates only, and steps over month and year ends", () => {
    expect(isCalendarDate("2026-11-30")).toBe(true);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("30/11/2026")).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
    expect(addDays("2026-11-30", 1)).toBe("2026-12-01");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("says which day it is at the location, not on the machine", () => {
    const instant = Date.parse("2026-11-28T04:57:00Z");
    expect(todayIn("America/Toronto", instant)).toBe("2026-11-27");
    expect(todayIn("Europe/Warsaw", instant)).toBe("2026-11-28");
  });
});

describe("wall-clock positions", () => {
  it("counts minutes from the day's own start, across a change of the clock", () => {
    // 8 March 2026 in Toronto: 02:00 became 03:00, so 09:00 is 8 hours after midnight.
    expect(minutesInto("2026-03-08T00:00:00-05:00", "2026-03-08T09:00:00-04:00")).toBe(8 * 60);
    expect(instantAt("2026-11-30T00:00:00-05:00", 9 * 60 + 30)).toBe("2026-11-30T14:30:00.000Z");
  });

  it("snaps to the interval and frames the day's work in whole hours", () => {
    expect(snap(67, 15)).toBe(60);
    expect(snap(68, 15)).toBe(75);
    const day = "2026-11-30T00:00:00-05:00";
    expect(
      gridRange(day, [
        { start: "2026-11-30T09:15:00-05:00", end: "2026-11-30T12:00:00-05:00" },
        { start: "2026-11-30T10:00:00-05:00", end: "2026-11-30T17:30:00-05:00" },
      ]),
    ).toEqual({ from: 9 * 60, to: 18 * 60 });
    expect(gridRange(day, [])).toEqual({ from: 8 * 60, to: 18 * 60 });
  });
});
