import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  collectEvents,
  connectEcho,
  type EchoClient,
  type EchoClientOptions,
  nextEvent,
  subscription,
} from "../../../test/realtime/echo-client.ts";
import {
  insertLocation,
  insertSession,
  insertStaff,
  insertVendor,
  insertWaitingVisitor,
  startMeeting,
} from "../../../test/realtime/fixtures.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import {
  queueAppointmentChangedSchema,
  queueAppointmentMessagesChangedSchema,
  waitTimeRecalculatedSchema,
} from "../../shared/contracts/realtime.ts";
import { appointmentChangedSchema } from "../../shared/contracts/schedule.ts";
import {
  REALTIME_EVENTS,
  realtimeChannels,
  type SubscriptionError,
} from "../../shared/realtime-channels.ts";
import { recalculateWaitTimes } from "../queue/wait-time/recalculate-wait-times.ts";
import { attachRealtime, type Realtime } from "./attach-realtime.ts";
import { issueRealtimeToken } from "./staff-token.ts";

const SECRET = "test-secret-test-secret-test-secret-0000";
const OTHER_HOST = "other.example.test";

describe("realtime over socket.io, as laravel-echo speaks it", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let vendorId: number;
  let locationId: number;
  let secondLocationId: number;
  let otherLocationId: number;
  let otherVendorId: number;
  let visitor: { id: number; confirmCode: string };
  let staffId: number;
  let managerId: number;
  let inactiveId: number;
  const clients: EchoClient[] = [];

  const echo = (options: EchoClientOptions = {}) => {
    const client = connectEcho(url, options);
    clients.push(client);
    return client;
  };
  /** A token of a fresh session of the staff member (the role and locations are the account's own). */
  const staffToken = async (userId: number, exp?: number) =>
    issueRealtimeToken(SECRET, {
      userId,
      vendorId,
      sessionId: await insertSession(t.db, vendorId, userId),
      ...(exp ? { exp } : {}),
    });
  const waitTimes = [
    { id: "41", attributes: { expected_start: "2030-01-01T10:15:00.000Z", people_ahead: 2 } },
  ];

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    vendorId = await insertVendor(t.db, "demo");
    otherVendorId = await insertVendor(t.db, "other", [OTHER_HOST]);
    locationId = await insertLocation(t.db, vendorId);
    secondLocationId = await insertLocation(t.db, vendorId, "Harbour Road");
    otherLocationId = await insertLocation(t.db, otherVendorId);
    visitor = await insertWaitingVisitor(t.db, vendorId, locationId);
    staffId = await insertStaff(t.db, vendorId, 10, [locationId]);
    managerId = await insertStaff(t.db, vendorId, 20, []);
    inactiveId = await insertStaff(t.db, vendorId, 10, [locationId], { active: false });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    // the real queue presenter: realtime payloads are the HTTP answer's own
    realtime = await attachRealtime(t.app);
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await realtime.close();
    await t.close();
  });

  it("delivers WaitTimeRecalculated under its bare name on the public location channel", async () => {
    const channel = echo().channel(realtimeChannels.locationPublic(locationId));
    expect(await subscription(channel)).toBe("subscribed");
    const received = nextEvent(channel, "WaitTimeRecalculated");
    t.app.events.emit("waitTimesRecalculated", { vendorId, locationId, entries: waitTimes });
    expect(await received).toEqual({ data: waitTimes });
  });

  it("announces a recalculated line with each visitor's people ahead, as its contract has it", async () => {
    const first = await insertWaitingVisitor(t.db, vendorId, secondLocationId);
    const second = await insertWaitingVisitor(t.db, vendorId, secondLocationId);
    const channel = echo().channel(realtimeChannels.locationPublic(secondLocationId));
    expect(await subscription(channel)).toBe("subscribed");
    const received = nextEvent(channel, "WaitTimeRecalculated");
    await recalculateWaitTimes(
      { db: t.db, events: t.app.events, now: new Date() },
      { vendorId, locationId: secondLocationId },
    );
    const payload = waitTimeRecalculatedSchema.parse(await received);
    // Nobody on shift here: no start for either, so the first counts ahead of the second.
    expect(payload.data).toEqual([
      { id: String(first.id), attributes: { expected_start: null, people_ahead: 0 } },
      { id: String(second.id), attributes: { expected_start: null, people_ahead: 1 } },
    ]);
  });

  it("reaches a client that keeps Echo's default namespace and listens to .WaitTimeRecalculated", async () => {
    const channel = echo({ namespace: "App.Events" }).channel(
      realtimeChannels.locationPublic(locationId),
    );
    expect(await subscription(channel)).toBe("subscribed");
    const received = nextEvent(channel, ".WaitTimeRecalculated");
    t.app.events.emit("waitTimesRecalculated", { vendorId, locationId, entries: waitTimes });
    expect(await received).toEqual({ data: waitTimes });
  });

  it("refuses a location of another vendor, tells the client why, and sends it nothing", async () => {
    const refused = echo().channel(realtimeChannels.locationPublic(otherLocationId));
    expect(await subscription(refused)).toEqual({
      status: 404,
      code: "location_not_found",
      message: "This location cannot be found",
    });
    const seen = collectEvents(refused, "WaitTimeRecalculated");
    // The other vendor's own visitor (its Host) follows the same channel and gets the event.
    const own = echo({ headers: { host: OTHER_HOST } }).channel(
      realtimeChannels.locationPublic(otherLocationId),
    );
    expect(await subscription(own)).toBe("subscribed");
    const received = nextEvent(own, "WaitTimeRecalculated");
    t.app.events.emit("waitTimesRecalculated", {
      vendorId: otherVendorId,
      locationId: otherLocationId,
      entries: waitTimes,
    });
    await received;
    await sleep(100);
    expect(seen).toEqual([]);
  });

  it("sends the confirmation page's live fields to a visitor holding the confirm code", async () => {
    const channel = echo({ auth: { confirm_code: visitor.confirmCode } }).channel(
      realtimeChannels.queueAppointmentPublic(visitor.id),
    );
    expect(await subscription(channel)).toBe("subscribed");
    const received = nextEvent(channel, "ManageQueueAppointmentUpdated");
    await startMeeting(t.db, visitor.id, staffId);
    t.app.events.emit("queueAppointmentChanged", {
      vendorId,
      locationId,
      queueAppointmentId: visitor.id,
      change: "updated",
    });
    // spec §7: data.attributes, as Laravel broadcasting sends an event with a `data` property
    expect(await received).toEqual({
      data: {
        attributes: {
          status: "in_progress",
          dial_in: { e164: "+15551234567", international: "+1 555-123-4567", pin: "1234" },
          meeting_link: "https://meet.example.test/abc",
          user: { full_name: "Sam Lee" },
          // Started by the factory without a call first; in their meeting, not on their way to a desk.
          called_at: null,
          call: null,
        },
      },
    });
  });

  it("sends the same live fields as the HTTP answer for the appointment (one presenter)", async () => {
    const channel = echo({ auth: { confirm_code: visitor.confirmCode } }).channel(
      realtimeChannels.queueAppointmentPublic(visitor.id),
    );
    expect(await subscription(channel)).toBe("subscribed");
    const received = nextEvent<{ data: { attributes: Record<string, unknown> } }>(
      channel,
      "ManageQueueAppointmentUpdated",
    );
    t.app.events.emit("queueAppointmentChanged", {
      vendorId,
      locationId,
      queueAppointmentId: visitor.id,
      change: "updated",
    });
    const http = await t.app.inject({
      url: `/api/v2/open/queue-appointments/${visitor.id}?code=${visitor.confirmCode}`,
    });
    expect(http.statusCode).toBe(200);
    const { status, dial_in, meeting_link, user, called_at, call } = http.json().data.attributes;
    expect((await received).data.attributes).toEqual({
      status,
      dial_in,
      meeting_link,
      user,
      called_at,
      call,
    });
  });

  it("accepts the confirm code as auth.code, as an X-Confirm-Code header, or in auth.confirm_codes", async () => {
    const name = realtimeChannels.queueAppointmentPublic(visitor.id);
    const answers = await Promise.all([
      subscription(echo({ auth: { code: visitor.confirmCode } }).channel(name)),
      subscription(
        echo({ auth: { headers: { "X-Confirm-Code": visitor.confirmCode } } }).channel(name),
      ),
      subscription(
        echo({ auth: { confirm_codes: { [visitor.id]: visitor.confirmCode } } }).channel(name),
      ),
    ]);
    expect(answers).toEqual(["subscribed", "subscribed", "subscribed"]);
  });

  it("refuses the appointment channel without its confirm code (401) or with a wrong one (403)", async () => {
    const name = realtimeChannels.queueAppointmentPublic(visitor.id);
    const [missing, wrong, unknown] = (await Promise.all([
      subscription(echo().channel(name)),
      subscription(echo({ auth: { confirm_code: "WRONG-CODE" } }).channel(name)),
      subscription(
        echo({ auth: { confirm_code: visitor.confirmCode } }).channel(
          "App.Models.QueueAppointment.999999.public",
        ),
      ),
    ])) as SubscriptionError[];
    expect(missing).toMatchObject({ status: 401, code: "confirm_code_required" });
    expect(wrong).toMatchObject({ status: 403, code: "confirm_code_mismatch" });
    // an appointment that does not exist answers like a wrong code, so ids cannot be probed
    expect(unknown).toMatchObject({ status: 403, code: "confirm_code_mismatch" });
  });

  it("sends every queue change and wait-time list of a location to its staff on the private channel, never a confirm code", async () => {
    const channel = echo({ bearerToken: await staffToken(staffId) }).private(
      `App.Models.Location.${locationId}`,
    );
    expect(channel.name).toBe(realtimeChannels.locationStaff(locationId));
    expect(await subscription(channel)).toBe("subscribed");
    const changed = nextEvent<unknown>(channel, "QueueAppointmentChanged");
    const waits = nextEvent(channel, "WaitTimeRecalculated");
    t.app.events.emit("queueAppointmentChanged", {
      vendorId,
      locationId,
      queueAppointmentId: visitor.id,
      change: "updated",
    });
    t.app.events.emit("waitTimesRecalculated", { vendorId, locationId, entries: waitTimes });
    const payload = await changed;
    const { data } = queueAppointmentChangedSchema.parse(payload);
    expect(data.id).toBe(String(visitor.id));
    expect(data.attributes).toMatchObject({
      status: "in_progress",
      location_id: String(locationId),
    });
    expect(JSON.stringify(payload)).not.toContain(visitor.confirmCode);
    expect(JSON.stringify(payload)).not.toContain("confirm_code");
    expect(await waits).toEqual({ data: waitTimes });
  });

  it("tells a location's staff which visit's messages changed, by its id alone", async () => {
    const channel = echo({ bearerToken: await staffToken(staffId) }).private(
      `App.Models.Location.${locationId}`,
    );
    expect(await subscription(channel)).toBe("subscribed");
    const changed = nextEvent<unknown>(channel, REALTIME_EVENTS.queueAppointmentMessagesChanged);
    t.app.events.emit("queueAppointmentMessagesChanged", {
      vendorId,
      locationId,
      queueAppointmentId: visitor.id,
    });
    expect(queueAppointmentMessagesChangedSchema.parse(await changed)).toEqual({
      data: { id: String(visitor.id) },
    });
  });

  it("tells a location's staff which booked appointment changed, and when it starts", async () => {
    const channel = echo({ bearerToken: await staffToken(staffId) }).private(
      `App.Models.Location.${locationId}`,
    );
    expect(await subscription(channel)).toBe("subscribed");
    const changed = nextEvent<unknown>(channel, REALTIME_EVENTS.appointmentChanged);
    t.app.events.emit("appointmentChanged", {
      vendorId,
      locationId,
      appointmentId: 77,
      startsAt: "2026-12-01T14:00:00.000Z",
    });
    expect(appointmentChangedSchema.parse(await changed)).toEqual({
      data: {
        appointment_id: "77",
        location_id: String(locationId),
        start: "2026-12-01T14:00:00.000Z",
      },
    });
  });

  it("limits staff below Manager to their own locations and lets a manager follow any of the vendor's", async () => {
    const staff = echo({ bearerToken: await staffToken(staffId) });
    const manager = echo({ bearerToken: await staffToken(managerId) });
    const [notTheirs, managed, otherVendor] = await Promise.all([
      subscription(staff.private(`App.Models.Location.${secondLocationId}`)),
      subscription(manager.private(`App.Models.Location.${secondLocationId}`)),
      subscription(manager.private(`App.Models.Location.${otherLocationId}`)),
    ]);
    expect(notTheirs).toMatchObject({ status: 403, code: "forbidden" });
    expect(managed).toBe("subscribed");
    expect(otherVendor).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("lets a platform admin acting in the vendor follow its locations", async () => {
    const adminId = await insertStaff(t.db, otherVendorId, 50, []);
    const token = issueRealtimeToken(SECRET, {
      userId: adminId,
      vendorId,
      sessionId: await insertSession(t.db, vendorId, adminId),
    });
    const channel = echo({ bearerToken: token }).private(`App.Models.Location.${locationId}`);
    expect(await subscription(channel)).toBe("subscribed");
  });

  it("refuses staff channels without a token, with a forged or expired one, or for a deactivated or foreign account", async () => {
    const name = `App.Models.Location.${locationId}`;
    const valid = await staffToken(staffId);
    const forged = issueRealtimeToken("another-secret-another-secret-000000", {
      userId: staffId,
      vendorId,
      sessionId: await insertSession(t.db, vendorId, staffId),
    });
    const expired = await staffToken(staffId, Math.floor(Date.now() / 1000) - 1);
    const outsiderId = await insertStaff(t.db, otherVendorId, 20, []);
    const answers = (await Promise.all([
      subscription(echo().private(name)),
      subscription(echo({ bearerToken: forged }).private(name)),
      subscription(echo({ bearerToken: `${valid}x` }).private(name)),
      subscription(echo({ bearerToken: expired }).private(name)),
      subscription(echo({ bearerToken: await staffToken(inactiveId) }).private(name)),
      // another vendor's manager, with a session of this vendor written for them
      subscription(echo({ bearerToken: await staffToken(outsiderId) }).private(name)),
    ])) as SubscriptionError[];
    expect(answers.map((a) => [a.status, a.code])).toEqual([
      [401, "unauthenticated"],
      [401, "invalid_token"],
      [401, "invalid_token"],
      [401, "token_expired"],
      [401, "session_revoked"],
      [401, "session_revoked"],
    ]);
  });

  it("ends a staff subscription when its token expires, and says so", async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const channel = echo({ bearerToken: await staffToken(staffId, exp) }).private(
      `App.Models.Location.${locationId}`,
    );
    expect(await subscription(channel)).toBe("subscribed");
    const ended = new Promise<SubscriptionError>((resolve) =>
      channel.on(REALTIME_EVENTS.subscriptionError, (error: SubscriptionError) => resolve(error)),
    );
    expect(await ended).toMatchObject({ status: 401, code: "token_expired" });
    const sockets = await realtime.io.in(realtimeChannels.locationStaff(locationId)).fetchSockets();
    expect(sockets).toEqual([]);
  });

  it("stops sending a channel's events once Echo leaves it", async () => {
    const client = echo();
    const name = realtimeChannels.locationPublic(locationId);
    const channel = client.channel(name);
    expect(await subscription(channel)).toBe("subscribed");
    const seen = collectEvents(channel, "WaitTimeRecalculated");
    client.leaveChannel(name);
    const control = echo().channel(name);
    expect(await subscription(control)).toBe("subscribed");
    expect((await realtime.io.in(name).fetchSockets()).length).toBe(1);
    const received = nextEvent(control, "WaitTimeRecalculated");
    t.app.events.emit("waitTimesRecalculated", { vendorId, locationId, entries: waitTimes });
    await received;
    await sleep(100);
    expect(seen).toEqual([]);
  });

  it("refuses channels it does not serve and writes refusals in the connection's language", async () => {
    const client = echo({ headers: { "accept-language": "fr-CA,fr;q=0.9" } });
    expect(await subscription(client.channel("App.Models.User.1"))).toEqual({
      status: 404,
      code: "unknown_channel",
      message: "Ce canal de mises à jour en direct n’existe pas",
    });
    expect(await subscription(client.join("App.Models.Location.1"))).toMatchObject({
      code: "unknown_channel",
    });
  });

  it("answers a malformed subscribe with subscription_error instead of dropping it", async () => {
    const client = echo();
    const socket = client.connector.socket;
    const refused = new Promise<unknown[]>((resolve) =>
      socket.on(REALTIME_EVENTS.subscriptionError, (...args: unknown[]) => resolve(args)),
    );
    socket.emit("subscribe", { channel: 42 });
    // (a third argument, when present, is the connection-state-recovery offset)
    expect((await refused).slice(0, 2)).toEqual([
      "",
      expect.objectContaining({ status: 422, code: "invalid_subscription" }),
    ]);
  });

  it("speaks WebSocket only: the HTTP long-polling transport is refused", async () => {
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
  });
});
