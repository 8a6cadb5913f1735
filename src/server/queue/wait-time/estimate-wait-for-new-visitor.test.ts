import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { estimateWaitForNewVisitor } from "./estimate-wait-for-new-visitor.ts";
import { createBranch, minutesFromNow, NINE_TO_FIVE, NOW } from "./wait-time-test-factory.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("estimateWaitForNewVisitor", () => {
  it("quotes the start a visitor joining behind everyone would get", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService({ durationMinutes: 15 });
    await branch.addStaff();
    await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-2) });
    await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-1) });

    const estimate = await estimateWaitForNewVisitor(
      { db: database.db, now: NOW },
      { ...branch.scope, serviceId: service },
    );

    expect(estimate).toEqual({ seconds: 30 * 60, expectedStart: minutesFromNow(30) });
  });

  it("adds a lunch closure ahead to the wait of a visit that cannot end before it", async () => {
    // NOW is Tuesday 11:00 in Toronto; closed from 11:30 to 12:30.
    const branch = await createBranch(database.db, {
      hours: {
        ...NINE_TO_FIVE,
        tuesday: [
          { open: "09:00", closed: "11:30" },
          { open: "12:30", closed: "17:00" },
        ],
      },
    });
    const service = await branch.addService({ durationMinutes: 15 });
    await branch.addStaff();
    await branch.addVisitor({ serviceId: service, queuedAt: minutesFromNow(-1) });

    const estimate = await estimateWaitForNewVisitor(
      { db: database.db, now: NOW },
      { ...branch.scope, serviceId: service },
    );

    // 11:15–11:30 still fits; a third visitor would wait for 12:30.
    expect(estimate).toEqual({ seconds: 15 * 60, expectedStart: minutesFromNow(15) });
    await branch.addVisitor({ serviceId: service });
    const behind = await estimateWaitForNewVisitor(
      { db: database.db, now: NOW },
      { ...branch.scope, serviceId: service },
    );
    expect(behind).toEqual({ seconds: 90 * 60, expectedStart: minutesFromNow(90) });
  });

  it("quotes the shortest wait over the walk-in services when no service is named", async () => {
    const branch = await createBranch(database.db);
    const general = await branch.addService({ durationMinutes: 20 });
    const express = await branch.addService({ durationMinutes: 5 });
    await branch.addService({ durationMinutes: 5, supportsWalkin: false });
    await branch.addStaff({ serves: [general] });
    await branch.addStaff({ serves: [express] });
    await branch.addVisitor({ serviceId: general });
    await branch.addVisitor({ serviceId: express });

    const estimate = await estimateWaitForNewVisitor({ db: database.db, now: NOW }, branch.scope);

    expect(estimate).toEqual({ seconds: 5 * 60, expectedStart: minutesFromNow(5) });
  });

  it("answers null when nobody can serve: no staff, or a service the location does not offer", async () => {
    const branch = await createBranch(database.db);
    const service = await branch.addService();
    const elsewhere = await branch.addService({ offered: false });
    expect(await estimateWaitForNewVisitor({ db: database.db, now: NOW }, branch.scope)).toBeNull();

    await branch.addStaff();
    expect(
      await estimateWaitForNewVisitor(
        { db: database.db, now: NOW },
        { ...branch.scope, serviceId: elsewhere },
      ),
    ).toBeNull();
    expect(
      await estimateWaitForNewVisitor(
        { db: database.db, now: NOW },
        { ...branch.scope, serviceId: service },
      ),
    ).toEqual({ seconds: 0, expectedStart: NOW });
  });
});
