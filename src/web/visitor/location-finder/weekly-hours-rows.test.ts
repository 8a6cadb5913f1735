// The details' opening hours: week order per language, today in the location's time zone, times in
// the visitor's format, and closed days (missing or malformed hours).
import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "../../../shared/opening-hours.ts";
import { weekdaysInOrder, weeklyHoursRows } from "./weekly-hours-rows.ts";

const nineToFive = [{ open: "09:00", closed: "17:00" }];
const hours: WeeklyHours = {
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: nineToFive,
  thursday: [{ open: "09:00", closed: "19:30" }],
  friday: nineToFive,
  saturday: [{ open: "10:00", closed: "14:00" }],
  sunday: null,
};

describe("weekdaysInOrder", () => {
  it("starts on Sunday in English and moves Sunday last in ISO-week languages", () => {
    expect(weekdaysInOrder("en")[0]).toBe("sunday");
    for (const locale of ["es", "fr", "pl", "ru", "zh-CN"]) {
      const days = weekdaysInOrder(locale);
      expect(days[0], locale).toBe("monday");
      expect(days.at(-1), locale).toBe("sunday");
    }
    expect(weekdaysInOrder("pt-BR")[0]).toBe("sunday");
    expect(weekdaysInOrder("ko")[0]).toBe("sunday");
  });
});

describe("weeklyHoursRows", () => {
  // Wednesday 11 March 2026, 15:00 UTC: Wednesday in Toronto, still Wednesday in Warsaw.
  const now = new Date("2026-03-11T15:00:00Z");

  it("gives English rows from Sunday, in 12-hour time, with closed days and today marked", () => {
    const rows = weeklyHoursRows(hours, { locale: "en", timeZone: "America/Toronto", now });
    expect(rows.map((r) => r.dayName)).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(rows[0]!.hours).toBeNull();
    expect(rows[4]!.hours?.replace(/\s/g, " ")).toBe("9:00 AM – 7:30 PM");
    expect(rows.filter((r) => r.isToday).map((r) => r.weekday)).toEqual(["wednesday"]);
  });

  it("gives French rows from Monday with Sunday last, in 24-hour time", () => {
    const rows = weeklyHoursRows(hours, { locale: "fr", timeZone: "Europe/Warsaw", now });
    expect(rows[0]!.dayName).toBe("lundi");
    expect(rows.at(-1)!.dayName).toBe("dimanche");
    expect(rows[0]!.hours?.replace(/\s/g, " ")).toBe("09:00 – 17:00");
  });

  it("takes today from the location's time zone, not the visitor's", () => {
    // 02:00 UTC on Thursday is still Wednesday evening in Toronto.
    const late = new Date("2026-03-12T02:00:00Z");
    const toronto = weeklyHoursRows(hours, {
      locale: "en",
      timeZone: "America/Toronto",
      now: late,
    });
    const warsaw = weeklyHoursRows(hours, { locale: "en", timeZone: "Europe/Warsaw", now: late });
    expect(toronto.find((r) => r.isToday)?.weekday).toBe("wednesday");
    expect(warsaw.find((r) => r.isToday)?.weekday).toBe("thursday");
  });

  it("shows a day with a closing time before its opening time, or a missing time, as closed", () => {
    const broken = {
      ...hours,
      monday: [{ open: "17:00", closed: "09:00" }],
      tuesday: [{ open: "09:00", closed: "" }],
    };
    const rows = weeklyHoursRows(broken, { locale: "en", timeZone: "America/Toronto", now });
    expect(rows.find((r) => r.weekday === "monday")?.hours).toBeNull();
    expect(rows.find((r) => r.weekday === "tuesday")?.hours).toBeNull();
  });
  it("lists every period of a day closed at lunch", () => {
    const lunch: WeeklyHours = {
      ...hours,
      wednesday: [
        { open: "09:00", closed: "12:00" },
        { open: "13:00", closed: "17:00" },
      ],
    };
    const english = weeklyHoursRows(lunch, { locale: "en", timeZone: "America/Toronto", now });
    expect(english[3]!.hours?.replace(/\s/g, " ")).toBe("9:00 AM – 12:00 PM, 1:00 – 5:00 PM");
    const polish = weeklyHoursRows(lunch, { locale: "pl", timeZone: "Europe/Warsaw", now });
    expect(polish[2]!.hours?.replace(/\s/g, " ")).toBe("09:00–12:00 i 13:00–17:00");
  });
});
