import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { queueAppointments } from "../../db/schema.ts";
import { DomainEventBus, type DomainEvents } from "../../events/domain-events.ts";
import { recalculateWaitTimes } from "./recalculate-wait-times.ts";
import { createBranch, minutesFromNow, NOW } from "./wait-time-test-factory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function listen(events: DomainEventBus) {
  const received: DomainEvents["waitTimesRecalculated"][] = [];
  events.on("waitTimesRecalculated", (payload) => received.push(payload));
  return received;
}

async function storedStarts(ids: number[]) {
  const rows = await database.db
    .select({ id: queueAppointments.id, expectedStart: queueAppointments.expectedStart })
    .from(queueAppointments)
    .where(inArray(queueAppointments.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.expectedStart?.toISOString() ?? null);
}

describe("recalculateWaitTimes", () => {
  it("stores each waiting visitor's expected start and announces the list in queue order (§7 shape)", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 20 });
    await branch.addStaff();
    const second = await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-1) });
    const first = await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-5) });
    const events = new DomainEventBus();
    const received = listen(events);

    const entries = await recalculateWaitTimes({ db: database.db, events, now: NOW }, branch.scope);

    const expected = [
      {
        id: String(first),
        attributes: { expected_start: "2030-03-12T15:00:00.000Z", people_ahead: 0 },
      },
      {
        id: String(second),
        attributes: { expected_start: "2030-03-12T15:20:00.000Z", people_ahead: 1 },
      },
    ];
    expect(entries).toEqual(expected);
    expect(received).toEqual([
      { vendorId: branch.vendorId, locationId: branch.locationId, entries: expected },
    ]);
    expect(await storedStarts([first, second])).toEqual([
      "2030-03-12T15:00:00.000Z",
      "2030-03-12T15:20:00.000Z",
    ]);
  });

  it("gives everyone no start (the no-walk-ins state) when no staff member can serve", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService();
    const visitor = await branch.addVisitor({ serviceId: service });
    await database.db
      .update(queueAppointments)
      .set({ expectedStart: minutesFromNow(30) })
      .where(eq(queueAppointments.id, visitor));

    const entries = await recalculateWaitTimes(
      { db: database.db, events: new DomainEventBus(), now: NOW },
      branch.scope,
    );

    expect(entries).toEqual([
      { id: String(visitor), attributes: { expected_start: null, people_ahead: 0 } },
    ]);
    expect(await storedStarts([visitor])).toEqual([null]);
  });

  it("counts the people ahead of each visitor: not one of a slower lane seen later, nor one called", async () => {
    const branch = await createBranch(database.db);
    const slow = await branch.addService({ durationMinutes: 60 });
    const quick = await branch.addService({ durationMinutes: 10 });
    await branch.addStaff({ serves: [slow] });
    const quickDesk = await branch.addStaff({ serves: [quick] });
    const a = await branch.addVisitor({ serviceId: slow, queuedAt: minutesFromNow(-9) });
    const b = await branch.addVisitor({ serviceId: slow, queuedAt: minutesFromNow(-8) });
    const c = await branch.addVisitor({ serviceId: quick, queuedAt: minutesFromNow(-7) });
    const d = await branch.addVisitor({ serviceId: quick, queuedAt: minutesFromNow(-6) });
    // Called to the quick desk: served next there, from now, and ahead of nobody in the count.
    const e = await branch.addVisitor({
      serviceId: quick,
      queuedAt: minutesFromNow(-5),
      userId: quickDesk,
      calledAt: minutesFromNow(-1),
    });
    const events = new DomainEventBus();
    const received = listen(events);

    const entries = await recalculateWaitTimes({ db: database.db, events, now: NOW }, branch.scope);

    const ahead = Object.fromEntries(
      entries.map((entry) => [entry.id, entry.attributes.people_ahead]),
    );
    // b waits an hour behind a; c and d, who joined after b, are seen in 10 and 20 minutes.
    expect(ahead).toEqual({
      [a]: 0,
      [b]: 1,
      [c]: 1, // a starts now, before c; b does not
      [d]: 2, // a and c
      [e]: null,
    });
    expect(received[0]!.entries).toEqual(entries);
  });

  it("moves the line up when the visitor ahead leaves", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 10 });
    await branch.addStaff();
    const leaving = await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-3) });
    const staying = await branch.addVisitor({ serviceId: service });
    const deps = { db: database.db, events: new DomainEventBus(), now: NOW };
    await recalculateWaitTimes(deps, branch.scope);
    expect(await storedStarts([staying])).toEqual(["2030-03-12T15:10:00.000Z"]);

    await database.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(eq(queueAppointments.id, leaving));
    await recalculateWaitTimes(deps, branch.scope);
    expect(await storedStarts([staying])).toEqual(["2030-03-12T15:00:00.000Z"]);
  });

  it("leaves other vendors' visitors alone", async () => {
    const branch = await createBranch(database.db);
    const other = await createBranch(database.db);
    const otherService = await other.addService();
    await branch.addStaff();
    await other.addStaff();
    const stranger = await other.addVisitor({ serviceId: otherService });
    const events = new DomainEventBus();
    const received = listen(events);

    await recalculateWaitTimes({ db: database.db, events, now: NOW }, branch.scope);

    expect(await storedStarts([stranger])).toEqual([null]);
    expect(received[0]!.entries).toEqual([]);
    await expect(
      recalculateWaitTimes(
        { db: database.db, events, now: NOW },
        { vendorId: other.vendorId, locationId: branch.locationId },
      ),
    ).rejects.toThrow(/not_found/);
  });

  it("gives the same answer when two recalculations of a location run at once", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 10 });
    await branch.addStaff();
    await branch.addStaff();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(i - 10) }));
    const deps = { db: database.db, events: new DomainEventBus(), now: NOW };

    const [a, b] = await Promise.all([
      recalculateWaitTimes(deps, branch.scope),
      recalculateWaitTimes(deps, branch.scope),
    ]);

    expect(a).toEqual(b);
    expect(await storedStarts(ids)).toEqual(a.map((entry) => entry.attributes.expected_start));
    expect(a.map((entry) => entry.attributes.expected_start)).toEqual([
      "2030-03-12T15:00:00.000Z",
      "2030-03-12T15:00:00.000Z",
      "2030-03-12T15:10:00.000Z",
      "2030-03-12T15:10:00.000Z",
      "2030-03-12T15:20:00.000Z",
    ]);
  });
});
