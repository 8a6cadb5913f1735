// changeQueueStatus: the transition table holds (409 otherwise), each change stamps its times and
// writes a queue_events row, and "return to queue" puts the visitor back at their original place.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createQueueScenario, type QueueScenario } from "../../../test/factories/queue-scenario.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { QUEUE_STATUSES, type QueueStatus } from "../../shared/domain.ts";
import { QUEUE_TRANSITIONS } from "../../shared/queue/queue-transitions.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { changeQueueStatus } from "./change-queue-status.ts";
import { joinQueue } from "./join-queue.ts";

describe("changeQueueStatus", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  async function visitorIn(status: QueueStatus, queuedAt = new Date()) {
    const vendor = (await t.app.caches.vendors.resolve("queue.localhost"))!;
    const { id } = await joinQueue({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendor,
      locationId: s.location.id,
      serviceId: s.services.both.id,
      input: { first_name: "Lin", last_name: "Walk", cell_phone: "+14155550111" },
      bookedThrough: "lobby",
      lang: "en",
      locale: "en",
      actor: { kind: "staff", userId: s.staff.id },
    });
    await t.db
      .update(queueAppointments)
      .set({ status, queuedAt })
      .where(eq(queueAppointments.id, id));
    return id;
  }

  const change = (
    id: number,
    to: QueueStatus,
    extra: Partial<Parameters<typeof changeQueueStatus>[0]> = {},
  ) =>
    changeQueueStatus({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendorId: s.vendor.id,
      queueAppointmentId: id,
      to,
      actor: { kind: "staff", userId: s.staff.id },
      ...extra,
    });

  it("lets staff add a walk-in at the front desk, recorded as booked through the lobby", async () => {
    const id = await visitorIn("waiting");
    const [row] = await t.db.select().from(queueAppointments).where(eq(queueAppointments.id, id));
    expect(row).toMatchObject({ bookedThrough: "lobby", status: "waiting" });
    const [joined] = await t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, id));
    expect(joined).toMatchObject({ type: "joined", actorUserId: s.staff.id });
  });

  it("allows exactly the transitions of the table and answers 409 to every other", async () => {
    for (const from of QUEUE_STATUSES) {
      for (const to of QUEUE_STATUSES) {
        const id = await visitorIn(from);
        const allowed = QUEUE_TRANSITIONS[from].includes(to);
        const outcome = await change(id, to).then(
          () => "ok",
          (error: unknown) => (error instanceof AppError ? error.status : "other"),
        );
        expect(`${from}>${to}:${outcome}`).toBe(`${from}>${to}:${allowed ? "ok" : 409}`);
      }
    }
  });

  it("starting a meeting stamps started_at, the wait actually waited and the staff member", async () => {
    const queuedAt = new Date(Date.now() - 10 * 60_000);
    const id = await visitorIn("waiting", queuedAt);
    const now = new Date();
    const row = await change(id, "in_progress", { now });
    expect(row.startedAt?.getTime()).toBe(now.getTime());
    expect(row.actualWaitSeconds).toBe(600);
    expect(row.userId).toBe(s.staff.id);
    expect(row.expectedStart).toBeNull();
    const events = await t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, id));
    expect(events.at(-1)).toMatchObject({
      type: "started",
      fromStatus: "waiting",
      toStatus: "in_progress",
      actorUserId: s.staff.id,
    });
  });

  it("returning to the queue keeps the original place and clears the meeting", async () => {
    const queuedAt = new Date(Date.now() - 30 * 60_000);
    const id = await visitorIn("waiting", queuedAt);
    await change(id, "in_progress");
    const row = await change(id, "waiting");
    expect(row).toMatchObject({
      status: "waiting",
      startedAt: null,
      calledAt: null,
      userId: null,
      actualWaitSeconds: null,
    });
    expect(row.queuedAt.getTime()).toBe(queuedAt.getTime());
    const events = await t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, id));
    expect(events.at(-1)).toMatchObject({
      type: "returned",
      fromStatus: "in_progress",
      toStatus: "waiting",
    });
  });

  it("completing stamps ended_at", async () => {
    const id = await visitorIn("waiting");
    await change(id, "in_progress");
    const row = await change(id, "completed");
    expect(row.endedAt).toBeInstanceOf(Date);
  });

  it("has the location's learned durations dropped when a visit completes, and only then", async () => {
    // Earlier tests' completions are dispatched first, so only this test's changes are counted.
    await t.app.dispatcher.drain();
    const invalidate = vi.spyOn(t.app.caches, "invalidate");
    try {
      const id = await visitorIn("waiting");
      await change(id, "in_progress");
      expect(invalidate).not.toHaveBeenCalled();
      await change(id, "completed");
      // The command drops them at once; the completed event's handler does it again on every node.
      expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(new Set(invalidate.mock.calls.map((call) => JSON.stringify(call)))).toEqual(
        new Set([
          JSON.stringify([
            { entity: "visit-completed", vendorId: s.vendor.id, locationId: s.location.id },
          ]),
        ]),
      );
    } finally {
      invalidate.mockRestore();
    }
  });

  it("refuses when the row is no longer in the expected status (two desks calling one visitor)", async () => {
    const id = await visitorIn("waiting");
    await change(id, "in_progress", { expectedFrom: "waiting" });
    await expect(change(id, "in_progress", { expectedFrom: "waiting" })).rejects.toMatchObject({
      status: 409,
    });
  });

  it("does not find another vendor's appointment", async () => {
    const id = await visitorIn("waiting");
    await expect(change(id, "cancelled", { vendorId: s.other.vendor.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});
