// The path of an event: a command writes it in its own transaction, the dispatcher hands it to each
// handler at least once, durable handlers have their effect exactly once, a batch a dead node held
// is taken over when its lease lapses, and a handler that keeps failing ends on the dead list.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createQueueScenario, type QueueScenario } from "../../../test/factories/queue-scenario.ts";
import { createStaffUser, signInAs } from "../../../test/factories/staff.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { openTestDatabase } from "../../../test/test-database.ts";
import { ROLES } from "../../shared/domain.ts";
import { executeRows } from "../db/client.ts";
import { domainEvents, queueAppointments } from "../db/schema.ts";
import { defineEventHandler, onceForEvent } from "../jobs/event-handler.ts";
import { changeQueueStatus } from "../queue/change-queue-status.ts";
import { joinQueue } from "../queue/join-queue.ts";
import { createEventDispatcher } from "./event-dispatcher.ts";
import type { DispatchedEvent } from "./outbox.ts";

const WAIT = { timeout: 20_000, interval: 50 };

describe("domain events: outbox → dispatcher → handlers", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  const live: DispatchedEvent[] = [];
  const durable: DispatchedEvent[] = [];
  let failLiveOnce = true;

  const countingHandler = defineEventHandler({
    name: "count-deliveries",
    version: 1,
    handles: ["queue_appointment.joined", "queue_appointment.cancelled"],
    delivery: "durable",
    payload: z.object({ locationId: z.number() }).loose(),
    async handle(event) {
      durable.push(event);
      await onceForEvent(t.db, countingHandler, event.id, async (tx) => {
        await tx.execute(
          sql`insert into delivery_counts (event_id, handler) values (${event.id}, 'count')`,
        );
      });
    },
  });
  const liveHandler = defineEventHandler({
    name: "record-live",
    version: 1,
    handles: ["queue_appointment.joined", "queue_appointment.cancelled"],
    delivery: "live",
    payload: z.record(z.string(), z.unknown()),
    async handle(event) {
      if (failLiveOnce && event.type === "queue_appointment.cancelled") {
        failLiveOnce = false;
        throw new Error("a live handler failing once");
      }
      live.push(event);
    },
  });
  const alwaysFailing = defineEventHandler({
    name: "always-failing",
    version: 1,
    handles: ["queue_appointment.no_show"],
    delivery: "durable",
    payload: z.record(z.string(), z.unknown()),
    async handle() {
      throw new Error("the receiving system is down");
    },
  });

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      deps: {
        extraEventHandlers: [countingHandler, liveHandler, alwaysFailing],
        jobRetry: { retryLimit: 2, retryDelay: 1, retryBackoff: false },
      },
    });
    await t.db.execute(
      sql`create table delivery_counts (event_id bigint not null, handler text not null)`,
    );
    s = await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  async function join(firstName = "Ola") {
    const vendor = (await t.app.caches.vendors.resolve("queue.localhost"))!;
    return joinQueue({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendor,
      locationId: s.location.id,
      serviceId: s.services.both.id,
      input: { first_name: firstName, last_name: "Nord", cell_phone: "+14155550111" },
      bookedThrough: "lobby",
      lang: "en",
      locale: "en",
      actor: { kind: "staff", userId: s.staff.id },
    });
  }

  /** Puts a handed-on event's row back, with the given lease. */
  const reinsert = (event: DispatchedEvent, leaseUntil: Date | null) =>
    t.db.execute(
      sql`insert into domain_events
            (id, vendor_id, type, aggregate_type, aggregate_id, payload, occurred_at, lease_until)
          overriding system value
          values (${event.id}, ${event.vendorId}, ${event.type}, ${event.aggregateType},
                  ${event.aggregateId}, ${JSON.stringify(event.payload)}::jsonb,
                  ${event.occurredAt.toISOString()}, ${leaseUntil?.toISOString() ?? null})`,
    );

  const countsOf = (eventId: number) =>
    executeRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from delivery_counts where event_id = ${eventId}`,
    ).then((rows) => rows[0]?.n ?? 0);

  /** The events of one queue appointment the live recorder has seen, in the order seen. */
  const liveOf = (id: number) => live.filter((event) => event.aggregateId === id);
  const durableOf = (id: number) => durable.filter((event) => event.aggregateId === id);

  it("writes a join's event in the join's own statement, with the place's location", async () => {
    const { id } = await join();
    await vi.waitFor(() => expect(liveOf(id)).toHaveLength(1), WAIT);
    expect(liveOf(id)).toMatchObject([
      {
        type: "queue_appointment.joined",
        aggregateType: "queue_appointment",
        vendorId: s.vendor.id,
        payload: { locationId: s.location.id, toStatus: "waiting" },
      },
    ]);
  });

  it("writes no event when the change is refused", async () => {
    const { id } = await join();
    const cancel = () =>
      changeQueueStatus({
        db: t.db,
        events: t.app.events,
        caches: t.app.caches,
        vendorId: s.vendor.id,
        queueAppointmentId: id,
        to: "cancelled",
        actor: { kind: "visitor" },
      });
    await cancel();
    await expect(cancel()).rejects.toThrow();
    await t.app.dispatcher.drain();
    await vi.waitFor(() => expect(durableOf(id)).toHaveLength(2), WAIT);
    // Durable jobs are worked in batches, not one after another: their order is not promised.
    expect(
      durableOf(id)
        .map((event) => event.type)
        .sort(),
    ).toEqual(["queue_appointment.cancelled", "queue_appointment.joined"]);
  });

  it("hands every event to live handlers in sequence, has each durable effect once, then lets it go", async () => {
    const { id } = await join("Sequence");
    await vi.waitFor(() => expect(durableOf(id)).toHaveLength(1), WAIT);
    const joined = durableOf(id)[0]!;
    await vi.waitFor(async () => expect(await countsOf(joined.id)).toBe(1), WAIT);
    await t.app.dispatcher.drain();
    const seen = live.map((event) => event.id);
    expect(seen).toContain(joined.id);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await t.db.select().from(domainEvents).where(eq(domainEvents.id, joined.id))).toEqual(
      [],
    );
  });

  it("goes on past a live handler that fails, and still queues the durable jobs", async () => {
    const { id } = await join("Failing live");
    await changeQueueStatus({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendorId: s.vendor.id,
      queueAppointmentId: id,
      to: "cancelled",
      actor: { kind: "visitor" },
    });
    await vi.waitFor(
      () =>
        expect(durableOf(id).map((event) => event.type)).toContain("queue_appointment.cancelled"),
      WAIT,
    );
    const cancelled = durableOf(id).find((event) => event.type === "queue_appointment.cancelled")!;
    await vi.waitFor(async () => expect(await countsOf(cancelled.id)).toBe(1), WAIT);
    expect(failLiveOnce).toBe(false);
  });

  it("dispatching an event again (its node died before deleting it) has no second effect", async () => {
    const { id } = await join("Twice");
    await vi.waitFor(() => expect(durableOf(id)).toHaveLength(1), WAIT);
    const joined = durableOf(id)[0]!;
    await vi.waitFor(async () => expect(await countsOf(joined.id)).toBe(1), WAIT);
    await t.app.dispatcher.drain();
    const liveBefore = liveOf(id).length;
    // The row back as it was before it was handed on, as if its node had died first.
    await reinsert(joined, null);
    t.app.dispatcher.wake();
    await t.app.dispatcher.drain();
    // Live handlers run at least once: again here. The durable effect stays single.
    expect(liveOf(id).length).toBe(liveBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await countsOf(joined.id)).toBe(1);
  });

  it("takes over a batch another node claimed once its lease has lapsed, not before", async () => {
    // A database of its own, so no other dispatcher reads it meanwhile.
    const database = await openTestDatabase();
    try {
      const vendor = await createVendor(database.db, {
        name: "Lease Bank",
        hosts: ["lease.localhost"],
      });
      const [event] = await executeRows<{ id: string }>(
        database.db,
        sql`insert into domain_events (vendor_id, type, aggregate_type, aggregate_id, payload, lease_until)
            values (${vendor.id}, 'queue_appointment.joined', 'queue_appointment', 1,
                    '{"locationId": 1}'::jsonb, now() + interval '1 hour')
            returning id`,
      );
      const eventId = Number(event!.id);
      const seenBy: number[] = [];
      const other = createEventDispatcher({
        db: database.db,
        handlers: [
          defineEventHandler({
            name: "second-node",
            version: 1,
            handles: ["queue_appointment.joined"],
            delivery: "live",
            payload: z.record(z.string(), z.unknown()),
            async handle(handed) {
              seenBy.push(handed.id);
            },
          }),
        ],
        jobs: null,
        log: t.app.log,
      });
      // As if a node had claimed it and died: a lease still running, then one that has run out.
      other.start();
      other.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seenBy).not.toContain(eventId);
      await database.db.execute(
        sql`update domain_events set lease_until = now() - interval '1 second' where id = ${eventId}`,
      );
      await vi.waitFor(() => expect(seenBy).toContain(eventId), WAIT);
      await other.stop();
    } finally {
      await database.close();
    }
  });

  it("retries a durable handler that keeps failing, then lists it as dead for platform admins only", async () => {
    const { id } = await join("No show");
    await t.db
      .update(queueAppointments)
      .set({ status: "in_progress" })
      .where(eq(queueAppointments.id, id));
    await changeQueueStatus({
      db: t.db,
      events: t.app.events,
      caches: t.app.caches,
      vendorId: s.vendor.id,
      queueAppointmentId: id,
      to: "no_show",
      actor: { kind: "staff", userId: s.staff.id },
    });
    // The only no-show of this file: its event fails every time.
    let noShowEventId: number | null = null;
    await vi.waitFor(
      async () => {
        const dead = await t.app.jobs.listDead();
        const job = dead.find((entry) => entry.eventType === "queue_appointment.no_show");
        expect(job).toMatchObject({
          queue: "event.always-failing.v1",
          attempts: 3,
          error: "the receiving system is down",
        });
        noShowEventId = job!.eventId;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(noShowEventId).toEqual(expect.any(Number));

    const platform = await createStaffUser(t.db, {
      vendorId: s.vendor.id,
      roleLevel: ROLES.platform_admin,
    });
    const admin = await createStaffUser(t.db, { vendorId: s.vendor.id, roleLevel: ROLES.admin });
    const asPlatform = await signInAs(t.app, platform, "queue.localhost");
    const asAdmin = await signInAs(t.app, admin, "queue.localhost");
    const list = (cookie: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/internal/v1/jobs/dead",
        headers: { host: "queue.localhost", cookie },
      });
    expect((await list(asAdmin.cookie)).statusCode).toBe(403);
    const listed = await list(asPlatform.cookie);
    expect(listed.statusCode).toBe(200);
    const entry = listed
      .json<{ data: { id: string; attributes: { event_id: number } }[] }>()
      .data.find((job) => job.attributes.event_id === noShowEventId);
    expect(entry).toBeDefined();

    const retry = () =>
      t.app.inject({
        method: "POST",
        url: `/api/internal/v1/jobs/dead/${entry!.id}/retry`,
        headers: {
          host: "queue.localhost",
          cookie: asPlatform.cookie,
          "x-csrf-token": asPlatform.csrfToken,
        },
      });
    expect((await retry()).statusCode).toBe(204);
    // It is back on its queue, no longer dead: a second retry finds nothing.
    const again = await retry();
    expect(again.statusCode).toBe(404);
  });
});
