// The web realtime client (src/web/api/realtime/realtime-client.ts) against the real server
// (socket.io, Echo protocol) on a real database: events, refusals, reconnects, and the confirmation
// of each subscription the page re-reads on.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { attachRealtime, type Realtime } from "../../src/server/realtime/attach-realtime.ts";
import type {
  ManageQueueAppointmentUpdated,
  WaitTimeEntry,
} from "../../src/shared/contracts/realtime.ts";
import type { SubscriptionError } from "../../src/shared/realtime-channels.ts";
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeClientOptions,
} from "../../src/web/api/realtime/realtime-client.ts";
import { buildTestApp } from "../test-app.ts";
import {
  insertLocation,
  insertStaff,
  insertVendor,
  insertWaitingVisitor,
  startMeeting,
} from "./fixtures.ts";

type QueueAppointmentUpdate = ManageQueueAppointmentUpdated["data"];

/** Resolves with the next value pushed to the returned handler. */
function nextValue<T>() {
  let resolve!: (value: T) => void;
  const next = () =>
    new Promise<T>((r) => {
      resolve = r;
    });
  let pending = next();
  return {
    handler: (value: T) => {
      resolve(value);
    },
    async take(timeoutMs = 3_000): Promise<T> {
      const value = await Promise.race([
        pending,
        sleep(timeoutMs).then(() => {
          throw new Error("nothing arrived");
        }),
      ]);
      pending = next();
      return value;
    },
  };
}

describe("the web realtime client", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let vendorId: number;
  let locationId: number;
  let staffId: number;
  let visitor: { id: number; confirmCode: string };
  const clients: RealtimeClient[] = [];
  const logged: [string, unknown][] = [];

  const client = (options: RealtimeClientOptions = {}) => {
    const created = createRealtimeClient({
      url,
      log: (message, detail) => logged.push([message, detail]),
      reload: () => logged.push(["reload", null]),
      reconnectPolicy: { gracefulAfterMs: 300_000, reloadAfterMs: 900_000, gracefulDelayMs: 100 },
      socketOptions: { reconnectionDelay: 50, reconnectionDelayMax: 200 },
      ...options,
    });
    clients.push(created);
    return created;
  };
  const entries = (minutes: number): WaitTimeEntry[] => [
    {
      id: String(visitor.id),
      attributes: {
        expected_start: new Date(Date.UTC(2030, 0, 1, 10, minutes)).toISOString(),
        people_ahead: 0,
      },
    },
  ];
  /** emits wait times until the handler sees them: a subscribe's answer is not visible to the page */
  const deliverWaitTimes = async (take: () => Promise<WaitTimeEntry[]>, minutes: number) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      t.app.events.emit("waitTimesRecalculated", {
        vendorId,
        locationId,
        entries: entries(minutes),
      });
      try {
        return await take();
      } catch {
        // not subscribed yet: try again
      }
    }
    throw new Error("wait times never arrived");
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    vendorId = await insertVendor(t.db, "demo");
    locationId = await insertLocation(t.db, vendorId);
    staffId = await insertStaff(t.db, vendorId, 10, [locationId]);
    visitor = await insertWaitingVisitor(t.db, vendorId, locationId);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    realtime = await attachRealtime(t.app);
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterEach(() => {
    for (const created of clients.splice(0)) created.disconnect();
    logged.length = 0;
  });
  afterAll(async () => {
    await realtime.close();
    await t.close();
  });

  it("follows a location's wait times and a visitor's appointment on one connection", async () => {
    const realtimeClient = client();
    const waits = nextValue<WaitTimeEntry[]>();
    const updates = nextValue<QueueAppointmentUpdate>();
    realtimeClient.subscribeToLocation(locationId, waits.handler);
    realtimeClient.subscribeToQueueAppointment(visitor.id, visitor.confirmCode, updates.handler);
    expect(await deliverWaitTimes(() => waits.take(150), 5)).toEqual(entries(5));
    await startMeeting(t.db, visitor.id, staffId);
    t.app.events.emit("queueAppointmentChanged", {
      vendorId,
      locationId,
      queueAppointmentId: visitor.id,
      change: "updated",
    });
    expect((await updates.take()).attributes).toMatchObject({
      status: "in_progress",
      user: { full_name: "Sam Lee" },
    });
    expect(realtime.io.sockets.sockets.size).toBe(1);
  });

  it("tells the page why a subscription was refused", async () => {
    const refused = nextValue<SubscriptionError>();
    client().subscribeToQueueAppointment(visitor.id, "NOT-THE-CODE", () => {}, refused.handler);
    expect(await refused.take()).toMatchObject({ status: 403, code: "confirm_code_mismatch" });
  });

  it("reconnects after the connection drops, follows its channels again and asks the page to resync", async () => {
    let resyncs = 0;
    const realtimeClient = client({ onResync: () => resyncs++ });
    const waits = nextValue<WaitTimeEntry[]>();
    realtimeClient.subscribeToLocation(locationId, waits.handler);
    await deliverWaitTimes(() => waits.take(150), 1);
    for (const socket of realtime.io.sockets.sockets.values()) socket.conn.close();
    expect(await deliverWaitTimes(() => waits.take(150), 2)).toEqual(entries(2));
    expect(resyncs).toBe(1);
    expect(logged).toContainEqual(["realtime: connection killed", "transport close"]);
  });

  it("tells the page whether it is connected: down at first, up, down when dropped, up again", async () => {
    const realtimeClient = client();
    const states: boolean[] = [];
    realtimeClient.onConnectionChange((up) => states.push(up));
    const waits = nextValue<WaitTimeEntry[]>();
    realtimeClient.subscribeToLocation(locationId, waits.handler);
    await deliverWaitTimes(() => waits.take(150), 6);
    for (const socket of realtime.io.sockets.sockets.values()) socket.conn.close();
    await deliverWaitTimes(() => waits.take(150), 7);
    expect(states).toEqual([false, true, false, true]);
  });

  it("takes the graceful path when the server disconnects it, then follows its channels again and resyncs", async () => {
    let resyncs = 0;
    const realtimeClient = client({ onResync: () => resyncs++ });
    const waits = nextValue<WaitTimeEntry[]>();
    realtimeClient.subscribeToLocation(locationId, waits.handler);
    await deliverWaitTimes(() => waits.take(150), 3);
    realtime.io.disconnectSockets(true);
    await sleep(20);
    expect(realtime.io.sockets.sockets.size).toBe(0);
    expect(await deliverWaitTimes(() => waits.take(150), 4)).toEqual(entries(4));
    expect(resyncs).toBe(1);
    expect(logged).toContainEqual(["realtime: connection killed", "io server disconnect"]);
  });

  it("leaves a channel only when its last follower stops", async () => {
    const realtimeClient = client();
    const first = nextValue<WaitTimeEntry[]>();
    const second = nextValue<WaitTimeEntry[]>();
    const stopFirst = realtimeClient.subscribeToLocation(locationId, first.handler);
    realtimeClient.subscribeToLocation(locationId, second.handler);
    await deliverWaitTimes(() => second.take(150), 6);
    expect(await first.take()).toEqual(entries(6));
    stopFirst();
    expect(await deliverWaitTimes(() => second.take(150), 7)).toEqual(entries(7));
    await expect(first.take(100)).rejects.toThrow("nothing arrived");

    const stopVisit = realtimeClient.subscribeToQueueAppointment(
      visitor.id,
      visitor.confirmCode,
      () => {},
    );
    await sleep(100);
    const room = `App.Models.QueueAppointment.${visitor.id}.public`;
    expect((await realtime.io.in(room).fetchSockets()).length).toBe(1);
    stopVisit();
    await sleep(100);
    expect((await realtime.io.in(room).fetchSockets()).length).toBe(0);
  });

  /** The booking as the confirmation page reads it, through the open API. */
  const readStatus = async (appointment: { id: number; confirmCode: string }) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v2/open/queue-appointments/${appointment.id}?code=${appointment.confirmCode}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { attributes: { status: string } } }).data.attributes.status;
  };

  it("says when the server confirms a subscription, and again after each kind of reconnect", async () => {
    const realtimeClient = client();
    const confirmed = nextValue<void>();
    const waits = nextValue<WaitTimeEntry[]>();
    realtimeClient.subscribeToLocation(locationId, waits.handler, undefined, confirmed.handler);
    await confirmed.take();
    // Confirmed means joined: the very next event arrives without a retry.
    t.app.events.emit("waitTimesRecalculated", { vendorId, locationId, entries: entries(8) });
    expect(await waits.take()).toEqual(entries(8));

    // socket.io's own reconnect (Echo re-subscribes)
    for (const socket of realtime.io.sockets.sockets.values()) socket.conn.close();
    await confirmed.take();
    // the reconnect policy's (this client re-subscribes)
    realtime.io.disconnectSockets(true);
    await confirmed.take();
    await expect(confirmed.take(200)).rejects.toThrow("nothing arrived");
  });

  it("tells a follower joining an already confirmed channel at once, and a stopped one nothing more", async () => {
    const realtimeClient = client();
    const first = nextValue<void>();
    const second = nextValue<void>();
    const stopFirst = realtimeClient.subscribeToQueueAppointment(
      visitor.id,
      visitor.confirmCode,
      () => {},
      undefined,
      first.handler,
    );
    await first.take();
    realtimeClient.subscribeToQueueAppointment(
      visitor.id,
      visitor.confirmCode,
      () => {},
      undefined,
      second.handler,
    );
    await second.take(100);
    expect(realtime.io.sockets.sockets.size).toBe(1);

    stopFirst();
    for (const socket of realtime.io.sockets.sockets.values()) socket.conn.close();
    await second.take();
    await expect(first.take(200)).rejects.toThrow("nothing arrived");
  });

  it("does not confirm a refused subscription", async () => {
    const confirmed = nextValue<void>();
    const refused = nextValue<SubscriptionError>();
    client().subscribeToQueueAppointment(
      visitor.id,
      "NOT-THE-CODE",
      () => {},
      refused.handler,
      confirmed.handler,
    );
    await refused.take();
    await expect(confirmed.take(200)).rejects.toThrow("nothing arrived");
  });

  it("lets a page catch a change made between its first read and its subscription", async () => {
    const booking = await insertWaitingVisitor(t.db, vendorId, locationId);
    const shown: string[] = [await readStatus(booking)];
    // Staff start the visit before the page's channel is joined: its event goes out (a client
    // already on the channel sees it) and never reaches the page.
    const earlier = nextValue<void>();
    const sent = nextValue<QueueAppointmentUpdate>();
    client().subscribeToQueueAppointment(
      booking.id,
      booking.confirmCode,
      sent.handler,
      undefined,
      earlier.handler,
    );
    await earlier.take();
    await startMeeting(t.db, booking.id, staffId);
    t.app.events.emit("queueAppointmentChanged", {
      vendorId,
      locationId,
      queueAppointmentId: booking.id,
      change: "updated",
    });
    await sent.take();
    const updates = nextValue<QueueAppointmentUpdate>();
    const reread = nextValue<string>();
    client().subscribeToQueueAppointment(
      booking.id,
      booking.confirmCode,
      updates.handler,
      undefined,
      () => void readStatus(booking).then(reread.handler),
    );
    shown.push(await reread.take());
    expect(shown).toEqual(["waiting", "in_progress"]);
    await expect(updates.take(200)).rejects.toThrow("nothing arrived");
  });
});
