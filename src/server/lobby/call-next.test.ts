// POST /api/internal/v1/locations/{id}/queue/next: calls the right visitor, respects the caller's
// services and locations, never gives one visitor to two staff members, and announces the change once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { WAIT_TIME_LOCK_CLASS } from "../db/advisory-locks.ts";
import { queueAppointments, queueEvents, userLocations } from "../db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  staffClient,
} from "./lobby-test-world.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("POST /locations/{id}/queue/next", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
  });
  afterAll(() => t.close());

  /** A fresh location of the world's vendor, so each test has a line of its own. */
  async function freshLine() {
    const world = await createLobbyWorld(t.db);
    return world;
  }

  const visitor = (world: LobbyWorld, options: Partial<Parameters<typeof addVisitor>[1]> = {}) =>
    addVisitor(t.db, {
      vendorId: world.vendor.id,
      locationId: world.locations[0].id,
      serviceId: world.services.accounts.id,
      ...options,
    });

  it("calls the first visitor in queue order to the caller's desk, still waiting, with an event", async () => {
    const world = await freshLine();
    const second = await visitor(world, { queuedAt: minutesAgo(5) });
    const first = await visitor(world, { queuedAt: minutesAgo(12), firstName: "Ada" });
    const server = await createServer(t.db, world);
    await t.db
      .update(userLocations)
      .set({ desk: "Desk 3" })
      .where(eq(userLocations.userId, server.id));
    const api = await staffClient(t.app, server, world.vendor.host);

    const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: String(first.id),
      attributes: {
        status: "waiting",
        client: { first_name: "Ada" },
        user: { id: String(server.id), full_name: "Role 10" },
        call: { desk: "Desk 3", recall_count: 0 },
      },
    });
    expect(data.attributes.call.at).toBe(data.attributes.called_at);
    const [row] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, first.id));
    expect(row).toMatchObject({ status: "waiting", userId: server.id, callDesk: "Desk 3" });
    expect(row!.calledAt).not.toBeNull();
    expect(row!.startedAt).toBeNull();
    const events = await t.db
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.queueAppointmentId, first.id), eq(queueEvents.type, "called")));
    expect(events).toMatchObject([
      { fromStatus: "waiting", toStatus: "waiting", actorUserId: server.id },
    ]);
    const [untouched] = await t.db
      .select({ status: queueAppointments.status, calledAt: queueAppointments.calledAt })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, second.id));
    expect(untouched).toEqual({ status: "waiting", calledAt: null });
  });

  it("calls to the desk named in the body, refuses a desk that is not one short line", async () => {
    const world = await freshLine();
    const first = await visitor(world, { queuedAt: minutesAgo(7) });
    const server = await createServer(t.db, world);
    const api = await staffClient(t.app, server, world.vendor.host);
    const url = `/locations/${world.locations[0].id}/queue/next`;
    const body = (desk: unknown) => ({ data: { type: "queue-calls", attributes: { desk } } });
    const refused = await api.post(url, body("Desk\n9"));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/desk" },
    });
    expect((await api.post(url, body("x".repeat(41)))).statusCode).toBe(422);
    const res = await api.post(url, body("  Counter 2 "));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: String(first.id),
      attributes: { call: { desk: "Counter 2" } },
    });
  });

  it("passes over a visitor a colleague has called", async () => {
    const world = await freshLine();
    const colleague = await createServer(t.db, world);
    const calledByColleague = await visitor(world, { queuedAt: minutesAgo(20) });
    const next = await visitor(world, { queuedAt: minutesAgo(10) });
    const server = await createServer(t.db, world);
    const url = `/locations/${world.locations[0].id}/queue/next`;
    const first = await (await staffClient(t.app, colleague, world.vendor.host)).post(url);
    expect(first.json().data.id).toBe(String(calledByColleague.id));
    const res = await (await staffClient(t.app, server, world.vendor.host)).post(url);
    expect(res.json().data.id).toBe(String(next.id));
  });

  it("passes over visitors for services the caller does not serve, and those assigned to a colleague", async () => {
    const world = await freshLine();
    const colleague = await createServer(t.db, world);
    await visitor(world, { queuedAt: minutesAgo(30), serviceId: world.services.loans.id });
    await visitor(world, { queuedAt: minutesAgo(20), userId: colleague.id });
    const mine = await visitor(world, { queuedAt: minutesAgo(10) });
    const tellerOfAccounts = await createServer(t.db, world, {
      serviceIds: [world.services.accounts.id],
    });
    const api = await staffClient(t.app, tellerOfAccounts, world.vendor.host);
    const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
    expect(res.json().data.id).toBe(String(mine.id));
  });

  it("takes a visitor assigned to the caller in their turn", async () => {
    const world = await freshLine();
    const server = await createServer(t.db, world);
    const assigned = await visitor(world, { queuedAt: minutesAgo(9), userId: server.id });
    const api = await staffClient(t.app, server, world.vendor.host);
    const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
    expect(res.json().data.id).toBe(String(assigned.id));
  });

  it("answers data null when nobody the caller can serve is waiting, and changes nothing", async () => {
    const world = await freshLine();
    const waiting = await visitor(world, { serviceId: world.services.loans.id });
    const server = await createServer(t.db, world, { serviceIds: [world.services.accounts.id] });
    const api = await staffClient(t.app, server, world.vendor.host);
    const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    const [row] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, waiting.id));
    expect(row!.status).toBe("waiting");
  });

  it("refuses with 409 already_serving while the caller has a visitor called or in progress", async () => {
    const world = await freshLine();
    const server = await createServer(t.db, world);
    const first = await visitor(world, { queuedAt: minutesAgo(8) });
    const next = await visitor(world, { queuedAt: minutesAgo(4) });
    const api = await staffClient(t.app, server, world.vendor.host);
    expect((await api.post(`/locations/${world.locations[0].id}/queue/next`)).statusCode).toBe(200);
    const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ code: "already_serving" });
    expect(res.json().errors[0].detail).toMatch(/already called or are serving/);
    const [row] = await t.db
      .select()
      .from(queueAppointments)
      .where(eq(queueAppointments.id, next.id));
    expect(row).toMatchObject({ status: "waiting", calledAt: null });
    // Started, the first visitor still keeps the caller busy.
    const started = await api.patch(`/queue-appointments/${first.id}`, {
      data: {
        id: String(first.id),
        type: "queue-appointments",
        attributes: { status: "in_progress" },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await api.post(`/locations/${world.locations[0].id}/queue/next`)).statusCode).toBe(409);
  });

  it("answers 404 for a location the staff member does not work at, and for another vendor's", async () => {
    const other = await createLobbyWorld(t.db);
    const server = await createServer(t.db, w);
    const api = await staffClient(t.app, server, w.vendor.host);
    expect((await api.post(`/locations/${w.locations[1].id}/queue/next`)).statusCode).toBe(404);
    expect((await api.post(`/locations/${other.locations[0].id}/queue/next`)).statusCode).toBe(404);
    expect((await api.post("/locations/abc/queue/next")).statusCode).toBe(404);
    // A manager may act at every location of their own vendor: another vendor's, with a visitor
    // waiting there, is still not found, and that visitor keeps waiting.
    const waiting = await addVisitor(t.db, {
      vendorId: other.vendor.id,
      locationId: other.locations[0].id,
      serviceId: other.services.accounts.id,
    });
    const manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    expect((await manager.post(`/locations/${other.locations[0].id}/queue/next`)).statusCode).toBe(
      404,
    );
    const [row] = await t.db
      .select({ status: queueAppointments.status })
      .from(queueAppointments)
      .where(eq(queueAppointments.id, waiting.id));
    expect(row?.status).toBe("waiting");
  });

  it("lets a manager call next at any location of the vendor", async () => {
    const world = await freshLine();
    const atSecond = await addVisitor(t.db, {
      vendorId: world.vendor.id,
      locationId: world.locations[1].id,
      serviceId: world.services.loans.id,
    });
    const api = await staffClient(t.app, world.staff[ROLES.manager], world.vendor.host);
    const res = await api.post(`/locations/${world.locations[1].id}/queue/next`);
    expect(res.json().data.id).toBe(String(atSecond.id));
  });

  it("recalculates the wait times and announces the change once", async () => {
    const world = await freshLine();
    await visitor(world, { queuedAt: minutesAgo(3) });
    await visitor(world, { queuedAt: minutesAgo(2) });
    const server = await createServer(t.db, world);
    const api = await staffClient(t.app, server, world.vendor.host);
    // Only this call's events: the line's earlier ones are handed on first.
    await t.app.dispatcher.drain();
    const changed: number[] = [];
    const recalculated: number[] = [];
    const off = [
      t.app.events.on("queueAppointmentChanged", (e) => changed.push(e.queueAppointmentId)),
      t.app.events.on("waitTimesRecalculated", (e) => recalculated.push(e.locationId)),
    ];
    try {
      const res = await api.post(`/locations/${world.locations[0].id}/queue/next`);
      await t.app.dispatcher.drain();
      expect(changed).toEqual([Number(res.json().data.id)]);
      expect(recalculated).toEqual([world.locations[0].id]);
    } finally {
      for (const stop of off) stop();
    }
  });

  it("never gives one visitor to two staff members: 20 calling at once on a line of 10", async () => {
    const world = await freshLine();
    const line = [];
    for (let i = 0; i < 10; i++) line.push(await visitor(world, { queuedAt: minutesAgo(40 - i) }));
    const servers = [];
    for (let i = 0; i < 20; i++) servers.push(await createServer(t.db, world));
    const clients = await Promise.all(
      servers.map((server) => staffClient(t.app, server, world.vendor.host)),
    );
    const answers = await Promise.all(
      clients.map((api) => api.post(`/locations/${world.locations[0].id}/queue/next`)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const taken = answers.map((res) => res.json().data?.id).filter((id) => id !== undefined);
    expect(taken).toHaveLength(10);
    expect(new Set(taken).size).toBe(10);
    expect(new Set(taken)).toEqual(new Set(line.map((row) => String(row.id))));
    const starts = await t.db
      .select({ id: queueEvents.queueAppointmentId, actor: queueEvents.actorUserId })
      .from(queueEvents)
      .innerJoin(queueAppointments, eq(queueAppointments.id, queueEvents.queueAppointmentId))
      .where(
        and(
          eq(queueAppointments.locationId, world.locations[0].id),
          eq(queueEvents.type, "called"),
        ),
      );
    expect(starts).toHaveLength(10);
    expect(new Set(starts.map((s) => s.actor)).size).toBe(10);
  });

  // PGlite has one connection: a transaction held open there would stop the call itself.
  it.runIf(process.env.DATABASE_URL)(
    "waits for a wait-time recalculation in flight rather than passing over the visitor at the front",
    async () => {
      const world = await freshLine();
      const locationId = world.locations[0].id;
      const first = await visitor(world, { queuedAt: minutesAgo(6) });
      await visitor(world, { queuedAt: minutesAgo(3) });
      const server = await createServer(t.db, world);
      const api = await staffClient(t.app, server, world.vendor.host);
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let signalLocked!: () => void;
      const locked = new Promise<void>((resolve) => {
        signalLocked = resolve;
      });
      // What a recalculation does: the location's lock, then expected starts written, row by row.
      const recalculation = t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${WAIT_TIME_LOCK_CLASS}, ${locationId})`);
        await tx
          .update(queueAppointments)
          .set({ expectedStart: new Date() })
          .where(eq(queueAppointments.id, first.id));
        signalLocked();
        await released;
      });
      await locked;
      const call = api.post(`/locations/${locationId}/queue/next`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await recalculation;
      const res = await call;
      expect(res.json().data.id).toBe(String(first.id));
    },
  );
});
