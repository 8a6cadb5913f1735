// Contract of GET /api/v2/open/locations/{id}/board: who is served where, who is next, the wait;
// only in-person walk-ins of lobby services; names as first name and last initial, or tickets only
// as the vendor's board setting says; vendor-scoped.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createService } from "../../../test/factories/services.ts";
import { createLocation } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { queueAppointments, services, userLocations, users, vendors } from "../db/schema.ts";
import {
  addVisitor,
  createLobbyWorld,
  createServer,
  type LobbyWorld,
  patchDocument,
  staffClient,
} from "../lobby/lobby-test-world.ts";
import { BOARD_ROWS } from "./load-location-board.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("GET /api/v2/open/locations/{id}/board", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let w: LobbyWorld;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    w = await createLobbyWorld(t.db);
  });
  afterAll(() => t.close());

  const board = (locationId: number | string, host = w.vendor.host) =>
    t.app.inject({
      url: `/api/v2/open/locations/${locationId}/board`,
      headers: { host },
      remoteAddress: nextRemoteAddress(),
    });

  /** A location of its own, so each test reads a line nobody else writes to. */
  const freshLocation = async () => {
    const location = await createLocation(t.db, w.vendor.id, { name: "Board Branch" });
    const service = await createService(t.db, w.vendor.id, {
      locationIds: [location.id],
      name: "Accounts",
    });
    return { location, service };
  };

  it("shows who is served at which desk, newest call first, and who is next in line order", async () => {
    const { location, service } = await freshLocation();
    const deskServer = await createServer(t.db, w, { locationIds: [location.id] });
    await t.db
      .update(users)
      .set({ firstName: "Sam", lastName: "Taylor" })
      .where(eq(users.id, deskServer.id));
    await t.db
      .update(userLocations)
      .set({ desk: "Desk 1" })
      .where(
        and(eq(userLocations.userId, deskServer.id), eq(userLocations.locationId, location.id)),
      );
    const roamer = await createServer(t.db, w, { locationIds: [location.id] });
    await t.db
      .update(users)
      .set({ firstName: "Morgan", lastName: "reid" })
      .where(eq(users.id, roamer.id));
    const base = { vendorId: w.vendor.id, locationId: location.id, serviceId: service.id };
    await addVisitor(t.db, {
      ...base,
      status: "in_progress",
      firstName: "Ada",
      lastName: "Lovelace",
      userId: deskServer.id,
      startedAt: minutesAgo(10),
    });
    await addVisitor(t.db, {
      ...base,
      status: "in_progress",
      firstName: "Alan",
      lastName: "Turing",
      userId: roamer.id,
      startedAt: minutesAgo(2),
    });
    await addVisitor(t.db, {
      ...base,
      firstName: "Grace",
      lastName: "Hopper",
      queuedAt: minutesAgo(8),
    });
    await addVisitor(t.db, {
      ...base,
      firstName: "Edsger",
      lastName: "Dijkstra",
      queuedAt: minutesAgo(9),
    });

    const res = await board(location.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/vnd.api+json");
    expect(res.headers["cache-control"]).toBe("no-store");
    const { data } = res.json();
    expect(data).toMatchObject({ type: "location-boards", id: String(location.id) });
    expect(data.attributes).toMatchObject({
      location_name: "Board Branch",
      timezone: "America/Toronto",
      now_serving: [
        { visitor: "Alan T.", desk: null, staff: "Morgan R." },
        { visitor: "Ada L.", desk: "Desk 1", staff: "Sam T." },
      ],
      next_up: [
        { visitor: "Edsger D.", position: 1 },
        { visitor: "Grace H.", position: 2 },
      ],
      waiting_count: 2,
    });
    expect(Date.parse(data.attributes.now_serving[0].since)).toBeGreaterThan(
      Date.parse(minutesAgo(3).toISOString()),
    );
    expect(data.attributes.generated_at).toEqual(expect.any(String));
    // No full last name, contact detail or confirm code anywhere in the answer.
    for (const secret of [
      "Lovelace",
      "Turing",
      "Hopper",
      "Dijkstra",
      "Taylor",
      "@example.com",
      "+1416",
    ])
      expect(res.body).not.toContain(secret);
  });

  it("leaves out curbside visitors, callbacks, services not shown in the lobby and finished visits", async () => {
    const { location, service } = await freshLocation();
    const hidden = await createService(t.db, w.vendor.id, {
      locationIds: [location.id],
      name: "Private matter",
    });
    await t.db.update(services).set({ displayInLobby: false }).where(eq(services.id, hidden.id));
    const base = { vendorId: w.vendor.id, locationId: location.id, serviceId: service.id };
    await addVisitor(t.db, { ...base, firstName: "Walkin", lastName: "Person" });
    await addVisitor(t.db, { ...base, firstName: "Car", lastName: "Park", fulfillmentMethod: 2 });
    await addVisitor(t.db, { ...base, firstName: "Phone", lastName: "Call", meetingMethod: 2 });
    await addVisitor(t.db, { ...base, firstName: "Video", lastName: "Call", meetingMethod: 3 });
    await addVisitor(t.db, { ...base, serviceId: hidden.id, firstName: "Hidden", lastName: "One" });
    await addVisitor(t.db, {
      ...base,
      firstName: "Done",
      lastName: "Already",
      status: "completed",
    });
    await addVisitor(t.db, { ...base, firstName: "Gone", lastName: "Away", status: "cancelled" });

    const { attributes } = (await board(location.id)).json().data;
    // Written directly, as before tickets: the board names them alone.
    expect(attributes.next_up).toEqual([{ visitor: "Walkin P.", ticket: null, position: 1 }]);
    expect(attributes.now_serving).toEqual([]);
    expect(attributes.waiting_count).toBe(1);
  });

  it("shows ticket and name, the name alone or the ticket alone, as the vendor's board setting says", async () => {
    const { location, service } = await freshLocation();
    const base = { vendorId: w.vendor.id, locationId: location.id, serviceId: service.id };
    const ticketed = await addVisitor(t.db, { ...base, firstName: "Ada", lastName: "Lovelace" });
    await t.db
      .update(queueAppointments)
      .set({ ticket: "A-007" })
      .where(eq(queueAppointments.id, ticketed.id));
    // A place made before tickets keeps its name even on a tickets-only board: never a blank row.
    await addVisitor(t.db, { ...base, firstName: "Old", lastName: "Place" });
    const shown = async (visitorDisplay: string) => {
      await t.db
        .update(vendors)
        .set({ settings: { board: { visitor_display: visitorDisplay } } })
        .where(eq(vendors.id, w.vendor.id));
      t.app.caches.invalidate({ entity: "vendor", vendorId: w.vendor.id });
      const res = await board(location.id);
      expect(res.statusCode, res.body).toBe(200);
      return { next: res.json().data.attributes.next_up, body: res.body };
    };
    try {
      expect((await shown("ticket_and_name")).next).toEqual([
        { visitor: "Ada L.", ticket: "A-007", position: 1 },
        { visitor: "Old P.", ticket: null, position: 2 },
      ]);
      expect((await shown("name")).next).toEqual([
        { visitor: "Ada L.", ticket: null, position: 1 },
        { visitor: "Old P.", ticket: null, position: 2 },
      ]);
      const ticketsOnly = await shown("ticket");
      expect(ticketsOnly.next).toEqual([
        { visitor: null, ticket: "A-007", position: 1 },
        { visitor: "Old P.", ticket: null, position: 2 },
      ]);
      expect(ticketsOnly.body).not.toContain("Ada");
    } finally {
      await t.db.update(vendors).set({ settings: {} }).where(eq(vendors.id, w.vendor.id));
      t.app.caches.invalidate({ entity: "vendor", vendorId: w.vendor.id });
    }
  });

  it(`names at most ${BOARD_ROWS} waiting visitors and counts the rest`, async () => {
    const { location, service } = await freshLocation();
    for (let i = 0; i < BOARD_ROWS + 3; i++) {
      await addVisitor(t.db, {
        vendorId: w.vendor.id,
        locationId: location.id,
        serviceId: service.id,
        firstName: `Person${i}`,
        lastName: "Xavier",
        queuedAt: minutesAgo(60 - i),
      });
    }
    const { attributes } = (await board(location.id)).json().data;
    expect(attributes.next_up).toHaveLength(BOARD_ROWS);
    expect(attributes.next_up[0]).toEqual({ visitor: "Person0 X.", ticket: null, position: 1 });
    expect(attributes.waiting_count).toBe(BOARD_ROWS + 3);
  });

  it("moves a visitor from next up to now serving when staff call next: called to the desk, recalled, then served", async () => {
    const { location, service } = await freshLocation();
    const server = await createServer(t.db, w, {
      locationIds: [location.id],
      roleLevel: ROLES.staff,
    });
    await t.db
      .update(users)
      .set({ firstName: "Dorothy", lastName: "Vaughan" })
      .where(eq(users.id, server.id));
    await addVisitor(t.db, {
      vendorId: w.vendor.id,
      locationId: location.id,
      serviceId: service.id,
      firstName: "Katherine",
      lastName: "Johnson",
    });
    expect((await board(location.id)).json().data.attributes.next_up).toHaveLength(1);
    const api = await staffClient(t.app, server, w.vendor.host);
    const called = await api.post(`/locations/${location.id}/queue/next`, {
      data: { type: "queue-calls", attributes: { desk: "Counter 5" } },
    });
    expect(called.statusCode, called.body).toBe(200);
    const id = Number(called.json().data.id);
    const { attributes } = (await board(location.id)).json().data;
    expect(attributes.next_up).toEqual([]);
    expect(attributes.waiting_count).toBe(0);
    expect(attributes.now_serving).toEqual([
      expect.objectContaining({
        visitor: "Katherine J.",
        state: "called",
        staff: "Dorothy V.",
        desk: "Counter 5",
        last_called_at: called.json().data.attributes.call.last_at,
      }),
    ]);

    const recalled = await api.patch(
      `/queue-appointments/${id}`,
      patchDocument(id, { call: "recall" }),
    );
    expect(recalled.statusCode, recalled.body).toBe(200);
    const afterRecall = (await board(location.id)).json().data.attributes.now_serving[0];
    expect(afterRecall.last_called_at).toBe(recalled.json().data.attributes.call.last_at);

    const started = await api.patch(
      `/queue-appointments/${id}`,
      patchDocument(id, { status: "in_progress" }),
    );
    expect(started.statusCode, started.body).toBe(200);
    expect((await board(location.id)).json().data.attributes.now_serving).toEqual([
      expect.objectContaining({
        visitor: "Katherine J.",
        state: "serving",
        desk: "Counter 5",
        last_called_at: null,
      }),
    ]);
  });

  it("answers 404 for another vendor's location and for an unknown one, 422 for a bad id", async () => {
    const other = await createLobbyWorld(t.db);
    const foreign = await board(other.locations[0].id);
    expect(foreign.statusCode).toBe(404);
    expect(errorsOf(foreign)[0]).toMatchObject({ status: "404" });
    expect((await board(2_000_000_000)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "99999999999"]) {
      const res = await board(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({ status: "422" });
    }
  });
});
