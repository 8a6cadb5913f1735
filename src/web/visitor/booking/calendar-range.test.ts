// The time step's two weeks: from the first day of the visitor's week (Sunday in the United States,
// Brazil and Korea; Monday in the ISO-week languages), from the week of today at the location.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addDays,
  calendarRange,
  firstDayOfWeek,
  lastRangeIndex,
  MAX_RANGES,
  rangeIndexOf,
  todayIn,
  weekStartOf,
} from "./calendar-range.ts";

afterEach(() => vi.restoreAllMocks());

describe("the first day of the week", () => {
  it("is Sunday in en, pt-BR and ko, Monday in es, fr, pl, ru and zh-CN", () => {
    const days = Object.fromEntries(
      ["en", "pt-BR", "ko", "es", "fr", "pl", "ru", "zh-CN"].map((locale) => [
        locale,
        firstDayOfWeek(locale),
      ]),
    );
    expect(days).toEqual({ en: 7, "pt-BR": 7, ko: 7, es: 1, fr: 1, pl: 1, ru: 1, "zh-CN": 1 });
  });

  it("comes from a table where the browser has no week information", () => {
    const plainLocale = class extends Intl.Locale {
      getWeekInfo = undefined;
      weekInfo = undefined;
    };
    vi.spyOn(Intl, "Locale").mockImplementation(function locale(tag: string) {
      return new plainLocale(tag);
    } as never);
    expect(firstDayOfWeek("en")).toBe(7);
    expect(firstDayOfWeek("pt-BR")).toBe(7);
    expect(firstDayOfWeek("fr")).toBe(1);
    expect(firstDayOfWeek("zh-CN")).toBe(1);
  });
});

describe("the days shown", () => {
  it("starts on the week's first day and asks from today", () => {
    // Wednesday 2 December 2026.
    const sunday = calendarRange("2026-12-02", 7, 0);
    expect(sunday.start).toBe("2026-11-29");
    expect(sunday.days).toHaveLength(14);
    expect(sunday.days.at(-1)).toBe("2026-12-12");
    expect([sunday.from, sunday.to]).toEqual(["2026-12-02", "2026-12-12"]);
    const monday = calendarRange("2026-12-02", 1, 0);
    expect([monday.start, monday.from, monday.to]).toEqual([
      "2026-11-30",
      "2026-12-02",
      "2026-12-13",
    ]);
  });

  it("pages by two weeks, asking for all of them", () => {
    const next = calendarRange("2026-12-02", 1, 1);
    expect([next.start, next.from, next.to]).toEqual(["2026-12-14", "2026-12-14", "2026-12-27"]);
  });

  it("finds the two weeks of a chosen day, and never pages past a year", () => {
    expect(rangeIndexOf("2026-12-20", "2026-12-02", 1)).toBe(1);
    expect(rangeIndexOf("2026-11-01", "2026-12-02", 1)).toBe(0);
    expect(rangeIndexOf("2029-01-01", "2026-12-02", 1)).toBe(MAX_RANGES - 1);
  });

  it("stops at the two weeks that hold the last day of the booking window", () => {
    expect(lastRangeIndex("2026-12-02", 1, 10)).toBe(0);
    expect(lastRangeIndex("2026-12-02", 1, 12)).toBe(1);
    expect(lastRangeIndex("2026-12-02", 1, 60)).toBe(4);
    expect(lastRangeIndex("2026-12-02", 1, 730)).toBe(MAX_RANGES - 1);
  });

  it("counts days across a daylight-saving change as whole days", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(weekStartOf("2026-03-10", 7)).toBe("2026-03-08");
  });

  it("takes today from the location's clock", () => {
    // 03:00 UTC on 2 December is still 1 December in Toronto.
    expect(todayIn("America/Toronto", new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-01");
    expect(todayIn("Europe/Warsaw", new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-02");
  });
});
