// Durations at a glance in the page language, and elapsed time on the server's clock.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { messages } from "../office-test-harness.tsx";
import { formatWait, secondsSince } from "./format-wait.ts";

const intl = createIntl({ locale: "en", messages });

describe("formatWait", () => {
  it("says under a minute, then minutes up to 90, then hours and minutes", () => {
    expect(formatWait(intl, 0)).toBe("under 1 min");
    expect(formatWait(intl, 59)).toBe("under 1 min");
    expect(formatWait(intl, 60)).toBe("1 min");
    expect(formatWait(intl, 89 * 60 + 59)).toBe("89 min");
    expect(formatWait(intl, 90 * 60)).toBe("1 hr 30 min");
    expect(formatWait(intl, 120 * 60)).toBe("2 hr");
    expect(formatWait(intl, -5)).toBe("under 1 min");
  });

  it("uses the language's own unit names", () => {
    const fr = createIntl({ locale: "fr", messages: {} });
    expect(formatWait(fr, 12 * 60)).toMatch(/^12\smin$/);
    const ko = createIntl({ locale: "ko", messages: {} });
    expect(formatWait(ko, 125 * 60)).toMatch(/^2\s?시간 5\s?분$/);
  });
});

describe("secondsSince", () => {
  it("counts on the server's clock, never below zero", () => {
    const start = "2026-03-02T10:00:00.000Z";
    const browserNow = Date.parse("2026-03-02T10:04:00.000Z");
    // The browser runs a minute slow: the server says 10:05.
    expect(secondsSince(start, browserNow, 60_000)).toBe(300);
    expect(secondsSince(start, Date.parse("2026-03-02T09:00:00.000Z"), 0)).toBe(0);
    expect(secondsSince("not a time", browserNow, 0)).toBe(0);
  });
});
