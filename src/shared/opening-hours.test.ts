// Open/closed (spec §4) in the location's time zone, on the Sundays the clocks change in 2026:
// America/Toronto on March 8 (02:00 → 03:00) and November 1 (02:00 → 01:00), Europe/Warsaw on
// March 29 (02:00 → 03:00) and October 25 (03:00 → 02:00). A fixed UTC offset would be an hour out.
import { describe, expect, it } from "vitest";
import { WEEKDAYS, type Weekday } from "./domain.ts";
import {
  dayEnvelope,
  dayRanges,
  futureOpenHours,
  InvalidHoursError,
  isOpenAt,
  localTime,
  nextOpening,
  reopensAt,
  type WeeklyHours,
  zonedInstant,
} from "./opening-hours.ts";

function everyDay(open: string, closed: string, overrides: Partial<WeeklyHours> = {}): WeeklyHours {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open, closed }]])) as WeeklyHours;
  return { ...hours, ...overrides };
}

const at = (iso: string) => new Date(iso);

type Change = {
  zone: string;
  sunday: string;
  /** UTC offsets in hours before and after the change on that Sunday */
  before: number;
  after: number;
};

const CHANGES: Change[] = [
  { zone: "America/Toronto", sunday: "2026-03-08", before: -5, after: -4 },
  { zone: "America/Toronto", sunday: "2026-11-01", before: -4, after: -5 },
  { zone: "Europe/Warsaw", sunday: "2026-03-29", before: 1, after: 2 },
  { zone: "Europe/Warsaw", sunday: "2026-10-25", before: 2, after: 1 },
];

/** The UTC instant at which the wall clock in a zone with `offset` reads `date` `time`. */
function wallClock(date: string, time: string, offset: number): Date {
  const local = Date.parse(`${date}T${time}:00Z`);
  return new Date(local - offset * 3_600_000);
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(CHANGES)("on $sunday in $zone", ({ zone, sunday, before, after }) => {
  const daytime = everyDay("10:00", "16:00");

  it("is a Sunday there", () => {
    expect(localTime(wallClock(sunday, "12:00", after), zone).weekday).toBe("sunday");
  });

  it("opens at 10:00 and closes at 16:00 by the clock after the change", () => {
    expect(isOpenAt(daytime, zone, wallClock(sunday, "09:59", after))).toBe(false);
    expect(isOpenAt(daytime, zone, wallClock(sunday, "10:00", after))).toBe(true);
    expect(isOpenAt(daytime, zone, wallClock(sunday, "15:59", after))).toBe(true);
    expect(isOpenAt(daytime, zone, wallClock(sunday, "16:00", after))).toBe(false);
  });

  it("is not an hour out, as the offset before the change would make it", () => {
    // The wall clock with yesterday's offset reads 10:00 an hour away from the real 10:00.
    const stale = wallClock(sunday, "10:00", before);
    const shouldBeOpen = after > before; // clocks went forward: the stale 10:00 is really 11:00
    expect(isOpenAt(daytime, zone, stale)).toBe(shouldBeOpen);
  });

  it("keeps the day before on the old offset and the day after on the new one", () => {
    const saturday = shiftDate(sunday, -1);
    const monday = shiftDate(sunday, 1);
    expect(isOpenAt(daytime, zone, wallClock(saturday, "10:00", before))).toBe(true);
    expect(isOpenAt(daytime, zone, wallClock(saturday, "16:00", before))).toBe(false);
    expect(isOpenAt(daytime, zone, wallClock(monday, "10:00", after))).toBe(true);
    expect(isOpenAt(daytime, zone, wallClock(monday, "09:59", after))).toBe(false);
  });

  it("gives the week's future open hours in UTC with each date's own offset", () => {
    const saturday = shiftDate(sunday, -1);
    const hours = futureOpenHours(daytime, zone, wallClock(saturday, "08:00", before));
    expect(hours.map((entry) => entry.weekday)).toEqual([
      "saturday",
      "sunday",
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
    ] satisfies Weekday[]);
    const utc = (offset: number, local: number) =>
      `${String((local - offset + 24) % 24).padStart(2, "0")}0000`;
    expect(hours[0]!.hours).toEqual({ start: utc(before, 10), end: utc(before, 16) });
    expect(hours[1]!.hours).toEqual({ start: utc(after, 10), end: utc(after, 16) });
    expect(hours[2]!.hours).toEqual({ start: utc(after, 10), end: utc(after, 16) });
  });

  it("finds the instant of 10:00 on that Sunday", () => {
    expect(zonedInstant(sunday, 10 * 60, zone).toISOString()).toBe(
      wallClock(sunday, "10:00", after).toISOString(),
    );
  });
});

describe("the night hours around a change", () => {
  const night = everyDay("01:00", "04:00");

  it("Toronto, spring: open through the skipped hour and closed at 04:00 daylight time", () => {
    const zone = "America/Toronto";
    expect(isOpenAt(night, zone, at("2026-03-08T06:59:00Z"))).toBe(true); // 01:59 EST
    expect(isOpenAt(night, zone, at("2026-03-08T07:00:00Z"))).toBe(true); // 03:00 EDT
    expect(isOpenAt(night, zone, at("2026-03-08T07:59:00Z"))).toBe(true); // 03:59 EDT
    expect(isOpenAt(night, zone, at("2026-03-08T08:00:00Z"))).toBe(false); // 04:00 EDT
  });

  it("Toronto, autumn: open during both 01:30s, closed at 04:00 standard time", () => {
    const zone = "America/Toronto";
    expect(isOpenAt(night, zone, at("2026-11-01T05:30:00Z"))).toBe(true); // 01:30 EDT
    expect(isOpenAt(night, zone, at("2026-11-01T06:30:00Z"))).toBe(true); // 01:30 EST
    expect(isOpenAt(night, zone, at("2026-11-01T08:59:00Z"))).toBe(true); // 03:59 EST
    expect(isOpenAt(night, zone, at("2026-11-01T09:00:00Z"))).toBe(false); // 04:00 EST
  });

  it("Warsaw, spring: an opening time the clock skips opens when the clock jumps past it", () => {
    const zone = "Europe/Warsaw";
    const skipped = everyDay("02:30", "06:00");
    expect(isOpenAt(skipped, zone, at("2026-03-29T00:59:00Z"))).toBe(false); // 01:59 CET
    expect(isOpenAt(skipped, zone, at("2026-03-29T01:00:00Z"))).toBe(true); // 03:00 CEST
  });

  it("Warsaw, autumn: the repeated hour is open both times, and Sunday begins at local midnight", () => {
    const zone = "Europe/Warsaw";
    const repeated = everyDay("02:00", "03:00", { saturday: null });
    expect(isOpenAt(repeated, zone, at("2026-10-25T00:30:00Z"))).toBe(true); // 02:30 CEST
    expect(isOpenAt(repeated, zone, at("2026-10-25T01:30:00Z"))).toBe(true); // 02:30 CET
    expect(isOpenAt(repeated, zone, at("2026-10-25T02:00:00Z"))).toBe(false); // 03:00 CET
    // 23:30 UTC on Saturday is already Sunday 01:30 in Warsaw.
    expect(localTime(at("2026-10-24T23:30:00Z"), zone).weekday).toBe("sunday");
  });
});

describe("the rules of spec §4", () => {
  it("reads a missing time, or a closed day, as closed", () => {
    const zone = "Europe/Warsaw";
    const noon = at("2026-03-29T10:00:00Z");
    expect(isOpenAt(everyDay("09:00", "17:00", { sunday: null }), zone, noon)).toBe(false);
    const missingClose = [{ open: "09:00", closed: "" }];
    expect(isOpenAt(everyDay("09:00", "17:00", { sunday: missingClose }), zone, noon)).toBe(false);
    expect(dayRanges(null)).toEqual([]);
    expect(dayRanges([])).toEqual([]);
  });

  it("refuses a closing time before the opening time", () => {
    expect(() => dayRanges([{ open: "17:00", closed: "09:00" }])).toThrow(InvalidHoursError);
    expect(() =>
      isOpenAt(
        everyDay("09:00", "17:00", { sunday: [{ open: "17:00", closed: "09:00" }] }),
        "America/Toronto",
        at("2026-03-08T15:00:00Z"),
      ),
    ).toThrow(InvalidHoursError);
  });
});

describe("a day with several periods (closed at lunch)", () => {
  const zone = "America/Toronto";
  const lunch = [
    { open: "09:00", closed: "12:00" },
    { open: "13:00", closed: "17:00" },
  ];
  const hours = everyDay("09:00", "17:00", { monday: lunch });
  // Monday 2026-03-09, Toronto on EDT (UTC−4) since the day before.
  const monday = (time: string) => wallClock("2026-03-09", time, -4);

  it("is open in each period and closed in the gap between them", () => {
    expect(isOpenAt(hours, zone, monday("11:59"))).toBe(true);
    expect(isOpenAt(hours, zone, monday("12:00"))).toBe(false);
    expect(isOpenAt(hours, zone, monday("12:59"))).toBe(false);
    expect(isOpenAt(hours, zone, monday("13:00"))).toBe(true);
  });

  it("says when it reopens only during the gap", () => {
    expect(reopensAt(hours, zone, monday("12:30"))).toEqual(monday("13:00"));
    expect(reopensAt(hours, zone, monday("08:00"))).toBeNull();
    expect(reopensAt(hours, zone, monday("10:00"))).toBeNull();
    expect(reopensAt(hours, zone, monday("17:30"))).toBeNull();
  });

  it("lists one future_open_hours entry per period, leaving out today's past ones", () => {
    const entries = futureOpenHours(hours, zone, monday("12:30"));
    expect(entries.slice(0, 2)).toEqual([
      { weekday: "monday", hours: { start: "170000", end: "210000" } },
      { weekday: "tuesday", hours: { start: "130000", end: "210000" } },
    ]);
    expect(futureOpenHours(hours, zone, monday("08:00")).slice(0, 2)).toEqual([
      { weekday: "monday", hours: { start: "130000", end: "160000" } },
      { weekday: "monday", hours: { start: "170000", end: "210000" } },
    ]);
  });

  it("finds the afternoon's period as the next opening during the gap", () => {
    expect(nextOpening(hours, zone, monday("12:30"))).toMatchObject({
      date: "2026-03-09",
      range: { open: 13 * 60, closed: 17 * 60 },
    });
  });

  it("gives spec §3 hours the first open and the last close", () => {
    expect(dayEnvelope(lunch)).toEqual({ open: "09:00", closed: "17:00" });
    expect(dayEnvelope([])).toBeNull();
    expect(dayEnvelope(null)).toBeNull();
  });

  it("refuses periods out of order, overlapping or touching", () => {
    expect(() => dayRanges([lunch[1]!, lunch[0]!])).toThrow(InvalidHoursError);
    expect(() =>
      dayRanges([
        { open: "09:00", closed: "12:00" },
        { open: "11:00", closed: "17:00" },
      ]),
    ).toThrow(InvalidHoursError);
    expect(() =>
      dayRanges([
        { open: "09:00", closed: "12:00" },
        { open: "12:00", closed: "17:00" },
      ]),
    ).toThrow(InvalidHoursError);
  });

  it("reads a lone interval, as stored before there could be several, as one period", () => {
    expect(dayRanges({ open: "09:00", closed: "17:00" })).toEqual([{ open: 540, closed: 1020 }]);
  });
});
