import { describe, expect, it } from "vitest";
import { futureOpenHours, type WeeklyHours } from "../../../shared/opening-hours.ts";
import { describeFutureOpenHours } from "./future-open-hours.ts";

const weekdays = [{ open: "09:00", closed: "17:00" }];
/** Intl puts thin and no-break spaces around times and dashes; tests compare plain spaces. */
const plain = (text: string) => text.replace(/\s/g, " ");

const HOURS: WeeklyHours = {
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: [{ open: "09:00", closed: "19:00" }],
  friday: weekdays,
  saturday: [{ open: "10:00", closed: "14:00" }],
  sunday: null,
};

describe("describeFutureOpenHours", () => {
  it("lists the coming open days from today in the location's zone and the visitor's words", () => {
    // Sunday 20:00 in Toronto: closed today, open Monday to Saturday.
    const now = new Date("2025-03-03T01:00:00Z");
    const entries = futureOpenHours(HOURS, "America/Toronto", now);
    const days = describeFutureOpenHours(entries, "America/Toronto", "en-US", now);
    expect(days.map((d) => d.dayName)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(plain(days[0]!.hours)).toBe("9:00 AM – 5:00 PM EST");
    expect(plain(days[3]!.hours)).toBe("9:00 AM – 7:00 PM EST");
    expect(days.some((d) => d.isToday)).toBe(false);
  });

  it("marks today when the location opens later today, and honours a DST change in the week", () => {
    // Friday 7 March 2025, 08:00 in Toronto; clocks go forward on Sunday 9 March.
    const now = new Date("2025-03-07T13:00:00Z");
    const entries = futureOpenHours(HOURS, "America/Toronto", now);
    const days = describeFutureOpenHours(entries, "America/Toronto", "en-US", now);
    expect(days[0]).toMatchObject({ weekday: "friday", isToday: true });
    expect(plain(days[0]!.hours)).toBe("9:00 AM – 5:00 PM EST");
    expect(days[2]).toMatchObject({ weekday: "monday" });
    expect(plain(days[2]!.hours)).toBe("9:00 AM – 5:00 PM EDT");
  });

  it("places hours whose UTC time falls on another date than the local one", () => {
    // Vancouver's 16:30 close is 00:30 UTC the next day; "now" is Sunday 22:00 there.
    const now = new Date("2025-03-03T06:00:00Z");
    const late: WeeklyHours = { ...HOURS, monday: [{ open: "09:30", closed: "16:30" }] };
    const entries = futureOpenHours(late, "America/Vancouver", now);
    expect(entries[0]).toEqual({ weekday: "monday", hours: { start: "173000", end: "003000" } });
    const days = describeFutureOpenHours(entries, "America/Vancouver", "en-US", now);
    expect(days[0]).toMatchObject({ weekday: "monday", isToday: false });
    expect(plain(days[0]!.hours)).toBe("9:30 AM – 4:30 PM PST");
  });

  it("writes the days and times in the visitor's language", () => {
    const now = new Date("2025-03-03T01:00:00Z");
    const entries = futureOpenHours(HOURS, "Europe/Warsaw", now);
    const days = describeFutureOpenHours(entries, "Europe/Warsaw", "fr", now);
    expect(days[0]!.dayName).toBe("lundi");
    expect(plain(days[0]!.hours)).toBe("09:00 – 17:00 UTC+1");
  });

  it("makes one row of a day's periods, listed in the visitor's language", () => {
    // Sunday 20:00 in Toronto; Monday is closed from 12:00 to 13:00.
    const now = new Date("2025-03-03T01:00:00Z");
    const lunch: WeeklyHours = {
      ...HOURS,
      monday: [
        { open: "09:00", closed: "12:00" },
        { open: "13:00", closed: "17:00" },
      ],
    };
    const entries = futureOpenHours(lunch, "America/Toronto", now);
    expect(entries.filter((e) => e.weekday === "monday")).toHaveLength(2);
    const days = describeFutureOpenHours(entries, "America/Toronto", "en-US", now);
    expect(days.map((d) => d.weekday)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
    ]);
    expect(plain(days[0]!.hours)).toBe("9:00 AM – 12:00 PM EST, 1:00 – 5:00 PM EST");
    const french = describeFutureOpenHours(entries, "America/Toronto", "fr", now);
    expect(plain(french[0]!.hours)).toBe("09:00 – 12:00 UTC−5 et 13:00 – 17:00 UTC−5");
  });

  it("is empty for a location closed all week", () => {
    const closed = Object.fromEntries(Object.keys(HOURS).map((d) => [d, null])) as WeeklyHours;
    const now = new Date("2025-03-03T01:00:00Z");
    expect(describeFutureOpenHours(futureOpenHours(closed, "UTC", now), "UTC", "en", now)).toEqual(
      [],
    );
  });
});
