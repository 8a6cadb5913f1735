// Placing joiners from the tail of the last recalculation, and the delayed recalculation a join
// asks for. These run on the real clock (the tail is only kept then), at a branch open all day in a
// time zone where it is now midday, so the line never runs past the local day's close.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openAllWeek, timeZoneNearNoon } from "../../../../test/factories/locations.ts";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { DomainEventBus, type DomainEvents } from "../../events/domain-events.ts";
import {
  flushScheduledRecalculations,
  JOIN_RECALCULATION_DELAY_MS,
  LINE_TAIL_TTL_MS,
  placeJoiningVisitor,
  recalculateWaitTimes,
  scheduleWaitTimeRecalculation,
} from "./recalculate-wait-times.ts";
import { createBranch } from "./wait-time-test-factory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** A branch with `staff` lanes on shift for the next hours and `waiting` visitors of a 10-minute service. */
async function staffedBranch(staff: number, waiting: number) {
  const branch = await createBranch(database.db, {
    hours: openAllWeek(),
    timeZone: timeZoneNearNoon(),
  });
  const service = await branch.addService({ durationMinutes: 10 });
  for (let n = 0; n < staff; n++) {
    const userId = await branch.addStaff();
    await branch.addShift(userId, fromNow(-60), fromNow(600));
  }
  for (let n = 0; n < waiting; n++) {
    await branch.addVisitor({ serviceId: service, queuedAt: fromNow(-30 + n) });
  }
  return { branch, service };
}

describe("placeJoiningVisitor", () => {
  // The clock stands still in these (only Date is faked): what they compare is computed at one
  // instant, so no margin has to absorb a slow machine, and a tail never ages between two steps.
  it("places joiners one after another at the end of the line, as the next recalculation does", async () => {
    const { branch, service } = await staffedBranch(1, 3);
    const events = new DomainEventBus();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const now = Date.now();
      const firstPlace = await placeJoiningVisitor({ db: database.db }, branch.scope, service);
      const secondPlace = await placeJoiningVisitor({ db: database.db }, branch.scope, service);
      const [first, second] = [firstPlace.expectedStart!, secondPlace.expectedStart!];
      // One lane, three ahead of 10 minutes each: the first joiner starts in 30 minutes.
      expect(first.getTime() - now).toBe(30 * 60_000);
      expect(second.getTime() - first.getTime()).toBe(10 * 60_000);
      // The three already waiting are ahead of the first joiner, and the first of the second.
      expect([firstPlace.peopleAhead, secondPlace.peopleAhead]).toEqual([3, 4]);

      // Written to the line, the recalculation finds the same places.
      const joined = [
        await branch.addVisitor({ serviceId: service, queuedAt: new Date() }),
        await branch.addVisitor({ serviceId: service, queuedAt: new Date() }),
      ];
      const entries = await recalculateWaitTimes({ db: database.db, events }, branch.scope);
      const entryOf = (id: number) => entries.find((entry) => entry.id === String(id))!;
      expect(joined.map((id) => Date.parse(entryOf(id).attributes.expected_start!))).toEqual([
        first.getTime(),
        second.getTime(),
      ]);
      expect(joined.map((id) => entryOf(id).attributes.people_ahead)).toEqual([3, 4]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("uses the tail a recalculation left and reads the line again once it is older than its limit", async () => {
    const { branch, service } = await staffedBranch(1, 0);
    const events = new DomainEventBus();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const now = Date.now();
      await recalculateWaitTimes({ db: database.db, events }, branch.scope);
      // A visitor written behind the tail's back (another node, say) is not seen while it is fresh…
      await branch.addVisitor({ serviceId: service, queuedAt: new Date() });
      const fresh = await placeJoiningVisitor({ db: database.db }, branch.scope, service);
      expect(fresh.expectedStart!.getTime()).toBe(now);
      expect(fresh.peopleAhead).toBe(0);
      // …and is once the tail has expired: the line is read again.
      const later = now + LINE_TAIL_TTL_MS + 1;
      vi.setSystemTime(later);
      const reread = await placeJoiningVisitor({ db: database.db }, branch.scope, service);
      // Behind the visitor written meanwhile, who starts now: one 10-minute service later.
      expect(reread.expectedStart!.getTime()).toBe(later + 10 * 60_000);
      expect(reread.peopleAhead).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers null when nobody on shift can serve, and never a start in the past", async () => {
    const { branch, service } = await staffedBranch(0, 0);
    // Nobody can serve: everyone already waiting counts as ahead (here, nobody yet).
    expect(await placeJoiningVisitor({ db: database.db }, branch.scope, service)).toEqual({
      expectedStart: null,
      peopleAhead: 0,
    });

    const staffed = await staffedBranch(2, 0);
    const at = Date.now();
    const start = await placeJoiningVisitor(
      { db: database.db },
      staffed.branch.scope,
      staffed.service,
    );
    expect(start.expectedStart!.getTime()).toBeGreaterThanOrEqual(at);
  });
});

describe("scheduleWaitTimeRecalculation", () => {
  it("folds the requests of a burst into one recalculation after the delay", async () => {
    const { branch } = await staffedBranch(1, 2);
    const events = new DomainEventBus();
    const received: DomainEvents["waitTimesRecalculated"][] = [];
    events.on("waitTimesRecalculated", (payload) => received.push(payload));
    const asked = Date.now();
    for (let n = 0; n < 5; n++)
      scheduleWaitTimeRecalculation({ db: database.db, events }, branch.scope);
    await vi.waitFor(() => expect(received).toHaveLength(1), {
      timeout: JOIN_RECALCULATION_DELAY_MS + 5_000,
    });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(JOIN_RECALCULATION_DELAY_MS - 20);
    expect(received[0]!.entries).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it("runs what is pending at once when flushed (the app closing)", async () => {
    const { branch } = await staffedBranch(1, 1);
    const events = new DomainEventBus();
    const received: DomainEvents["waitTimesRecalculated"][] = [];
    events.on("waitTimesRecalculated", (payload) => received.push(payload));
    scheduleWaitTimeRecalculation({ db: database.db, events }, branch.scope);
    // Ran by the flush itself: an empty flush would return at once and leave nothing received.
    await flushScheduledRecalculations(database.db);
    expect(received).toHaveLength(1);
    // Nothing runs a second time when the timer would have fired.
    await new Promise((resolve) => setTimeout(resolve, JOIN_RECALCULATION_DELAY_MS + 100));
    expect(received).toHaveLength(1);
  });
});
