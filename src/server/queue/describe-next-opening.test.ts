import { describe, expect, it } from "vitest";
import type { WeeklyHours } from "../../shared/opening-hours.ts";
import { describeNextOpening } from "./describe-next-opening.ts";

const weekdays: WeeklyHours = {
  monday: [{ open: "09:00", closed: "17:00" }],
  tuesday: [{ open: "09:00", closed: "17:00" }],
  wednesday: [{ open: "09:00", closed: "17:00" }],
  thursday: [{ open: "09:00", closed: "17:00" }],
  friday: [{ open: "09:00", closed: "17:00" }],
  saturday: null,
  sunday: null,
};

describe("next opening", () => {
  it("names today's hours before the location opens", () => {
    // Monday 2025-03-03 07:00 in New York
    const text = describeNextOpening(
      weekdays,
      "America/New_York",
      new Date("2025-03-03T12:00:00Z"),
      "en",
    );
    expect(text).toMatch(/^Monday 9:00\s?–\s?5:00\sPM$|^Monday 9:00\sAM\s?–\s?5:00\sPM$/);
  });

  it("skips to the next open day after closing and over the weekend", () => {
    // Friday 2025-03-07 18:00 in New York
    const text = describeNextOpening(
      weekdays,
      "America/New_York",
      new Date("2025-03-07T23:00:00Z"),
      "fr",
    );
    expect(text).toMatch(/^lundi 09:00\s?–\s?17:00$/);
  });

  it("names the afternoon's period during a lunch closure", () => {
    const lunch: WeeklyHours = {
      ...weekdays,
      monday: [
        { open: "09:00", closed: "12:00" },
        { open: "13:00", closed: "17:00" },
      ],
    };
    // Monday 2025-03-03 12:30 in New York (UTC−5)
    const text = describeNextOpening(
      lunch,
      "America/New_York",
      new Date("2025-03-03T17:30:00Z"),
      "fr",
    );
    expect(text).toMatch(/^lundi 13:00\s?–\s?17:00$/);
  });

  it("says nothing when the location never opens", () => {
    const closed = Object.fromEntries(Object.keys(weekdays).map((d) => [d, null])) as WeeklyHours;
    expect(describeNextOpening(closed, "UTC", new Date(), "en")).toBeNull();
  });
});
