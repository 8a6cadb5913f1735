// A day's free times as the visitor reads them: in the location's zone and the visitor's language,
// grouped by the location's wall clock — also on the days the clocks change — with full names for
// screen readers, and the zone's name when the browser's zone tells another time.
import { describe, expect, it } from "vitest";
import type { AvailableSlot } from "../../api/booking/availability.ts";
import { dayName, formatTimeRange, groupSlots, zoneDiffers, zoneName } from "./slot-times.ts";

const TORONTO = "America/Toronto";
const slot = (start: string): AvailableSlot => ({ start, end: start, staff_ids: ["5"] });
/** Intl writes a narrow no-break space before AM/PM; the tests read plain spaces. */
const plain = (text: string) => text.replace(/\s/g, " ");
const labels = (groups: ReturnType<typeof groupSlots>) =>
  groups.map(({ part, times }) => [part, times.map((time) => plain(time.label))]);

describe("grouping a day's times", () => {
  it("groups by the location's clock, not the browser's", () => {
    // 16:30 UTC is 11:30 in Toronto in winter: morning there, whatever the browser's zone.
    const groups = groupSlots(
      [
        slot("2026-12-01T09:00:00-05:00"),
        slot("2026-12-01T16:30:00Z"),
        slot("2026-12-01T17:00:00-05:00"),
      ],
      { timeZone: TORONTO, locale: "en" },
    );
    expect(labels(groups)).toEqual([
      ["morning", ["9:00 AM", "11:30 AM"]],
      ["evening", ["5:00 PM"]],
    ]);
  });

  it("groups a spring-forward day by the wall clock after the change", () => {
    // 8 March 2026: Toronto goes from UTC−5 to UTC−4 at 2:00, which becomes 3:00.
    const groups = groupSlots(
      [
        slot("2026-03-08T01:30:00-05:00"),
        slot("2026-03-08T03:00:00-04:00"),
        slot("2026-03-08T11:30:00-04:00"),
        // 16:30 UTC: 12:30 after the change (it would read 11:30 at the winter offset).
        slot("2026-03-08T16:30:00Z"),
        slot("2026-03-08T17:00:00-04:00"),
      ],
      { timeZone: TORONTO, locale: "en" },
    );
    expect(labels(groups)).toEqual([
      ["morning", ["1:30 AM", "3:00 AM", "11:30 AM"]],
      ["afternoon", ["12:30 PM"]],
      ["evening", ["5:00 PM"]],
    ]);
  });

  it("tells apart the two 1:30s of a fall-back day by their zone", () => {
    // 1 November 2026: 1:00–2:00 happens twice in Toronto, first in EDT, then in EST.
    const groups = groupSlots(
      [slot("2026-11-01T01:30:00-04:00"), slot("2026-11-01T01:30:00-05:00")],
      {
        timeZone: TORONTO,
        locale: "en",
      },
    );
    expect(labels(groups)).toEqual([["morning", ["1:30 AM EDT", "1:30 AM EST"]]]);
  });

  it("names each time in full for screen readers, in the visitor's language", () => {
    const [english] = groupSlots([slot("2026-12-01T09:30:00-05:00")], {
      timeZone: TORONTO,
      locale: "en",
    });
    expect(plain(english?.times[0]?.name ?? "")).toBe("Tuesday, December 1 at 9:30 AM");
    const [french] = groupSlots([slot("2026-12-01T09:30:00-05:00")], {
      timeZone: TORONTO,
      locale: "fr",
    });
    expect(plain(french?.times[0]?.label ?? "")).toBe("9:30");
    expect(plain(french?.times[0]?.name ?? "")).toBe("mardi 1 décembre à 9:30");
  });
});

describe("zones and days", () => {
  it("names the location's zone in the visitor's language", () => {
    expect(zoneName(TORONTO, "en", new Date("2026-12-01T12:00:00Z"))).toBe("Eastern Time");
    expect(zoneName(TORONTO, "en", new Date("2026-07-01T12:00:00Z"), "short")).toBe("EDT");
  });

  it("says the zone only when the browser's zone tells another time", () => {
    expect(zoneDiffers(TORONTO, TORONTO)).toBe(false);
    // Another name, the same clock all year.
    expect(zoneDiffers(TORONTO, "America/New_York")).toBe(false);
    expect(zoneDiffers(TORONTO, "America/Vancouver")).toBe(true);
    expect(zoneDiffers(TORONTO, undefined)).toBe(true);
  });

  it("writes a day and an appointment's times the locale's way", () => {
    expect(dayName("2026-12-01", "en")).toBe("Tuesday, December 1");
    expect(
      plain(
        formatTimeRange("2026-12-01T09:30:00-05:00", "2026-12-01T10:00:00-05:00", {
          timeZone: TORONTO,
          locale: "en",
        }),
      ),
    ).toBe("Tuesday, December 1, 2026, 9:30 – 10:00 AM");
  });
});
