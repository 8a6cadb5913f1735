// Recomputes a location's wait times after any change to its line, stores each waiting visitor's
// expected start and announces the new list (spec §7 WaitTimeRecalculated). Called after commit.
//
// It also keeps, per location, the end of the line each recalculation computed (the "tail"), so a
// visitor joining can be placed at the end of the line in microseconds instead of re-reading and
// re-simulating the whole line: a join changes nobody's wait ahead of it, so its own recalculation
// only publishes the longer list and can be shared with the joins right after it. The tail also
// counts the people ahead of each joiner (place-in-line.ts), so a join's answer has its count too.
import { sql } from "drizzle-orm";
import type { WaitTimeEntry } from "../../../shared/contracts/realtime.ts";
import { type RunsPerKey, runsPerKey } from "../../concurrency/runs-per-key.ts";
import { WAIT_TIME_LOCK_CLASS } from "../../db/advisory-locks.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { DomainEventBus } from "../../events/domain-events.ts";
import { type PlaceInLine, peopleAheadInLine, peopleAheadOfJoiners } from "../place-in-line.ts";
import type { LearnedDurationsCache } from "./learn-service-durations.ts";
import {
  loadWaitTimeInput,
  type WaitTimeInput,
  type WaitTimeScope,
} from "./load-wait-time-input.ts";
import {
  type SimulatedVisit,
  simulateWaitTimes,
  type WaitTimeSimulation,
} from "./simulate-wait-times.ts";

/**
 * How long the tail a recalculation left places joining visitors without a new read. Every join
 * asks for a recalculation that starts after it commits, so under steady joins the tail is renewed
 * several times a second; the limit only matters for a line nobody has touched for a while, and
 * bounds how long joins made through another node go unseen by this node's quotes.
 */
export const LINE_TAIL_TTL_MS = 2_000;

/**
 * A join's recalculation waits this long, so the joins of a burst share one: it changes nobody's
 * wait, it only adds the new visitor to the published list (their page already has their quote).
 */
export const JOIN_RECALCULATION_DELAY_MS = 1_000;

/** Per database: the recalculations under way and queued, per location. */
const sharedRuns = new WeakMap<Db, RunsPerKey<() => Promise<WaitTimeEntry[]>, WaitTimeEntry[]>>();

type LineTail = {
  builtAt: number;
  append: WaitTimeSimulation["append"];
  /** the people ahead of a joiner expected at this start (epoch ms), who then takes their place */
  peopleAhead: (expectedStart: number | null) => number;
};
/** Per database and location: the end of the line as last computed, and reads of it under way. */
const tails = new WeakMap<Db, Map<string, LineTail>>();
const tailReads = new WeakMap<Db, Map<string, Promise<LineTail>>>();
/** Per database and location: a delayed recalculation asked for by joins. */
const scheduled = new WeakMap<
  Db,
  Map<string, { timer: NodeJS.Timeout; run: () => Promise<void> }>
>();

type Deps = {
  db: Db;
  events: DomainEventBus;
  now?: Date;
  /** the app's kept duration samples (AppCaches); read afresh without */
  learnedDurations?: LearnedDurationsCache | undefined;
};
type Scope = { vendorId: number; locationId: number };
type Logger = { error(details: object, message: string): void };

const keyOf = (scope: Scope) => `${scope.vendorId}:${scope.locationId}`;

function mapFor<K extends object, V>(maps: WeakMap<K, Map<string, V>>, owner: K): Map<string, V> {
  let map = maps.get(owner);
  if (!map) {
    map = new Map();
    maps.set(owner, map);
  }
  return map;
}

/** Seconds from joining to the expected start (never negative); null when nobody can serve. */
export function quotedWaitSeconds(expectedStart: string | null, joinedAt: Date): number | null {
  if (expectedStart === null) return null;
  return Math.max(0, Math.round((Date.parse(expectedStart) - joinedAt.getTime()) / 1000));
}

/**
 * Resolves with the line as a recalculation that started after this call computed it. Callers
 * arriving while one runs for the location share the next one: under a burst of changes the line
 * is recalculated a few times, not once per change in a row (each of which held a pooled
 * connection while it waited for the lock). A fixed clock (`now`, in tests) asks for exactly one run.
 */
export function recalculateWaitTimes(deps: Deps, scope: Scope): Promise<WaitTimeEntry[]> {
  if (deps.now) return recalculateOnce(deps, scope);
  return runsOf(deps.db).run(keyOf(scope), () => recalculateOnce(deps, scope));
}

function runsOf(db: Db): RunsPerKey<() => Promise<WaitTimeEntry[]>, WaitTimeEntry[]> {
  let runs = sharedRuns.get(db);
  if (!runs) {
    runs = runsPerKey((_key, recalculate: () => Promise<WaitTimeEntry[]>) => recalculate());
    sharedRuns.set(db, runs);
  }
  return runs;
}

/**
 * Asks for a recalculation of the location within `JOIN_RECALCULATION_DELAY_MS`, sharing one with
 * every other request made before it starts; failures are logged (the change is committed, and
 * the next recalculation repairs the stored expected starts). The app runs what is still pending
 * when it closes (`flushScheduledRecalculations`).
 */
export function scheduleWaitTimeRecalculation(
  deps: Deps & { logger?: Logger | undefined },
  scope: Scope,
): void {
  const pending = mapFor(scheduled, deps.db);
  const key = keyOf(scope);
  if (pending.has(key)) return;
  const run = async () => {
    pending.delete(key);
    try {
      const { db, events, learnedDurations } = deps;
      await recalculateWaitTimes({ db, events, learnedDurations }, scope);
    } catch (error) {
      deps.logger?.error({ err: error, ...scope }, "scheduled wait-time recalculation failed");
    }
  };
  pending.set(key, { timer: setTimeout(run, JOIN_RECALCULATION_DELAY_MS), run });
}

/** Runs every scheduled recalculation of this database now and waits for them (app close). */
export async function flushScheduledRecalculations(db: Db): Promise<void> {
  const pending = scheduled.get(db);
  if (!pending) return;
  const runs = [...pending.values()];
  for (const { timer } of runs) clearTimeout(timer);
  await Promise.all(runs.map(({ run }) => run()));
}

/** Where a joining visitor is placed: their expected start (null: nobody can serve them today) and the people ahead. */
export type JoiningPlace = { expectedStart: Date | null; peopleAhead: number };

/**
 * When a visitor of `serviceId` joining now would start, placed at the end of the line, and how many
 * people would be ahead of them: from the tail of the last recalculation when it is fresh, else from
 * a read of the line (shared by the joins that arrive meanwhile). Each call takes its place, so the
 * next joiner is placed after it and counts it.
 */
export async function placeJoiningVisitor(
  deps: { db: Db; now?: Date; learnedDurations?: LearnedDurationsCache | undefined },
  scope: Scope,
  serviceId: number,
): Promise<JoiningPlace> {
  const now = deps.now ?? new Date();
  const place = (tail: LineTail, start: number | null | undefined): JoiningPlace => {
    const atOrAfterNow =
      start === null || start === undefined ? null : Math.max(start, now.getTime());
    return {
      expectedStart: atOrAfterNow === null ? null : new Date(atOrAfterNow),
      peopleAhead: tail.peopleAhead(atOrAfterNow),
    };
  };
  if (deps.now) {
    // A fixed clock (tests): the line as it is at that instant, never a tail built on another clock.
    const input = await loadWaitTimeInput(deps.db, scope, now, deps.learnedDurations);
    const tail = simulateTail(input, now.getTime());
    return place(tail, tail.append(serviceId));
  }
  const tail = mapFor(tails, deps.db).get(keyOf(scope));
  if (tail && now.getTime() - tail.builtAt <= LINE_TAIL_TTL_MS) {
    const start = tail.append(serviceId);
    if (start !== undefined) return place(tail, start);
    // A service the tail does not know (added since): read the line afresh.
  }
  const read = await readTail(deps.db, scope, deps.learnedDurations);
  return place(read, read.append(serviceId));
}

/** Each waiting visitor's start as just simulated (a called one's from their call), in queue order. */
function startsOf(input: WaitTimeInput, visits: readonly SimulatedVisit[]): (number | null)[] {
  const startById = new Map(visits.map((visit) => [visit.id, visit.expectedStart]));
  return input.waiting.map(
    (row) => startById.get(row.id) ?? input.calledStarts.get(row.id) ?? null,
  );
}

/** The line as the people-ahead rule reads it. */
function placesOf(input: WaitTimeInput, starts: readonly (number | null)[]): PlaceInLine[] {
  return input.waiting.map((row, index) => ({
    called: row.called,
    expectedStart: starts[index] ?? null,
  }));
}

/** The end of the line as simulated from `input`, for the joins that follow. */
function simulateTail(input: WaitTimeInput, builtAt: number): LineTail {
  const simulation = simulateWaitTimes(input.simulation);
  const places = placesOf(input, startsOf(input, simulation.visits));
  return { builtAt, append: simulation.append, peopleAhead: peopleAheadOfJoiners(places) };
}

function readTail(
  db: Db,
  scope: Scope,
  learnedDurations: LearnedDurationsCache | undefined,
): Promise<LineTail> {
  const reads = mapFor(tailReads, db);
  const key = keyOf(scope);
  let read = reads.get(key);
  if (!read) {
    read = (async () => {
      const builtAt = Date.now();
      const input = await loadWaitTimeInput(db, scope, new Date(builtAt), learnedDurations);
      const tail = simulateTail(input, builtAt);
      mapFor(tails, db).set(key, tail);
      return tail;
    })().finally(() => reads.delete(key));
    reads.set(key, read);
  }
  return read;
}

async function recalculateOnce(deps: Deps, scope: Scope): Promise<WaitTimeEntry[]> {
  const { entries, tail } = await deps.db.transaction(async (tx) => {
    // One recalculation per location at a time: a later one waits, then sees the earlier one's writes.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${WAIT_TIME_LOCK_CLASS}, ${scope.locationId})`,
    );
    // Read the clock after the lock, so a recalculation that waited does not plan from the past.
    const now = deps.now ?? new Date();
    return computeAndStore(tx, scope, now, deps.learnedDurations);
  });
  // Joins from now on are placed after the line just computed (a fixed clock keeps no tail).
  if (!deps.now) mapFor(tails, deps.db).set(keyOf(scope), tail);
  deps.events.emit("waitTimesRecalculated", { ...scope, entries });
  return entries;
}

async function computeAndStore(
  tx: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
  learnedDurations: LearnedDurationsCache | undefined,
): Promise<{ entries: WaitTimeEntry[]; tail: LineTail }> {
  const input = await loadWaitTimeInput(tx, scope, now, learnedDurations);
  const simulation = simulateWaitTimes(input.simulation);
  const starts = startsOf(input, simulation.visits);
  // From the starts just computed, which the statement below stores: the count a GET of one
  // visitor makes from the stored starts is the same.
  const places = placesOf(input, starts);
  const ahead = peopleAheadInLine(places);

  const changed: { id: number; expectedStart: string | null }[] = [];
  const entries = input.waiting.map((row, index): WaitTimeEntry => {
    const start = starts[index] ?? null;
    const iso = start === null ? null : new Date(start).toISOString();
    if ((row.expectedStart?.getTime() ?? null) !== start) {
      changed.push({ id: row.id, expectedStart: iso });
    }
    return {
      id: String(row.id),
      attributes: { expected_start: iso, people_ahead: ahead[index] ?? null },
    };
  });

  if (changed.length > 0) {
    // One statement for the whole line, its values as two array literals (two parameters, not two
    // per visitor); the status guard keeps a visitor called meanwhile as is.
    const ids = `{${changed.map((row) => row.id).join(",")}}`;
    const starts = `{${changed.map((row) => row.expectedStart ?? "NULL").join(",")}}`;
    await tx.execute(sql`
      update queue_appointments as q
      set expected_start = v.expected_start
      from unnest(${ids}::integer[], ${starts}::timestamptz[]) as v(id, expected_start)
      where q.id = v.id
        and q.vendor_id = ${scope.vendorId}
        and q.location_id = ${scope.locationId}
        and q.status = 'waiting'`);
  }
  const tail: LineTail = {
    builtAt: now.getTime(),
    append: simulation.append,
    peopleAhead: peopleAheadOfJoiners(places),
  };
  return { entries, tail };
}
