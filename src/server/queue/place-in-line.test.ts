import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { QueueStatus } from "../../shared/domain.ts";
import type { Database } from "../db/client.ts";
import { queueAppointments } from "../db/schema.ts";
import {
  countPeopleAhead,
  type PlaceInLine,
  peopleAheadInLine,
  peopleAheadOfJoiners,
} from "./place-in-line.ts";
import { createBranch, minutesFromNow } from "./wait-time/wait-time-test-factory.ts";

const MINUTE = 60_000;
const waiting = (minutes: number | null): PlaceInLine => ({
  called: false,
  expectedStart: minutes === null ? null : minutes * MINUTE,
});
const called = (minutes: number | null): PlaceInLine => ({ ...waiting(minutes), called: true });

/** The rule read literally, visitor by visitor: O(n²), to check the fast walk against. */
function definition(line: readonly PlaceInLine[]): (number | null)[] {
  return line.map((me, index) => {
    if (me.called) return null;
    return line.slice(0, index).filter((other) => {
      if (other.called) return false;
      if (me.expectedStart === null) return true;
      return other.expectedStart !== null && other.expectedStart <= me.expectedStart;
    }).length;
  });
}

const startArb = fc.option(
  fc.integer({ min: 0, max: 12 }).map((minutes) => minutes * MINUTE),
  { nil: null, freq: 5 },
);
const lineArb = fc.array(
  fc.record({
    called: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
    expectedStart: startArb,
  }),
  { maxLength: 60 },
);

describe("peopleAheadInLine", () => {
  it("counts everyone earlier in one lane", () => {
    expect(peopleAheadInLine([waiting(0), waiting(10), waiting(20)])).toEqual([0, 1, 2]);
  });

  it("counts an earlier visitor expected at the same moment, never a later one", () => {
    expect(peopleAheadInLine([waiting(10), waiting(10), waiting(10)])).toEqual([0, 1, 2]);
  });

  it("does not count an earlier visitor in a slower lane who will be seen after", () => {
    // A waits 40 minutes for the only desk that serves their service; B and C joined later for a
    // quick one at another desk.
    expect(peopleAheadInLine([waiting(40), waiting(5), waiting(10)])).toEqual([0, 0, 1]);
  });

  it("gives a later joiner in a fast lane no effect on those before", () => {
    const before = peopleAheadInLine([waiting(0), waiting(20), waiting(30)]);
    const after = peopleAheadInLine([waiting(0), waiting(20), waiting(30), waiting(1)]);
    expect(after.slice(0, 3)).toEqual(before);
    expect(after[3]).toBe(1);
  });

  it("gives a called visitor no count, and counts them ahead of nobody", () => {
    expect(peopleAheadInLine([called(0), waiting(0), called(5), waiting(10)])).toEqual([
      null,
      0,
      null,
      1,
    ]);
  });

  it("counts every earlier uncalled visitor ahead of one nobody can serve today", () => {
    expect(peopleAheadInLine([waiting(30), waiting(null), called(0), waiting(null)])).toEqual([
      0,
      1,
      null,
      2,
    ]);
  });

  it("does not count an earlier visitor nobody can serve ahead of one whose start is known", () => {
    expect(peopleAheadInLine([waiting(null), waiting(null), waiting(5)])).toEqual([0, 1, 0]);
  });

  it("answers an empty line with an empty list", () => {
    expect(peopleAheadInLine([])).toEqual([]);
  });

  it("agrees with the rule read literally on any line", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        expect(peopleAheadInLine(line)).toEqual(definition(line));
      }),
    );
  });
});

describe("peopleAheadOfJoiners", () => {
  it("counts each joiner as the line with them in it would, the joiners before them included", () => {
    fc.assert(
      fc.property(lineArb, fc.array(startArb, { maxLength: 10 }), (line, joiners) => {
        const join = peopleAheadOfJoiners(line);
        const longer = [...line];
        for (const expectedStart of joiners) {
          longer.push({ called: false, expectedStart });
          expect(join(expectedStart)).toBe(peopleAheadInLine(longer).at(-1));
        }
      }),
    );
  });
});

describe("countPeopleAhead (the database's count)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const visitorArb = fc.record({
    queuedMinute: fc.integer({ min: -5, max: 0 }),
    status: fc.constantFrom<QueueStatus>(
      "waiting",
      "waiting",
      "waiting",
      "waiting",
      "in_progress",
      "completed",
    ),
    called: fc.boolean(),
    startMinute: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null, freq: 4 }),
  });

  it("equals the walk over the line for every visitor of random lines", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(visitorArb, { maxLength: 14 }), async (visitors) => {
        const branch = await createBranch(database.db);
        const service = await branch.addService();
        for (const visitor of visitors) {
          await branch.addVisitor({
            serviceId: service,
            status: visitor.status,
            queuedAt: minutesFromNow(visitor.queuedMinute),
            expectedStart:
              visitor.startMinute === null ? null : minutesFromNow(visitor.startMinute),
            calledAt: visitor.called ? minutesFromNow(visitor.queuedMinute) : null,
          });
        }
        const rows = await database.db
          .select()
          .from(queueAppointments)
          .where(eq(queueAppointments.locationId, branch.locationId))
          .orderBy(asc(queueAppointments.queuedAt), asc(queueAppointments.id));
        const line = rows.filter((row) => row.status === "waiting");
        const walked = new Map(
          peopleAheadInLine(
            line.map((row) => ({
              called: row.calledAt !== null,
              expectedStart: row.expectedStart?.getTime() ?? null,
            })),
          ).map((ahead, index) => [line[index]!.id, ahead]),
        );
        for (const row of rows) {
          const counted = await countPeopleAhead(database.db, {
            vendorId: branch.vendorId,
            id: row.id,
          });
          expect(counted).toBe(walked.get(row.id) ?? null);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("answers null for a visitor of another vendor", async () => {
    const branch = await createBranch(database.db);
    const other = await createBranch(database.db);
    const service = await branch.addService();
    const visitor = await branch.addVisitor({ serviceId: service });
    expect(await countPeopleAhead(database.db, { vendorId: branch.vendorId, id: visitor })).toBe(0);
    expect(await countPeopleAhead(database.db, { vendorId: other.vendorId, id: visitor })).toBe(
      null,
    );
  });
});
