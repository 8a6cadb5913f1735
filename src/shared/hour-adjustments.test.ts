// How a date's adjustment is chosen: a one-off date, a yearly rule from its first year on (29
// February only in leap years), a one-off date over a yearly rule, the newest among equals; and
// the preview that applies them to the weekly hours.
import { describe, expect, it } from "vitest";
import { appliesOn, previewDays, resolveAdjustments } from "./hour-adjustments.ts";

const closed = null;
const short = [{ open: "10:00", closed: "14:00" }];
const rule = (id: number, day: string, hours: typeof short | null, recursYearly = false) => ({
  id,
  day,
  hours,
  recursYearly,
});

describe("appliesOn", () => {
  it("a one-off rule on its date only; a yearly one on its month-day from its first year", () => {
    expect(appliesOn(rule(1, "2026-12-25", closed), "2026-12-25")).toBe(true);
    expect(appliesOn(rule(1, "2026-12-25", closed), "2027-12-25")).toBe(false);
    const yearly = rule(2, "2026-12-25", closed, true);
    expect(appliesOn(yearly, "2031-12-25")).toBe(true);
    expect(appliesOn(yearly, "2025-12-25")).toBe(false);
    expect(appliesOn(yearly, "2031-12-24")).toBe(false);
    const leap = rule(3, "2024-02-29", closed, true);
    expect(appliesOn(leap, "2028-02-29")).toBe(true);
    expect(appliesOn(leap, "2027-02-28")).toBe(false);
  });
});

describe("resolveAdjustments", () => {
  it("prefers a one-off date over a yearly rule, and the newest among equals", () => {
    const rules = [
      rule(1, "2020-12-25", closed, true),
      rule(2, "2030-12-25", short),
      rule(3, "2030-07-01", closed),
      rule(4, "2030-07-01", short),
    ];
    const found = resolveAdjustments(rules, [
      "2030-12-25",
      "2031-12-25",
      "2030-07-01",
      "2030-07-02",
    ]);
    expect(found.get("2030-12-25")?.id).toBe(2);
    expect(found.get("2031-12-25")?.id).toBe(1);
    expect(found.get("2030-07-01")?.id).toBe(4);
    expect(found.has("2030-07-02")).toBe(false);
  });
});

describe("previewDays", () => {
  it("applies the adjustments to the weekly hours, day by day across a month end", () => {
    const weekly = {
      monday: [{ open: "09:00", closed: "17:00" }],
      friday: [{ open: "09:00", closed: "17:00" }],
    };
    const days = previewDays(weekly, [rule(1, "2020-12-25", closed, true)], "2026-12-24", 5);
    expect(days.map((d) => [d.date, d.weekday, d.hours, d.adjustment?.id ?? null])).toEqual([
      ["2026-12-24", "thursday", null, null],
      ["2026-12-25", "friday", null, 1],
      ["2026-12-26", "saturday", null, null],
      ["2026-12-27", "sunday", null, null],
      ["2026-12-28", "monday", [{ open: "09:00", closed: "17:00" }], null],
    ]);
  });
});
