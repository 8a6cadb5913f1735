// PATCH /api/internal/v1/queue-appointments/{id}: only the transition table's changes (409 otherwise),
// the same stamps as changeQueueStatus, meeting link and dial-in, assignment, arrival, and refusals.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { QUEUE_STATUSES, type QueueStatus, ROLES } from "../../shared/domain.ts";
import { QUEUE_TRANSITIONS } from "../../shared/queue/queue-transitions.ts";
import { queueAppointments, queueEvents } from "../db/schema.ts";
import { changeQueueStatus } from "../queue/change-queue-status.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  patchDocument,
  type StaffClient,
  staffClient,
  type VisitorOptions,
} from "./lobby-test-world.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("PATCH /queue-appointments/{id}", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;
  let teller: StaffClient;
  let tellerId: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
    tellerId = w.staff[ROLES.staff].id;
    teller = await staffClient(t.app, w.staff[ROLES.staff], w.vendor.host);
  });
  afterAll(() => t.close());

  /** A visitor at the first location in a given status; in progress means served by `userId`. */
  const visitorIn = (status: QueueStatus, options: Partial<VisitorOptions> = {}) =>
    addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      serviceId: w.services.accounts.id,
      status,
      queuedAt: minutesAgo(15),
      ...(status === "in_progress"
        ? { startedAt: minutesAgo(5), userId: options.userId ?? null }
        : {}),
      ...options,
    });
  const patch = (api: StaffClient, id: number, attributes: Record<string, unknown>) =>
    api.patch(`/queue-appointments/${id}`, patchDocument(id, attributes));
  const rowOf = async (id: number) =>
    (await t.db.select().from(queueAppointments).where(eq(queueAppointments.id, id)))[0]!;

  it("allows exactly the transitions of the table and answers 409 to every other, changing nothing", async () => {
    // A manager, so starting a meeting is never refused for serving someone else already.
    const manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    for (const from of QUEUE_STATUSES) {
      for (const to of QUEUE_STATUSES) {
        const row = await visitorIn(from, { userId: from === "in_progress" ? tellerId : null });
        const res = await patch(manager, row.id, { status: to });
        const allowed = QUEUE_TRANSITIONS[from].includes(to);
        expect(`${from}>${to}:${res.statusCode}`).toBe(`${from}>${to}:${allowed ? 200 : 409}`);
        if (allowed) {
          expect(res.json().data.attributes.status).toBe(to);
          await t.db
            .update(queueAppointments)
            .set({ status: "completed" })
            .where(eq(queueAppointments.id, row.id));
        } else {
          expect(res.json().errors[0].code).toMatch(/transition_not_allowed|already_cancelled/);
          expect((await rowOf(row.id)).status).toBe(from);
        }
      }
    }
  });

  it("stamps each change exactly as changeQueueStatus does, with a queue event naming the caller", async () => {
    const transitions: [QueueStatus, QueueStatus][] = [
      ["waiting", "in_progress"],
      ["waiting", "no_show"],
      ["waiting", "cancelled"],
      ["in_progress", "completed"],
      ["in_progress", "waiting"],
      ["in_progress", "no_show"],
    ];
    const columns = (row: typeof queueAppointments.$inferSelect, since: Date) => ({
      status: row.status,
      queuedAt: row.queuedAt.getTime() - since.getTime(),
      userId: row.userId === null ? null : "set",
      startedAt: row.startedAt === null ? null : "set",
      calledAt: row.calledAt === null ? null : "set",
      endedAt: row.endedAt === null ? null : "set",
      expectedStart: row.expectedStart,
      actualWaitSeconds: row.actualWaitSeconds === null ? null : "set",
    });
    for (const [from, to] of transitions) {
      const queuedAt = minutesAgo(20);
      const viaLobby = await visitorIn(from, {
        queuedAt,
        userId: from === "in_progress" ? tellerId : null,
      });
      const viaCommand = await visitorIn(from, {
        queuedAt,
        userId: from === "in_progress" ? tellerId : null,
      });
      const server = await createServer(t.db, w);
      const api = await staffClient(t.app, server, w.vendor.host);
      expect((await patch(api, viaLobby.id, { status: to })).statusCode).toBe(200);
      await changeQueueStatus({
        db: t.db,
        events: t.app.events,
        caches: t.app.caches,
        vendorId: w.vendor.id,
        queueAppointmentId: viaCommand.id,
        to,
        actor: { kind: "staff", userId: server.id },
      });
      expect(columns(await rowOf(viaLobby.id), queuedAt), `${from}>${to}`).toEqual(
        columns(await rowOf(viaCommand.id), queuedAt),
      );
      const [event] = await t.db
        .select()
        .from(queueEvents)
        .where(
          and(
            eq(queueEvents.queueAppointmentId, viaLobby.id),
            eq(queueEvents.fromStatus, from),
            eq(queueEvents.toStatus, to),
          ),
        );
      expect(event).toMatchObject({ fromStatus: from, actorUserId: server.id });
    }
  });

  it("returns a called visitor to their original place in the line", async () => {
    const first = await visitorIn("in_progress", { queuedAt: minutesAgo(50), userId: tellerId });
    const res = await patch(teller, first.id, { status: "waiting" });
    expect(res.json().data.attributes).toMatchObject({
      status: "waiting",
      position: 1,
      user: null,
    });
    expect((await rowOf(first.id)).queuedAt.getTime()).toBe(first.queuedAt.getTime());
  });

  it("has the location's learned durations dropped when a visit is completed, and only then", async () => {
    const visit = await visitorIn("in_progress", { userId: tellerId });
    // Earlier tests' completions are dispatched first, so only this test's changes are counted.
    await t.app.dispatcher.drain();
    const invalidate = vi.spyOn(t.app.caches, "invalidate");
    try {
      expect((await patch(teller, visit.id, { arrived: true })).statusCode).toBe(200);
      expect(invalidate).not.toHaveBeenCalled();
      expect((await patch(teller, visit.id, { status: "completed" })).statusCode).toBe(200);
      // The command drops them at once; the completed event's handler does it again on every node.
      expect(invalidate.mock.calls.length).toBeGreaterThanOrEqual(1);
      expect(new Set(invalidate.mock.calls.map((call) => JSON.stringify(call)))).toEqual(
        new Set([
          JSON.stringify([
            { entity: "visit-completed", vendorId: w.vendor.id, locationId: w.locations[0].id },
          ]),
        ]),
      );
    } finally {
      invalidate.mockRestore();
    }
  });

  it("starts a meeting with the caller, or with the staff member named", async () => {
    const own = await visitorIn("waiting");
    const server = await createServer(t.db, w);
    const api = await staffClient(t.app, server, w.vendor.host);
    const res = await patch(api, own.id, { status: "in_progress" });
    expect(res.json().data.attributes.user).toEqual({
      id: String(server.id),
      full_name: "Role 10",
    });

    const named = await visitorIn("waiting");
    const colleague = await createServer(t.db, w);
    const lead = await staffClient(t.app, w.staff[ROLES.staff_plus], w.vendor.host);
    const started = await patch(lead, named.id, { status: "in_progress", user_id: colleague.id });
    expect(started.statusCode, started.body).toBe(200);
    expect((await rowOf(named.id)).userId).toBe(colleague.id);
    const [event] = await t.db
      .select()
      .from(queueEvents)
      .where(and(eq(queueEvents.queueAppointmentId, named.id), eq(queueEvents.type, "started")));
    expect(event!.actorUserId).toBe(w.staff[ROLES.staff_plus].id);
  });

  it("refuses to start a second meeting for someone already serving (409 already_serving)", async () => {
    const server = await createServer(t.db, w);
    await visitorIn("in_progress", { userId: server.id });
    const other = await visitorIn("waiting");
    const api = await staffClient(t.app, server, w.vendor.host);
    const res = await patch(api, other.id, { status: "in_progress" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].code).toBe("already_serving");
    expect((await rowOf(other.id)).status).toBe("waiting");
  });

  it("sets a video visit's meeting link and dial-in, written in international form, and clears them", async () => {
    const video = await visitorIn("in_progress", { meetingMethod: 3, userId: tellerId });
    const res = await patch(teller, video.id, {
      meeting_link: "https://meet.example.com/abc-defg",
      dial_in: { e164: "+1 (416) 555-0199", pin: "1234#" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      meeting_link: "https://meet.example.com/abc-defg",
      dial_in: { e164: "+14165550199", international: "+1 416 555 0199", pin: "1234#" },
    });
    const cleared = await patch(teller, video.id, { meeting_link: null, dial_in: null });
    expect(cleared.json().data.attributes).toMatchObject({ meeting_link: null, dial_in: null });
  });

  it("refuses bad links, numbers and PINs with 422 pointing at the field, changing nothing", async () => {
    const phone = await visitorIn("waiting", { meetingMethod: 2 });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { meeting_link: "http://meet.example.com/x" },
        "/data/attributes/meeting_link",
        "Lobby.meeting_link_invalid",
      ],
      [
        { meeting_link: "javascript:alert(1)" },
        "/data/attributes/meeting_link",
        "Lobby.meeting_link_invalid",
      ],
      [
        { meeting_link: "https://meet.example.com/x\u0000" },
        "/data/attributes/meeting_link",
        "Lobby.meeting_link_invalid",
      ],
      [
        { meeting_link: "https://meet.example.com/a\nb" },
        "/data/attributes/meeting_link",
        "Lobby.meeting_link_invalid",
      ],
      [
        { dial_in: { e164: "4165550199" } },
        "/data/attributes/dial_in/e164",
        "CallbackService.phone_plus",
      ],
      [
        { dial_in: { e164: "+12" } },
        "/data/attributes/dial_in/e164",
        "CallbackService.phone_invalid",
      ],
      [
        { dial_in: { e164: "+14165550199", pin: "12 ab" } },
        "/data/attributes/dial_in/pin",
        "Lobby.dial_in_pin_invalid",
      ],
      [{ colour: "red" }, "/data/attributes/colour", "Errors.unknown_field"],
      [{}, "/data/attributes", "Errors.required"],
      [{ status: "served" }, "/data/attributes/status", "Errors.invalid_value"],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await patch(teller, phone.id, attributes);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(
        res.json().errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer),
      ).toContain(pointer);
    }
    const row = await rowOf(phone.id);
    expect(row).toMatchObject({ meetingLink: null, dialIn: null, status: "waiting" });
  });

  it("gives the refusal in the caller's language", async () => {
    const phone = await visitorIn("waiting", { meetingMethod: 2 });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/queue-appointments/${phone.id}?lang=fr`,
      headers: await signedHeaders(),
      payload: patchDocument(phone.id, { meeting_link: "ftp://x" }),
    });
    expect(res.json().errors[0].detail).toBe("Saisissez un lien complet commençant par https://");
  });

  async function signedHeaders() {
    const session = await signInAs(t.app, w.staff[ROLES.staff], w.vendor.host);
    return { host: w.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
  }

  it("refuses a meeting link for an in-person visit (422 remote_only)", async () => {
    const inPerson = await visitorIn("waiting", { meetingMethod: 1 });
    const res = await patch(teller, inPerson.id, { meeting_link: "https://meet.example.com/x" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "remote_only",
      source: { pointer: "/data/attributes/meeting_link" },
    });
  });

  it("assigns a waiting visitor to a staff member of the location, and refuses one who works elsewhere", async () => {
    const waiting = await visitorIn("waiting");
    const lead = await staffClient(t.app, w.staff[ROLES.staff_plus], w.vendor.host);
    const here = await createServer(t.db, w);
    const res = await patch(lead, waiting.id, { user_id: String(here.id) });
    expect(res.json().data.attributes).toMatchObject({
      status: "waiting",
      user: { id: String(here.id) },
    });

    const elsewhere = await createServer(t.db, w, { locationIds: [w.locations[1].id] });
    const refused = await patch(lead, waiting.id, { user_id: elsewhere.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: "staff_cannot_serve_here",
      source: { pointer: "/data/attributes/user_id" },
    });
    const kiosk = await patch(lead, waiting.id, { user_id: w.staff[ROLES.kiosk].id });
    expect(kiosk.statusCode).toBe(422);
    expect((await rowOf(waiting.id)).userId).toBe(here.id);
  });

  it("lets staff take a visitor for themselves but not assign someone else (403 below Staff Plus)", async () => {
    const waiting = await visitorIn("waiting");
    expect((await patch(teller, waiting.id, { user_id: tellerId })).statusCode).toBe(200);
    const other = await createServer(t.db, w);
    expect((await patch(teller, waiting.id, { user_id: other.id })).statusCode).toBe(403);
    expect((await patch(teller, waiting.id, { user_id: null })).statusCode).toBe(403);
  });

  it("needs a server for a visit in progress (422 server_required)", async () => {
    const serving = await visitorIn("in_progress", { userId: tellerId });
    const lead = await staffClient(t.app, w.staff[ROLES.staff_plus], w.vendor.host);
    const res = await patch(lead, serving.id, { user_id: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("server_required");
  });

  it("marks a curbside visitor arrived, and undoes it", async () => {
    const car = { make: "Volvo", model: "V70", colour: "Blue" };
    const curbside = await visitorIn("waiting", { fulfillmentMethod: 2, carDetails: car });
    const res = await patch(teller, curbside.id, { arrived: true });
    expect(res.json().data.attributes.arrived_at).not.toBeNull();
    expect(res.json().data.attributes.car_details).toEqual({ ...car, parking_space: null });
    const undone = await patch(teller, curbside.id, { arrived: false });
    expect(undone.json().data.attributes.arrived_at).toBeNull();
  });

  it("keeps a visit that has ended as it was (409)", async () => {
    const done = await visitorIn("completed", { meetingMethod: 3, endedAt: minutesAgo(1) });
    const res = await patch(teller, done.id, { meeting_link: "https://meet.example.com/late" });
    expect(res.statusCode).toBe(409);
    expect((await rowOf(done.id)).meetingLink).toBeNull();
  });

  it("answers 409 when the document's id is not the path's", async () => {
    const row = await visitorIn("waiting");
    const res = await teller.patch(
      `/queue-appointments/${row.id}`,
      patchDocument(row.id + 1, { arrived: true }),
    );
    expect(res.statusCode).toBe(409);
  });

  it("answers 404 for a visit at a location the caller does not work at, or of another vendor", async () => {
    const elsewhere = await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[1].id,
      serviceId: w.services.accounts.id,
    });
    expect((await patch(teller, elsewhere.id, { status: "no_show" })).statusCode).toBe(404);
    const other = await createLobbyWorld(t.db);
    const foreign = await addVisitor(t.db, {
      vendorId: other.vendor.id,
      locationId: other.locations[0].id,
      serviceId: other.services.accounts.id,
    });
    expect((await patch(teller, foreign.id, { status: "no_show" })).statusCode).toBe(404);
    expect((await rowOf(foreign.id)).status).toBe("waiting");
    expect(
      (
        await teller.patch(
          "/queue-appointments/9999999999",
          patchDocument(9999999999, { arrived: true }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it("recalculates wait times and announces each change once", async () => {
    const row = await visitorIn("in_progress", { userId: tellerId, meetingMethod: 3 });
    // Only this change's events: the visitor's own join is handed on first.
    await t.app.dispatcher.drain();
    const changed: number[] = [];
    const recalculated: number[] = [];
    const off = [
      t.app.events.on("queueAppointmentChanged", (e) => changed.push(e.queueAppointmentId)),
      t.app.events.on("waitTimesRecalculated", (e) => recalculated.push(e.locationId)),
    ];
    try {
      await patch(teller, row.id, {
        status: "completed",
        meeting_link: "https://meet.example.com/x",
      });
      await t.app.dispatcher.drain();
      expect(changed).toEqual([row.id]);
      expect(recalculated).toEqual([w.locations[0].id]);
    } finally {
      for (const stop of off) stop();
    }
  });
});
