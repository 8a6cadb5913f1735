// Benchmark of the wait-time engine (npm run bench:wait-time): one recompute for a busy location,
// 1,000 waiting, 50 staff, 200 booked appointments, with the people ahead of each counted after the
// simulation as a recalculation does. Target: median ≤ 5 ms. Prints figures only;
// exits non-zero on an error, never on a missed target.
import os from "node:os";
import { peopleAheadInLine } from "../src/server/queue/place-in-line.ts";
import {
  type Lane,
  type LaneBlock,
  simulateWaitTimes,
  type WaitTimeSimulationInput,
} from "../src/server/queue/wait-time/simulate-wait-times.ts";

const WAITING = 1_000;
const STAFF = 50;
const BOOKINGS = 200;
const WARM_UP_RUNS = 50;
const TIMED_RUNS = 300;
const TARGET_MEDIAN_MS = 5;

/** A small seeded generator, so every run measures the same day. */
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

function busyLocation(): WaitTimeSimulationInput {
  const random = seededRandom(2024);
  const minute = 60_000;
  const dayStart = Date.UTC(2030, 2, 12, 9, 0); // shifts run 09:00–17:00
  const now = dayStart + 60 * minute; // 10:00
  const serviceIds = [1, 2, 3, 4, 5, 6, 7, 8];
  const durationMinutes = new Map(serviceIds.map((id, i) => [id, 5 + ((i * 7) % 26)]));
  const lanes: Lane[] = [];
  for (let staffId = 1; staffId <= STAFF; staffId++) {
    const breakStart = dayStart + (150 + Math.floor(random() * 180)) * minute;
    const specialist = random() < 0.4;
    lanes.push({
      staffId,
      serviceIds: specialist ? serviceIds.filter(() => random() < 0.4) : "all",
      available: [
        { start: dayStart, end: breakStart },
        { start: breakStart + 30 * minute, end: dayStart + 480 * minute },
      ],
      busyUntil: random() < 0.6 ? now + Math.floor(random() * 20) * minute : null,
    });
  }
  const blocks: LaneBlock[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const start = dayStart + Math.floor(random() * 30) * 15 * minute;
    blocks.push({ staffId: 1 + (i % STAFF), start, end: start + 30 * minute });
  }
  const waiting = Array.from({ length: WAITING }, (_, i) => ({
    id: i + 1,
    serviceId: serviceIds[Math.floor(random() * serviceIds.length)]!,
  }));
  return { now, lanes, blocks, waiting, durationMinutes };
}

/** The estimate the engine replaces: people ahead × average duration / staff on shift. */
function naiveEstimate(input: WaitTimeSimulationInput): number[] {
  const durations = [...input.durationMinutes.values()];
  const average = (durations.reduce((sum, d) => sum + d, 0) / durations.length) * 60_000;
  return input.waiting.map((_, ahead) => input.now + (ahead * average) / input.lanes.length);
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
const ms = (value: number) => `${value.toFixed(3)} ms`;

const input = busyLocation();
const check = simulateWaitTimes(input);
const served = check.visits.filter((visit) => visit.expectedStart !== null).length;
for (let i = 0; i < WARM_UP_RUNS; i++) simulateWaitTimes(input);
const engine = time(TIMED_RUNS, () => simulateWaitTimes(input));
for (let i = 0; i < WARM_UP_RUNS; i++) naiveEstimate(input);
const naive = time(TIMED_RUNS, () => naiveEstimate(input));
/** A recalculation's whole work in memory: the simulation, then each visitor's people ahead. */
function simulateAndCount(simulation: WaitTimeSimulationInput) {
  const { visits } = simulateWaitTimes(simulation);
  const startById = new Map(visits.map((visit) => [visit.id, visit.expectedStart]));
  return peopleAheadInLine(
    simulation.waiting.map((visit) => ({
      called: false,
      expectedStart: startById.get(visit.id) ?? null,
    })),
  );
}
for (let i = 0; i < WARM_UP_RUNS; i++) simulateAndCount(input);
const counted = time(TIMED_RUNS, () => simulateAndCount(input));
const engineMedian = percentile(counted, 50);

const cpus = os.cpus();
console.log("wait-time engine: one recompute of a location's line");
console.log(`  date      ${new Date().toISOString()}`);
console.log(
  `  machine   ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, Node ${process.version}`,
);
console.log(`  input     ${WAITING} waiting, ${STAFF} staff, ${BOOKINGS} booked appointments`);
console.log(
  `  outcome   ${served} visitors get a start today, ${WAITING - served} cannot be served today`,
);
console.log(`  runs      ${WARM_UP_RUNS} warm-up, ${TIMED_RUNS} timed`);
console.log(
  `  engine    median ${ms(percentile(engine, 50))}  p95 ${ms(percentile(engine, 95))}  p99 ${ms(percentile(engine, 99))}`,
);
console.log(
  `  + ahead   median ${ms(engineMedian)}  p95 ${ms(percentile(counted, 95))}  p99 ${ms(percentile(counted, 99))}` +
    "  (the simulation and each visitor's people ahead: a recalculation's work in memory)",
);
console.log(
  `  naive     median ${ms(percentile(naive, 50))}  p95 ${ms(percentile(naive, 95))}  p99 ${ms(percentile(naive, 99))}` +
    "  (people ahead × average duration / staff)",
);
console.log(
  `  target    median ≤ ${TARGET_MEDIAN_MS} ms: ${engineMedian <= TARGET_MEDIAN_MS ? "met" : "MISSED"}`,
);
