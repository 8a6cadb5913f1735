import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../test/test-database.ts";
import type { Database } from "../../db/client.ts";
import { estimateWaitForNewVisitor } from "./estimate-wait-for-new-visitor.ts";
import { createBranch, minutesFromNow, NOW } from "./wait-time-test-factory.ts";

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
