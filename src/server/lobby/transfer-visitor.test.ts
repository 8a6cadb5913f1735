// POST /api/internal/v1/queue-appointments/{id}/transfer: a waiting visitor moves to another service
// or location's line, keeping their place by arrival time; the ticket is kept at the same location
// and taken afresh at another; both lines are recalculated; every refusal changes nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService } from "../../../test/factories/services.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { domainEvents, queueAppointments, queueEvents, services } from "../db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  type LobbyWorld,
  type StaffClient,
  staffClient,
  type VisitorOptions,
} from "./lobby-test-world.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("POST /queue-appointments/{id}/transfer", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let manager: StaffClient;
  let advanced: StaffClient;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    advanced = await staffClient(t.app, w.staff[ROLES.staff_advanced], w.vendor.host);
  });
  afterAll(() => t.close());

  const visitor = (options: Partial<VisitorOptions> = {}) =>
    addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      serviceId: w.services.accounts.id,
      queuedAt: minutesAgo(30),
      ...options,
    });
  const transfer = (api: StaffClient, id: number, locationId: number, serviceId: number) =>
    api.post(`/queue-appointments/${id}/transfer`, {
      data: {
        type: "queue-appointment-transfers",
        attributes: { location_id: String(locationId), service_id: String(serviceId) },
      },
    });
  const rowOf = async (id: number) =>
    (await t.db.select().from(queueAppointments).where(eq(queueAppointments.id, id)))[0]!;

  it("moves a visitor to another location's line by arrival time, with a ticket of that line, and recalculates both", async () => {
    const [from, to] = w.locations;
    // Someone who joined the target line after the visitor: the visitor goes ahead of them.
    await visitor({ locationId: to.id, serviceId: w.services.loans.id, queuedAt: minutesAgo(10) });
    const moving = await visitor({ firstName: "Mover" });
    await t.db
      .update(queueAppointments)
      .set({ ticket: "A-009" })
      .where(eq(queueAppointments.id, moving.id));
    const recalculated: number[] = [];
    const off = t.app.events.on("waitTimesRecalculated", (e) => recalculated.push(e.locationId));

    const response = await transfer(manager, moving.id, to.id, w.services.loans.id);
    off();
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json().data;
    expect(entry.attributes).toMatchObject({
      status: "waiting",
      location_id: String(to.id),
      service: { id: String(w.services.loans.id), name: "Loans" },
      position: 1,
      queued_at: moving.queuedAt.toISOString(),
    });
    // Its number may already be someone's at the other location: it takes that line's next.
    expect(entry.attributes.ticket).toMatch(/^A-\d{3}$/);
    expect(entry.attributes.ticket).not.toBe("A-009");
    expect(recalculated).toEqual(expect.arrayContaining([from.id, to.id]));

    const history = await t.db
      .select({ type: queueEvents.type, actor: queueEvents.actorUserId })
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, moving.id));
    expect(history).toContainEqual({ type: "transferred", actor: w.staff[ROLES.manager].id });
    const [event] = await t.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.aggregateId, moving.id),
          eq(domainEvents.type, "queue_appointment.transferred"),
        ),
      );
    // Handed on at once (live handlers) or still in the outbox: when still there, it names both lines.
    if (event) expect(event.payload).toMatchObject({ locationId: to.id, fromLocationId: from.id });

    const line = (await manager.get(`/locations/${to.id}/queue`)).json();
    expect(line.data.map((e: { id: string }) => e.id)[0]).toBe(String(moving.id));
    const old = (await manager.get(`/locations/${from.id}/queue`)).json();
    expect(old.data.map((e: { id: string }) => e.id)).not.toContain(String(moving.id));
  });

  it("keeps the ticket and the place when the visitor only changes service at the location", async () => {
    const moving = await visitor();
    await t.db
      .update(queueAppointments)
      // Called to a desk of the old line, and recalled once.
      .set({
        ticket: "A-042",
        userId: w.staff[ROLES.staff].id,
        calledAt: new Date(),
        callDesk: "Desk 3",
        recallCount: 1,
        recalledAt: new Date(),
      })
      .where(eq(queueAppointments.id, moving.id));
    const response = await transfer(advanced, moving.id, w.locations[0].id, w.services.loans.id);
    expect(response.statusCode, response.body).toBe(200);
    const row = await rowOf(moving.id);
    expect(row).toMatchObject({
      locationId: w.locations[0].id,
      serviceId: w.services.loans.id,
      ticket: "A-042",
      queuedAt: moving.queuedAt,
      // The assignment and the call were for the old service's line.
      userId: null,
      calledAt: null,
      callDesk: null,
      recallCount: 0,
      recalledAt: null,
    });
  });

  it("refuses what it may not do, changing nothing", async () => {
    const [here, there] = w.locations;
    const waiting = await visitor();
    const teller = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
    const onlyHere = await createService(t.db, w.vendor.id, {
      locationIds: [here.id],
      name: "Safe deposit",
    });
    const noPhone = await createService(t.db, w.vendor.id, {
      locationIds: [here.id, there.id],
      name: "Notary",
    });
    await t.db.update(services).set({ supportsPhone: false }).where(eq(services.id, noPhone.id));
    const phoning = await visitor({ meetingMethod: 2 });
    const started = await visitor({ status: "in_progress", startedAt: minutesAgo(1) });
    const elsewhere = await visitor({ locationId: there.id });

    const cases: [StaffClient, number, number, number, number, string | null][] = [
      // No queue.transfer below Staff advanced.
      [teller, waiting.id, here.id, w.services.loans.id, 403, null],
      // A visitor of a line the caller does not work at is not found; a line elsewhere is refused.
      [advanced, elsewhere.id, there.id, w.services.loans.id, 404, null],
      [advanced, waiting.id, there.id, w.services.loans.id, 422, "location_unknown"],
      [manager, waiting.id, 999_999, w.services.loans.id, 422, "location_unknown"],
      [manager, started.id, there.id, w.services.loans.id, 409, "not_waiting"],
      [manager, waiting.id, here.id, w.services.accounts.id, 422, "same_line"],
      [manager, waiting.id, there.id, onlyHere.id, 422, "service_unavailable"],
      [manager, phoning.id, there.id, noPhone.id, 422, "service_unavailable"],
    ];
    for (const [api, id, locationId, serviceId, status, code] of cases) {
      const before = await rowOf(id);
      const response = await transfer(api, id, locationId, serviceId);
      const label = `${id} → ${locationId}/${serviceId}`;
      expect(response.statusCode, label).toBe(status);
      if (code) {
        const error = response.json().errors[0];
        expect(error.code, label).toBe(code);
        expect(error.detail, label).toBeTruthy();
      }
      expect(await rowOf(id), label).toEqual(before);
    }
    const malformed = await manager.post(`/queue-appointments/${waiting.id}/transfer`, {
      data: { type: "queue-appointment-transfers", attributes: { location_id: "x" } },
    });
    expect(malformed.statusCode).toBe(422);
  });
});
