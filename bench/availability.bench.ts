// Benchmark of the availability engine (npm run bench:availability): one location in
// America/Toronto, 50 staff, 30 days without a daylight-saving change, weekday hours 09:00–17:00
// with one day off and one short day (10:00–14:00) a week per staff member, 100 existing 30- or
// 60-minute bookings per staff member (5,000), a 30-minute service on a 15-minute grid.
// Targets: "any available staff" for the 30 days ≤ 30 ms median; all 50 per-staff lists ≤ 60 ms
// median. The baseline, in the same run: each 15-minute candidate checked against each staff
// member's shifts, breaks and bookings one by one (bench/availability-baseline.ts), whose answer
// must equal the engine's. Prints figures only; exits non-zero on a wrong answer, never on a
// missed target.
import { deepStrictEqual } from "node:assert";
import os from "node:os";
import {
  type AvailabilityQuery,
  findAvailability,
  type StaffCalendar,
} from "../src/server/scheduling/availability.ts";
import type { TimeInterval } from "../src/server/scheduling/time-intervals.ts";
import { zonedInstant } from "../src/shared/opening-hours.ts";
import { naiveAvailability } from "./availability-baseline.ts";

const ZONE = "America/Toronto";
const FROM = "2027-01-04";
const DAYS = 30;
const STAFF = 50;
const BOOKINGS_PER_STAFF = 100;
const WARM_UP_RUNS = 20;
const TIMED_RUNS = Number(process.env.RUNS ?? 100);
const BASELINE_RUNS = Number(process.env.BASELINE_RUNS ?? 10);
const TARGET_ANY_MS = 30;
const TARGET_EACH_MS = 60;
const MINUTE = 60_000;

/** A small seeded generator, so every run measures the same month. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

function busyMonth(): AvailabilityQuery {
  const random = seededRandom(18);
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(FROM, i));
  const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday
  const at = (date: string, hour: number) => zonedInstant(date, hour * 60, ZONE).getTime();
  const staff: StaffCalendar[] = [];
  let bookings = 0;
  for (let id = 1; id <= STAFF; id++) {
    const dayOff = 1 + (id % 5);
    const shortDay = 1 + ((id + 2) % 5);
    const shifts: TimeInterval[] = [];
    for (const date of dates) {
      const weekday = weekdayOf(date);
      if (weekday === 0 || weekday === 6 || weekday === dayOff) continue;
      shifts.push(
        weekday === shortDay
          ? { start: at(date, 10), end: at(date, 14) }
          : { start: at(date, 9), end: at(date, 17) },
      );
    }
    // Bookings on the half-hour grid of the shifts, none overlapping another of the same person.
    const taken = new Set<number>();
    const own: TimeInterval[] = [];
    const bookedPerDay = new Map<string, number>();
    while (own.length < BOOKINGS_PER_STAFF) {
      const shift = shifts[Math.floor(random() * shifts.length)]!;
      const halfHours = (shift.end - shift.start) / (30 * MINUTE);
      const first = Math.floor(random() * halfHours);
      const length = random() < 0.5 || first === halfHours - 1 ? 1 : 2;
      const start = shift.start + first * 30 * MINUTE;
      const cells = Array.from({ length }, (_, k) => start + k * 30 * MINUTE);
      if (cells.some((cell) => taken.has(cell))) continue;
      for (const cell of cells) taken.add(cell);
      own.push({ start, end: start + length * 30 * MINUTE });
      const date = dates.find((d) => at(d, 0) <= start && start < at(addDays(d, 1), 0))!;
      bookedPerDay.set(date, (bookedPerDay.get(date) ?? 0) + 1);
    }
    bookings += own.length;
    staff.push({ id, shifts, unavailable: [], bookings: own, dailyLimit: null, bookedPerDay });
  }
  if (bookings !== STAFF * BOOKINGS_PER_STAFF) throw new Error(`made ${bookings} bookings`);
  return {
    timeZone: ZONE,
    fromDate: FROM,
    toDate: dates[DAYS - 1]!,
    durationMinutes: 30,
    stepMinutes: 15,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    earliestStart: at(FROM, 0),
    latestStart: at(addDays(FROM, DAYS), 0),
    openHours: dates.map((date) => ({ start: at(date, 9), end: at(date, 17) })),
    staff,
    rooms: null,
    attendees: 1,
    dailyCapacity: null,
    locationBookedPerDay: new Map(),
  };
}

function time(runs: number, work: () => unknown): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const summary = (samples: number[]) =>
  `median ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}`;

const month = busyMonth();
const eachStaff = month.staff.map((member) => ({ ...month, staff: [member] }));

// The engine must say what the one-by-one check says, for "any" and for every staff member.
const any = findAvailability(month);
deepStrictEqual(any, naiveAvailability(month));
for (const query of eachStaff) deepStrictEqual(findAvailability(query), naiveAvailability(query));
const slots = any.reduce((sum, day) => sum + day.slots.length, 0);
const staffSlots = any.reduce(
  (sum, day) => sum + day.slots.reduce((n, slot) => n + slot.staffIds.length, 0),
  0,
);

for (let i = 0; i < WARM_UP_RUNS; i++) findAvailability(month);
const engineAny = time(TIMED_RUNS, () => findAvailability(month));
for (let i = 0; i < WARM_UP_RUNS / 4; i++) for (const query of eachStaff) findAvailability(query);
const engineEach = time(TIMED_RUNS, () => {
  for (const query of eachStaff) findAvailability(query);
});
const baselineAny = time(BASELINE_RUNS, () => naiveAvailability(month));
const baselineEach = time(BASELINE_RUNS, () => {
  for (const query of eachStaff) naiveAvailability(query);
});

const anyMedian = percentile(engineAny, 50);
const eachMedian = percentile(engineEach, 50);
const cpus = os.cpus();
const ratio = (baseline: number[], engine: number[]) =>
  `${(percentile(baseline, 50) / percentile(engine, 50)).toFixed(0)}× faster`;
console.log("availability engine: a month of slots for one service at one location");
console.log(`  date       ${new Date().toISOString()}`);
console.log(
  `  machine    ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `  input      ${ZONE}, ${DAYS} days from ${FROM}, ${STAFF} staff, ${STAFF * BOOKINGS_PER_STAFF} bookings, 30-minute service, 15-minute grid`,
);
console.log(
  `  answer     ${any.length} days with slots, ${slots} slot starts, ${staffSlots} staff × slot pairs (same as the baseline)`,
);
console.log(`  runs       ${WARM_UP_RUNS} warm-up, ${TIMED_RUNS} timed; baseline ${BASELINE_RUNS}`);
console.log(`  any        ${summary(engineAny)}`);
console.log(`  each (50)  ${summary(engineEach)}`);
console.log(`  baseline   any ${summary(baselineAny)}; each (50) ${summary(baselineEach)}`);
console.log(
  `  ratio      any ${ratio(baselineAny, engineAny)}; each ${ratio(baselineEach, engineEach)}`,
);
console.log(
  `  targets    any ≤ ${TARGET_ANY_MS} ms: ${anyMedian <= TARGET_ANY_MS ? "met" : "MISSED"}; each ≤ ${TARGET_EACH_MS} ms: ${eachMedian <= TARGET_EACH_MS ? "met" : "MISSED"}`,
);
