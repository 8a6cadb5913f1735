// "Almost your turn" counts the people ahead as the visitor's page does (place-in-line.ts): an
// earlier visitor of a slower lane, seen later, is not ahead, and the message says the same count.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-database.ts";
import type { Database } from "../db/client.ts";
import { clients, locations, messages, queueAppointments } from "../db/schema.ts";
import { createBranch, minutesFromNow, NOW } from "../queue/wait-time/wait-time-test-factory.ts";
import { queueAlmostTurnMessages, readLine } from "./almost-turn.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const site = { publicUrl: "https://line.example.com", defaultVendor: "demo" };

describe("almost your turn", () => {
  it("tells the visitors nobody is ahead of, not counting an earlier one of a slower lane", async () => {
    const branch = await createBranch(database.db);
    const slowService = await branch.addService({ durationMinutes: 60 });
    const quickService = await branch.addService({ durationMinutes: 10 });
    // Told only when nobody is ahead (and never by the minutes alone).
    await database.db
      .update(locations)
      .set({ notificationSettings: { almost_turn_people: 0, almost_turn_minutes: 0 } })
      .where(eq(locations.id, branch.locationId));
    const visitor = async (serviceId: number, queuedMinute: number, startMinute: number) => {
      const id = await branch.addVisitor({
        serviceId,
        queuedAt: minutesFromNow(queuedMinute),
        expectedStart: minutesFromNow(startMinute),
      });
      await confirm(id);
      return id;
    };
    const slow = await visitor(slowService, -9, 40); // the only desk for it is busy for a while
    const quick = await visitor(quickService, -8, 5); // joined later, seen sooner at another desk
    const next = await visitor(quickService, -7, 15); // behind `quick` at that desk
    // Called to a desk meanwhile: ahead of nobody.
    const called = await branch.addVisitor({
      serviceId: quickService,
      queuedAt: minutesFromNow(-10),
      expectedStart: minutesFromNow(0),
      calledAt: minutesFromNow(-1),
    });

    const read = await readLine(database.db, branch.scope);
    expect(read?.line.map((place) => [place.id, place.ahead])).toEqual([
      [slow, 0],
      [quick, 0], // second in queue order, but `slow` is seen after them
      [next, 1],
    ]);

    const queued = await queueAlmostTurnMessages(database.db, { ...branch.scope, site, now: NOW });
    expect(queued).toBe(2);
    const told = await database.db
      .select({ visitId: messages.queueAppointmentId, body: messages.body })
      .from(messages)
      .where(
        and(
          inArray(messages.queueAppointmentId, [slow, quick, next, called]),
          eq(messages.kind, "almost_turn"),
        ),
      );
    expect(told.map((message) => message.visitId).sort()).toEqual([slow, quick].sort());
    // The message's count is the page's.
    expect(told.find((message) => message.visitId === quick)?.body).toContain("0 ahead of you");
  });
});

/** The visitor has an address, and their confirmation went out: only then are they told more. */
async function confirm(visitId: number) {
  const [visit] = await database.db
    .select({
      vendorId: queueAppointments.vendorId,
      locationId: queueAppointments.locationId,
      clientId: queueAppointments.clientId,
    })
    .from(queueAppointments)
    .where(eq(queueAppointments.id, visitId));
  const email = `visitor-${visitId}@example.com`;
  await database.db.update(clients).set({ email }).where(eq(clients.id, visit!.clientId));
  await database.db.insert(messages).values({
    vendorId: visit!.vendorId,
    locationId: visit!.locationId,
    queueAppointmentId: visitId,
    direction: "outbound",
    channel: "email",
    kind: "joined",
    recipient: email,
    body: "You are in line.",
    status: "sent",
    dedupeKey: `event:${visitId}:joined:email`,
  });
}
