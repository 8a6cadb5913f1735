import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./domain.ts";
import {
  type DurationParts,
  durationParts,
  formatDuration,
  formatWaitDuration,
  waitDurationParts,
  waitMinutesUntil,
} from "./durations.ts";

const HOUR = 60;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Minutes a set of parts stands for, to compare against the input. */
const minutesOf = (parts: DurationParts) =>
  (parts.weeks ?? 0) * WEEK +
  (parts.days ?? 0) * DAY +
  (parts.hours ?? 0) * HOUR +
  (parts.minutes ?? 0);

describe("the wait ladder (spec §4)", () => {
  it("reads any wait under 5 minutes as 5 minutes", () => {
    for (const minutes of [0, 1, 4, 4.9])
      expect(waitDurationParts(minutes)).toEqual({ minutes: 5 });
  });

  it("reads waits from 5 to 90 minutes in minutes", () => {
    expect(waitDurationParts(5)).toEqual({ minutes: 5 });
    expect(waitDurationParts(61)).toEqual({ minutes: 61 });
    expect(waitDurationParts(90)).toEqual({ minutes: 90 });
  });

  it("reads waits over 90 minutes as hours plus the remaining minutes", () => {
    expect(waitDurationParts(91)).toEqual({ hours: 1, minutes: 31 });
    expect(waitDurationParts(120)).toEqual({ hours: 2 });
    expect(waitDurationParts(47 * HOUR + 59)).toEqual({ hours: 47, minutes: 59 });
    expect(waitDurationParts(48 * HOUR)).toEqual({ hours: 48 });
  });

  it("reads waits over 48 hours in days below 7, then in weeks", () => {
    expect(waitDurationParts(48 * HOUR + 1)).toEqual({ days: 2 });
    expect(waitDurationParts(3 * DAY + 11 * HOUR)).toEqual({ days: 3 });
    expect(waitDurationParts(6 * DAY)).toEqual({ days: 6 });
    expect(waitDurationParts(6 * DAY + 14 * HOUR)).toEqual({ weeks: 1 });
    expect(waitDurationParts(7 * DAY)).toEqual({ weeks: 1 });
    expect(waitDurationParts(17 * DAY)).toEqual({ weeks: 2 });
  });

  it("never goes below zero and survives nonsense", () => {
    expect(waitDurationParts(-30)).toEqual({ minutes: 5 });
    expect(waitDurationParts(Number.NaN)).toEqual({ minutes: 5 });
  });

  it("is exact up to 48 hours and within half a unit beyond, for any wait", () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 60 * WEEK }), (minutes) => {
        const parts = waitDurationParts(minutes);
        const shown = minutesOf(parts);
        if (minutes <= 48 * HOUR) return shown === minutes;
        const unit = parts.weeks !== undefined ? WEEK : DAY;
        return Math.abs(shown - minutes) <= unit / 2;
      }),
    );
  });

  it("never moves to a smaller unit as the wait grows", () => {
    const rank = (parts: DurationParts) =>
      parts.weeks !== undefined
        ? 3
        : parts.days !== undefined
          ? 2
          : parts.hours !== undefined
            ? 1
            : 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * WEEK }),
        fc.integer({ min: 0, max: 5 * WEEK }),
        (a, step) => {
          return rank(waitDurationParts(a)) <= rank(waitDurationParts(a + step));
        },
      ),
    );
  });
});

describe("the general ladder (spec §9)", () => {
  it("writes minutes below an hour, then hours and minutes", () => {
    expect(durationParts(59)).toEqual({ minutes: 59 });
    expect(durationParts(60)).toEqual({ hours: 1 });
    expect(durationParts(95)).toEqual({ hours: 1, minutes: 35 });
  });
});

describe("waitMinutesUntil", () => {
  const now = new Date("2025-03-10T15:00:00Z");

  it("counts whole minutes until the expected start", () => {
    expect(waitMinutesUntil("2025-03-10T15:25:00Z", now)).toBe(25);
    expect(waitMinutesUntil(new Date("2025-03-10T15:25:59Z"), now)).toBe(25);
  });

  it("is zero under a minute and once the start has passed, never negative", () => {
    expect(waitMinutesUntil("2025-03-10T15:00:59Z", now)).toBe(0);
    expect(waitMinutesUntil("2025-03-10T14:00:00Z", now)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (offset) => {
        return waitMinutesUntil(new Date(now.getTime() + offset), now)! >= 0;
      }),
    );
  });

  it("is null without a valid expected start", () => {
    expect(waitMinutesUntil(null, now)).toBeNull();
    expect(waitMinutesUntil(undefined, now)).toBeNull();
    expect(waitMinutesUntil("not a date", now)).toBeNull();
  });
});

describe("formatDuration", () => {
  it("writes the units in each product language", () => {
    expect(formatWaitDuration(95, "en")).toBe("1 hour, 35 minutes");
    expect(formatWaitDuration(95, "es")).toBe("1 hora y 35 minutos");
    expect(formatWaitDuration(2, "fr")).toBe("5 minutes");
    expect(formatWaitDuration(30, "ko")).toBe("30분");
    expect(formatWaitDuration(22, "pl")).toBe("22 minuty");
    expect(formatWaitDuration(3 * DAY, "pt-BR")).toBe("3 dias");
    expect(formatWaitDuration(21, "ru")).toBe("21 минута");
    expect(formatWaitDuration(14 * DAY, "zh-CN")).toBe("2周");
  });

  it("writes something with a digit for any wait in every language", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 30 * WEEK }),
        fc.constantFrom(...LOCALES),
        (minutes, locale) => /\d/.test(formatWaitDuration(minutes, locale)),
      ),
    );
  });

  it("writes zero minutes for empty parts", () => {
    expect(formatDuration({}, "en")).toBe("0 minutes");
  });
});
