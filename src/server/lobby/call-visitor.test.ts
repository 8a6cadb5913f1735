// PATCH /api/internal/v1/queue-appointments/{id} with `call`: a waiting visitor called to a desk
// (the status stays waiting), called again, put back uncalled, and started when they arrive.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { queueAppointments, queueEvents, userLocations } from "../db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  patchDocument,
  type StaffClient,
  staffClient,
} from "./lobby-test-world.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("calling a visitor from the lobby", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
  });
  afterAll(() => t.close());

  const waitingVisitor = () =>
    addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      serviceId: w.services.accounts.id,
      queuedAt: minutesAgo(15),
    });
  const patch = (api: StaffClient, id: number, attributes: Record<string, unknown>) =>
    api.patch(`/queue-appointments/${id}`, patchDocument(id, attributes));
  const rowOf = async (id: number) =>
    (await t.db.select().from(queueAppointments).where(eq(queueAppointments.id, id)))[0]!;
  const historyOf = async (id: number) =>
    (
      await t.db
        .select({ type: queueEvents.type, from: queueEvents.fromStatus, to: queueEvents.toStatus })
        .from(queueEvents)
        .where(eq(queueEvents.queueAppointmentId, id))
        .orderBy(asc(queueEvents.id))
    ).map((event) => `${event.type}:${event.from ?? ""}>${event.to}`);
  async function freshServer() {
    const server = await createServer(t.db, w);
    return { server, api: await staffClient(t.app, server, w.vendor.host) };
  }

  it("calls, recalls, and starts the meeting when the visitor arrives", async () => {
    const { server, api } = await freshServer();
    const visitor = await waitingVisitor();
    const counts = async () =>
      (await api.get(`/locations/${w.locations[0].id}/queue`)).json().meta.counts;
    const before = await counts();

    const called = await patch(api, visitor.id, { call: "call", desk: "Desk 3" });
    expect(called.statusCode, called.body).toBe(200);
    // The line's head counts list a called visitor apart from those still to be called.
    expect(await counts()).toEqual({
      waiting: before.waiting - 1,
      called: before.called + 1,
      in_progress: before.in_progress,
    });
    expect(called.json().data.attributes).toMatchObject({
      status: "waiting",
      user: { id: String(server.id) },
      call: { desk: "Desk 3", recall_count: 0 },
    });
    const firstCall = called.json().data.attributes.call.at;

    // A recall keeps the desk of the call, whatever desk the caller has on record.
    await t.db
      .update(userLocations)
      .set({ desk: "Desk 9" })
      .where(eq(userLocations.userId, server.id));
    const recalled = await patch(api, visitor.id, { call: "recall" });
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json().data.attributes.call).toMatchObject({
      at: firstCall,
      desk: "Desk 3",
      recall_count: 1,
    });

    const started = await patch(api, visitor.id, { status: "in_progress" });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.attributes).toMatchObject({
      status: "in_progress",
      called_at: firstCall,
      call: null,
    });
    const row = await rowOf(visitor.id);
    expect(row.calledAt?.toISOString()).toBe(firstCall);
    expect(row.startedAt).not.toBeNull();
    expect(await historyOf(visitor.id)).toEqual([
      "joined:>waiting",
      "called:waiting>waiting",
      "recalled:waiting>waiting",
      "started:waiting>in_progress",
    ]);
  });

  it("puts a called visitor back in line uncalled, at their place", async () => {
    const { api } = await freshServer();
    const visitor = await waitingVisitor();
    await patch(api, visitor.id, { call: "call" });
    const res = await patch(api, visitor.id, { call: "uncall" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ status: "waiting", call: null, user: null });
    const row = await rowOf(visitor.id);
    expect(row).toMatchObject({ calledAt: null, callDesk: null, recallCount: 0, userId: null });
    expect(row.queuedAt.getTime()).toBe(visitor.queuedAt.getTime());
    expect((await historyOf(visitor.id)).at(-1)).toBe("returned:waiting>waiting");
  });

  it("marks a called visitor who never came a no-show", async () => {
    const { api } = await freshServer();
    const visitor = await waitingVisitor();
    await patch(api, visitor.id, { call: "call" });
    const res = await patch(api, visitor.id, { status: "no_show" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(visitor.id)).calledAt).not.toBeNull();
  });

  it("refuses a call the visit's state does not allow (409), changing nothing", async () => {
    const { api } = await freshServer();
    const visitor = await waitingVisitor();
    expect((await patch(api, visitor.id, { call: "recall" })).statusCode).toBe(409);
    expect((await patch(api, visitor.id, { call: "uncall" })).statusCode).toBe(409);
    expect((await patch(api, visitor.id, { call: "call" })).statusCode).toBe(200);
    const again = await patch(api, visitor.id, { call: "call" });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].code).toBe("transition_not_allowed");
    const done = await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      serviceId: w.services.accounts.id,
      status: "completed",
    });
    expect((await patch(api, done.id, { call: "call" })).statusCode).toBe(409);
  });

  it("refuses a second call while the caller has a visitor called (409 already_serving)", async () => {
    const { api } = await freshServer();
    const first = await waitingVisitor();
    const second = await waitingVisitor();
    expect((await patch(api, first.id, { call: "call" })).statusCode).toBe(200);
    const res = await patch(api, second.id, { call: "call" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("already_serving");
    expect((await rowOf(second.id)).calledAt).toBeNull();
  });

  it("takes a call alone or with its desk (422 call_conflict), and a desk of one short line", async () => {
    const { api } = await freshServer();
    const visitor = await waitingVisitor();
    const withStatus = await patch(api, visitor.id, { call: "call", status: "in_progress" });
    expect(withStatus.statusCode).toBe(422);
    expect(withStatus.json().errors[0]).toMatchObject({
      code: "call_conflict",
      source: { pointer: "/data/attributes/status" },
    });
    const deskAlone = await patch(api, visitor.id, { desk: "Desk 1" });
    expect(deskAlone.statusCode).toBe(422);
    expect(deskAlone.json().errors[0]).toMatchObject({
      code: "call_conflict",
      source: { pointer: "/data/attributes/desk" },
    });
    const badDesk = await patch(api, visitor.id, { call: "call", desk: "" });
    expect(badDesk.statusCode).toBe(422);
    expect((await patch(api, visitor.id, { call: "ring" })).statusCode).toBe(422);
    expect((await rowOf(visitor.id)).calledAt).toBeNull();
  });

  it("lets no role without queue.serve call (403), and a kiosk not at all", async () => {
    const visitor = await waitingVisitor();
    const kiosk = await staffClient(t.app, w.staff[ROLES.kiosk], w.vendor.host);
    expect((await patch(kiosk, visitor.id, { call: "call" })).statusCode).toBe(403);
    expect((await rowOf(visitor.id)).calledAt).toBeNull();
  });
});
