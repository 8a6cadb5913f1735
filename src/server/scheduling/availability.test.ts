import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { naiveAvailability } from "../../../bench/availability-baseline.ts";
import { zonedInstant } from "../../shared/opening-hours.ts";
import {
  type AvailabilityQuery,
  type AvailableDay,
  findAvailability,
  type StaffCalendar,
} from "./availability.ts";
import type { TimeInterval } from "./time-intervals.ts";

const MINUTE = 60_000;
const TORONTO = "America/Toronto";

/** [from, to) on a local date, from wall-clock "HH:mm" strings. */
function local(date: string, from: string, to: string, zone = TORONTO): TimeInterval {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return {
    start: zonedInstant(date, minutes(from), zone).getTime(),
    end: zonedInstant(date, minutes(to), zone).getTime(),
  };
}

function staffMember(id: number, shifts: TimeInterval[], more: Partial<StaffCalendar> = {}) {
  return {
    id,
    shifts,
    unavailable: [],
    bookings: [],
    dailyLimit: null,
    bookedPerDay: new Map(),
    ...more,
  } satisfies StaffCalendar;
}

function query(more: Partial<AvailabilityQuery>): AvailabilityQuery {
  return {
    timeZone: TORONTO,
    fromDate: "2026-12-01",
    toDate: "2026-12-01",
    durationMinutes: 30,
    stepMinutes: 15,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    earliestStart: 0,
    latestStart: Number.MAX_SAFE_INTEGER,
    openHours: null,
    staff: [],
    rooms: null,
    attendees: 1,
    dailyCapacity: null,
    locationBookedPerDay: new Map(),
    ...more,
  };
}

/** The wall-clock start times ("HH:mm") of a day's slots. */
function wallTimes(days: AvailableDay[], zone = TORONTO): string[] {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return days.flatMap((day) => day.slots.map((slot) => format.format(slot.start)));
}

describe("findAvailability", () => {
  const day = "2026-12-01";
  const nineToFive = local(day, "09:00", "17:00");

  it("offers every step of a shift where the whole visit fits", () => {
    const days = findAvailability(query({ staff: [staffMember(1, [nineToFive])] }));
    expect(days).toHaveLength(1);
    expect(days[0]!.date).toBe(day);
    const times = wallTimes(days);
    expect(times[0]).toBe("09:00");
    expect(times.at(-1)).toBe("16:30");
    expect(times).toHaveLength(31);
    expect(days[0]!.slots[0]!.end - days[0]!.slots[0]!.start).toBe(30 * MINUTE);
  });

  it("keeps the steps on the wall clock of the location, from local midnight", () => {
    const shift = local(day, "09:10", "12:00");
    const times = wallTimes(findAvailability(query({ staff: [staffMember(1, [shift])] })));
    expect(times[0]).toBe("09:15");
    const hourly = findAvailability(query({ stepMinutes: 60, staff: [staffMember(1, [shift])] }));
    expect(wallTimes(hourly)).toEqual(["10:00", "11:00"]);
  });

  it("takes out bookings, breaks and time off, and keeps the buffers around the new visit", () => {
    const member = staffMember(1, [nineToFive], {
      bookings: [local(day, "10:00", "11:00")],
      unavailable: [local(day, "12:00", "12:30")],
    });
    const times = wallTimes(findAvailability(query({ staff: [member] })));
    expect(times).toContain("09:30");
    expect(times).not.toContain("09:45");
    expect(times).not.toContain("10:30");
    expect(times).toContain("11:00");
    expect(times).toContain("11:30");
    expect(times).not.toContain("11:45");
    expect(times).not.toContain("12:15");
    expect(times).toContain("12:30");

    const buffered = wallTimes(
      findAvailability(query({ staff: [member], bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })),
    );
    // 09:15–09:45 would leave no 15 minutes before the 10:00 booking; 11:00 none after it.
    expect(buffered).toContain("09:15");
    expect(buffered).not.toContain("09:30");
    expect(buffered).not.toContain("11:00");
    expect(buffered).toContain("11:15");
  });

  it("needs the location open for the whole visit, unless its hours do not bind", () => {
    const openHours = [local(day, "10:00", "12:00"), local(day, "13:00", "15:00")];
    const times = wallTimes(
      findAvailability(query({ openHours, staff: [staffMember(1, [nineToFive])] })),
    );
    expect(times[0]).toBe("10:00");
    expect(times).toContain("11:30");
    expect(times).not.toContain("11:45");
    expect(times).not.toContain("12:30");
    expect(times).toContain("13:00");
    expect(times.at(-1)).toBe("14:30");
  });

  it("starts no earlier than the time in advance and no later than the booking window", () => {
    const member = staffMember(1, [nineToFive]);
    const earliestStart = local(day, "13:05", "13:06").start;
    const latestStart = local(day, "15:00", "15:01").start;
    const times = wallTimes(
      findAvailability(query({ staff: [member], earliestStart, latestStart })),
    );
    expect(times[0]).toBe("13:15");
    expect(times.at(-1)).toBe("15:00");
  });

  it("lists every free staff member for 'any', each by id", () => {
    const days = findAvailability(
      query({
        staff: [
          staffMember(7, [local(day, "09:00", "10:00")]),
          staffMember(3, [local(day, "09:00", "12:00")], {
            bookings: [local(day, "09:00", "09:30")],
          }),
        ],
      }),
    );
    const slots = days[0]!.slots;
    expect(slots[0]!.staffIds).toEqual([7]);
    expect(
      slots.find((slot) => slot.start === local(day, "09:30", "10:00").start)!.staffIds,
    ).toEqual([3, 7]);
    expect(slots.at(-1)!.staffIds).toEqual([3]);
  });

  it("respects a staff member's daily limit and the location's daily capacity", () => {
    const next = "2026-12-02";
    const member = staffMember(1, [nineToFive, local(next, "09:00", "17:00")], {
      dailyLimit: 2,
      bookedPerDay: new Map([[day, 2]]),
    });
    const both = { fromDate: day, toDate: next };
    expect(findAvailability(query({ ...both, staff: [member] })).map((d) => d.date)).toEqual([
      next,
    ]);
    const capped = findAvailability(
      query({
        ...both,
        staff: [staffMember(1, [nineToFive, local(next, "09:00", "17:00")])],
        dailyCapacity: 10,
        locationBookedPerDay: new Map([[next, 10]]),
      }),
    );
    expect(capped.map((d) => d.date)).toEqual([day]);
  });

  it("needs a free room that holds everyone coming, when rooms are needed", () => {
    const member = staffMember(1, [nineToFive]);
    const small = { id: 1, capacity: 2, bookings: [local(day, "09:00", "16:00")] };
    const large = { id: 2, capacity: 6, bookings: [local(day, "09:00", "12:00")] };
    const forTwo = wallTimes(findAvailability(query({ staff: [member], rooms: [small, large] })));
    expect(forTwo[0]).toBe("12:00");
    const forFive = findAvailability(
      query({ staff: [member], rooms: [small, large], attendees: 5 }),
    );
    expect(wallTimes(forFive)[0]).toBe("12:00");
    const forTen = findAvailability(
      query({ staff: [member], rooms: [small, large], attendees: 10 }),
    );
    expect(forTen).toEqual([]);
    const freeSmall = { ...small, bookings: [] };
    expect(
      wallTimes(findAvailability(query({ staff: [member], rooms: [freeSmall, large] })))[0],
    ).toBe("09:00");
  });

  it("offers nothing without staff, without a room, or for a range before the time in advance", () => {
    expect(findAvailability(query({ staff: [] }))).toEqual([]);
    expect(findAvailability(query({ staff: [staffMember(1, [nineToFive])], rooms: [] }))).toEqual(
      [],
    );
    const tomorrow = local("2026-12-02", "00:00", "00:01").start;
    expect(
      findAvailability(query({ staff: [staffMember(1, [nineToFive])], earliestStart: tomorrow })),
    ).toEqual([]);
  });
});

describe("findAvailability on daylight-saving days", () => {
  // Change days of 2026: Toronto and Warsaw move by an hour, Lord Howe Island by half an hour.
  const changes = [
    { zone: "America/Toronto", date: "2026-03-08", minutes: 23 * 60 },
    { zone: "America/Toronto", date: "2026-11-01", minutes: 25 * 60 },
    { zone: "Europe/Warsaw", date: "2026-03-29", minutes: 23 * 60 },
    { zone: "Europe/Warsaw", date: "2026-10-25", minutes: 25 * 60 },
    { zone: "Australia/Lord_Howe", date: "2026-04-05", minutes: 24 * 60 + 30 },
    { zone: "Australia/Lord_Howe", date: "2026-10-04", minutes: 23 * 60 + 30 },
  ];

  it.each(changes)(
    "$zone on $date: a slot for every real step of the day, none twice",
    (change) => {
      const { zone, date } = change;
      const start = zonedInstant(date, 0, zone).getTime();
      const end = zonedInstant(nextDate(date), 0, zone).getTime();
      expect((end - start) / MINUTE).toBe(change.minutes);
      const around = { start: start - 24 * 60 * MINUTE, end: end + 24 * 60 * MINUTE };
      const days = findAvailability(
        query({
          timeZone: zone,
          fromDate: date,
          toDate: date,
          durationMinutes: 15,
          staff: [staffMember(1, [around])],
        }),
      );
      const starts = days.flatMap((d) => d.slots.map((slot) => slot.start));
      expect(days.map((d) => d.date)).toEqual([date]);
      expect(new Set(starts).size).toBe(starts.length);
      expect(starts[0]).toBe(start);
      expect(starts.at(-1)).toBe(end - 15 * MINUTE);
      // Every quarter hour of real time is a slot: the clock's gaps and repeats change nothing.
      expect(starts).toHaveLength(change.minutes / 15);
      for (const time of wallTimes(days, zone)) expect(Number(time.slice(3)) % 15).toBe(0);
    },
  );

  it("an hourly grid stays on the hour after Lord Howe Island's half-hour change", () => {
    const zone = "Australia/Lord_Howe";
    const date = "2026-10-04";
    const day = { start: zonedInstant(date, 0, zone).getTime() };
    const days = findAvailability(
      query({
        timeZone: zone,
        fromDate: date,
        toDate: date,
        stepMinutes: 60,
        durationMinutes: 60,
        staff: [staffMember(1, [{ start: day.start, end: day.start + 30 * 60 * MINUTE }])],
      }),
    );
    const times = wallTimes(days, zone);
    expect(times.every((time) => time.endsWith(":00"))).toBe(true);
    // 02:00 does not exist that night (the clock goes from 02:00 to 02:30).
    expect(times).not.toContain("02:00");
    expect(times.slice(0, 4)).toEqual(["00:00", "01:00", "03:00", "04:00"]);
  });

  it("a day whose midnight the clock skips begins at the jump", () => {
    // Chile moves its clocks from 24:00 to 01:00 on the first Sunday of September.
    const zone = "America/Santiago";
    const date = "2026-09-06";
    const all = {
      start: Date.parse("2026-09-05T00:00:00Z"),
      end: Date.parse("2026-09-08T00:00:00Z"),
    };
    const days = findAvailability(
      query({
        timeZone: zone,
        fromDate: date,
        toDate: date,
        stepMinutes: 60,
        durationMinutes: 60,
        staff: [staffMember(1, [all])],
      }),
    );
    const times = wallTimes(days, zone);
    expect(times[0]).toBe("01:00");
    expect(times).toHaveLength(23);
  });
});

describe("findAvailability's properties", () => {
  const zones = ["America/Toronto", "Europe/Warsaw", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];
  // Days around the 2026 changes of those zones, and ordinary ones.
  const dates = [
    "2026-03-07",
    "2026-03-28",
    "2026-04-04",
    "2026-10-03",
    "2026-10-24",
    "2026-10-31",
  ];

  const scenario = fc
    .record({
      zone: fc.constantFrom(...zones),
      date: fc.constantFrom(...dates),
      days: fc.integer({ min: 1, max: 3 }),
      step: fc.constantFrom(5, 10, 15, 20, 30, 45, 60),
      duration: fc.constantFrom(10, 15, 30, 45, 60, 90),
      before: fc.constantFrom(0, 0, 5, 15),
      after: fc.constantFrom(0, 0, 10, 30),
      staff: fc.array(
        fc.record({
          shifts: fc.array(span(), { minLength: 1, maxLength: 4 }),
          unavailable: fc.array(span(6), { maxLength: 3 }),
          bookings: fc.array(span(4), { maxLength: 6 }),
          dailyLimit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
          booked: fc.integer({ min: 0, max: 3 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      open: fc.option(fc.array(span(), { minLength: 1, maxLength: 3 }), { nil: null }),
      rooms: fc.option(
        fc.array(
          fc.record({ capacity: fc.integer({ min: 1, max: 4 }), bookings: fc.array(span(4)) }),
          { maxLength: 3 },
        ),
        { nil: null },
      ),
      attendees: fc.integer({ min: 1, max: 3 }),
      earliest: fc.integer({ min: 0, max: 36 * 60 }),
      window: fc.integer({ min: 0, max: 80 * 60 }),
    })
    .map((s): AvailabilityQuery => {
      const origin = Date.parse(`${s.date}T00:00:00Z`) - 14 * 60 * MINUTE;
      const at = (offset: { from: number; length: number }) => ({
        start: origin + offset.from * MINUTE,
        end: origin + (offset.from + offset.length) * MINUTE,
      });
      const lastDate = addDays(s.date, s.days - 1);
      return query({
        timeZone: s.zone,
        fromDate: s.date,
        toDate: lastDate,
        durationMinutes: s.duration,
        stepMinutes: s.step,
        bufferBeforeMinutes: s.before,
        bufferAfterMinutes: s.after,
        earliestStart: origin + s.earliest * MINUTE,
        latestStart: origin + (s.earliest + s.window) * MINUTE,
        openHours: s.open === null ? null : s.open.map(at),
        staff: s.staff.map((member, index) =>
          staffMember(index + 1, member.shifts.map(at), {
            unavailable: member.unavailable.map(at),
            bookings: member.bookings.map(at),
            dailyLimit: member.dailyLimit,
            bookedPerDay: new Map([[s.date, member.booked]]),
          }),
        ),
        rooms:
          s.rooms === null
            ? null
            : s.rooms.map((room, index) => ({
                id: index + 1,
                capacity: room.capacity,
                bookings: room.bookings.map(at),
              })),
        attendees: s.attendees,
      });
    });

  it("finds exactly the slots that checking every candidate one by one finds", () => {
    fc.assert(
      fc.property(scenario, (q) => {
        expect(findAvailability(q)).toEqual(naiveAvailability(q));
      }),
      { numRuns: 300 },
    );
  });

  it("no slot overlaps a booking, a break or time off of a staff member it lists", () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const byId = new Map(q.staff.map((member) => [member.id, member]));
        for (const slot of findAvailability(q).flatMap((d) => d.slots)) {
          for (const id of slot.staffIds) {
            const member = byId.get(id)!;
            for (const busy of [...member.bookings, ...member.unavailable]) {
              expect(busy.start < slot.end && busy.end > slot.start).toBe(false);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("adding a staff member never removes a slot, nor a staff member from one", () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const [extra, ...rest] = q.staff;
        const without = findAvailability({ ...q, staff: rest });
        const withAll = slotsByStart(findAvailability(q));
        for (const slot of without.flatMap((d) => d.slots)) {
          const kept = withAll.get(slot.start);
          expect(kept).toBeDefined();
          expect(kept!.filter((id) => id !== extra!.id)).toEqual(slot.staffIds);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("booking a slot removes it for that staff member and nothing else", () => {
    fc.assert(
      fc.property(scenario, fc.nat(), (q, pick) => {
        const before = findAvailability(q).flatMap((d) => d.slots);
        fc.pre(before.length > 0);
        const slot = before[pick % before.length]!;
        const id = slot.staffIds[pick % slot.staffIds.length]!;
        // A limit not reached by one more booking, so that only the time matters here.
        const staff = q.staff.map((member) =>
          member.id === id
            ? {
                ...member,
                dailyLimit: null,
                bookings: [...member.bookings, { start: slot.start, end: slot.end }],
              }
            : member,
        );
        const freed = {
          ...q,
          staff: q.staff.map((m) => (m.id === id ? { ...m, dailyLimit: null } : m)),
        };
        const expected = slotsByStart(findAvailability(freed));
        const after = slotsByStart(findAvailability({ ...q, staff }));
        const gapBefore = q.bufferBeforeMinutes * MINUTE;
        const gapAfter = q.bufferAfterMinutes * MINUTE;
        const length = q.durationMinutes * MINUTE;
        for (const [start, staffIds] of expected) {
          const clashes = start < slot.end + gapBefore && start + length > slot.start - gapAfter;
          const left = staffIds.filter((other) => other !== id || !clashes);
          if (left.length === 0) expect(after.has(start)).toBe(false);
          else expect(after.get(start)).toEqual(left);
        }
        expect(after.get(slot.start) ?? []).not.toContain(id);
      }),
      { numRuns: 200 },
    );
  });
});

/** An interval as minutes after the scenario's origin: up to three days and a half of them. */
function span(maxHours = 12) {
  return fc.record({
    from: fc.integer({ min: 0, max: 84 * 60 }).map((m) => m - (m % 5)),
    length: fc.integer({ min: 5, max: maxHours * 60 }).map((m) => m - (m % 5) || 5),
  });
}

function slotsByStart(days: AvailableDay[]): Map<number, number[]> {
  return new Map(days.flatMap((d) => d.slots.map((slot) => [slot.start, slot.staffIds] as const)));
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function nextDate(date: string): string {
  return addDays(date, 1);
}
