// The staff location channel stands on a live session whose account may view the line: a kiosk
// gets nothing, staff get the lobby's own view of a visitor (never a confirm code), and a session
// that ends (sign-out, sign-out everywhere, a password reset, a changed role) ends its subscriptions.
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { io as connectSocket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  type SignedIn,
  type StaffFixture,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import {
  connectEcho,
  type EchoClient,
  nextEvent,
  subscription,
} from "../../../test/realtime/echo-client.ts";
import { insertWaitingVisitor, startMeeting } from "../../../test/realtime/fixtures.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { queueAppointmentChangedSchema } from "../../shared/contracts/realtime.ts";
import { ROLES } from "../../shared/domain.ts";
import {
  REALTIME_EVENTS,
  realtimeChannels,
  type SubscriptionError,
} from "../../shared/realtime-channels.ts";
import { hashToken, newToken } from "../auth/session-token.ts";
import { passwordResetTokens, userLocations, users } from "../db/schema.ts";
import { attachRealtime, type Realtime } from "./attach-realtime.ts";

type Channel = ReturnType<EchoClient["private"]>;

describe("the staff location channel and the session behind it", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let home: StaffWorld;
  let locationId: number;
  const clients: EchoClient[] = [];

  /** The realtime token GET /me hands the signed-in page. */
  const tokenOf = async (session: SignedIn) => {
    const me = await t.app.inject({
      url: "/api/internal/v1/me",
      headers: { host: home.vendor.host, cookie: session.cookie },
    });
    expect(me.statusCode).toBe(200);
    return me.json().data.realtime.token as string;
  };
  const signedIn = async (account: StaffFixture) => {
    const session = await signInAs(t.app, account, home.vendor.host);
    return { session, token: await tokenOf(session) };
  };
  const staffChannel = (token: string, id = locationId) => {
    const client = connectEcho(url, { bearerToken: token, headers: { host: home.vendor.host } });
    clients.push(client);
    return client.private(`App.Models.Location.${id}`);
  };
  /** The refusal that ends a held subscription, whenever it comes (the test's own timeout bounds it). */
  const ended = (channel: Channel) =>
    new Promise<SubscriptionError>((resolve) =>
      channel.on(REALTIME_EVENTS.subscriptionError, (error: SubscriptionError) => resolve(error)),
    );
  const holders = async (id = locationId) =>
    (await realtime.io.in(realtimeChannels.locationStaff(id)).fetchSockets()).length;
  const call = (method: "DELETE" | "POST", path: string, session?: SignedIn, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/internal/v1${path}`,
      headers: {
        host: home.vendor.host,
        ...(session ? { cookie: session.cookie, "x-csrf-token": session.csrfToken } : {}),
      },
      remoteAddress: uniqueRemoteAddress(),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    home = await createStaffWorld(t.db);
    locationId = home.locations[0].id;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
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

  it("refuses a kiosk account the channel of its own location: it may not view the line", async () => {
    const { token } = await signedIn(home.staff[ROLES.kiosk]);
    expect(await subscription(staffChannel(token))).toMatchObject({
      status: 403,
      code: "forbidden",
    });
  });

  it("sends staff the visitor exactly as the HTTP lobby shows them, without the confirm code", async () => {
    const visitor = await insertWaitingVisitor(t.db, home.vendor.id, locationId);
    const { session, token } = await signedIn(home.staff[ROLES.staff]);
    const channel = staffChannel(token);
    expect(await subscription(channel)).toBe("subscribed");
    const changed = nextEvent<unknown>(channel, "QueueAppointmentChanged");
    await startMeeting(t.db, visitor.id, home.staff[ROLES.staff].id);
    t.app.events.emit("queueAppointmentChanged", {
      vendorId: home.vendor.id,
      locationId,
      queueAppointmentId: visitor.id,
      change: "updated",
    });
    const payload = await changed;
    expect(JSON.stringify(payload)).not.toContain(visitor.confirmCode);
    const sent = queueAppointmentChangedSchema.parse(payload).data;

    const lobby = await t.app.inject({
      url: `/api/internal/v1/locations/${locationId}/queue`,
      headers: { host: home.vendor.host, cookie: session.cookie },
    });
    expect(lobby.statusCode).toBe(200);
    const shown = lobby.json().data.find((entry: { id: string }) => entry.id === sent.id);
    // Only the seconds counted up to the moment of each answer may differ.
    const untimed = ({ attributes, ...rest }: typeof sent) => {
      const { waited_seconds: _w, wait_seconds: _s, ...others } = attributes;
      return { ...rest, attributes: others };
    };
    expect(untimed(sent)).toEqual(untimed(shown));
    expect(Object.keys(sent.attributes).sort()).toEqual(Object.keys(shown.attributes).sort());
  });

  it("refuses a token whose session signed out, and ends its held subscription at once", async () => {
    const { session, token } = await signedIn(home.staff[ROLES.staff]);
    const channel = staffChannel(token);
    expect(await subscription(channel)).toBe("subscribed");
    const end = ended(channel);
    expect((await call("DELETE", "/session", session)).statusCode).toBe(204);
    expect(await end).toMatchObject({ status: 401, code: "session_revoked" });
    expect(await holders()).toBe(0);
    expect(await subscription(staffChannel(token))).toMatchObject({
      status: 401,
      code: "session_revoked",
    });
  });

  it("ends the subscriptions of every session of the account on sign-out everywhere, and no one else's", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [locationId],
    });
    const laptop = await signedIn(account);
    const phone = await signedIn(account);
    const colleague = await signedIn(home.staff[ROLES.staff_plus]);
    const onLaptop = staffChannel(laptop.token);
    const onPhone = staffChannel(phone.token);
    const onColleague = staffChannel(colleague.token);
    expect(await Promise.all([onLaptop, onPhone, onColleague].map((c) => subscription(c)))).toEqual(
      ["subscribed", "subscribed", "subscribed"],
    );
    const ends = Promise.all([ended(onLaptop), ended(onPhone)]);
    expect((await call("DELETE", "/sessions", laptop.session)).statusCode).toBe(204);
    expect((await ends).map((e) => e.code)).toEqual(["session_revoked", "session_revoked"]);
    // The colleague's channel still carries the location's events.
    const waits = nextEvent(onColleague, "WaitTimeRecalculated");
    t.app.events.emit("waitTimesRecalculated", {
      vendorId: home.vendor.id,
      locationId,
      entries: [],
    });
    expect(await waits).toEqual({ data: [] });
    expect(await holders()).toBe(1);
  });

  it("ends the subscriptions of an account whose password is reset", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.manager,
    });
    const { token } = await signedIn(account);
    const channel = staffChannel(token, home.locations[1].id);
    expect(await subscription(channel)).toBe("subscribed");
    const reset = newToken();
    await t.db.insert(passwordResetTokens).values({
      id: hashToken(reset),
      vendorId: home.vendor.id,
      userId: account.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const end = ended(channel);
    const done = await call("POST", `/password-resets/${reset}`, undefined, {
      password: "a brand new passphrase 42",
    });
    expect(done.statusCode).toBe(204);
    expect(await end).toMatchObject({ status: 401, code: "session_revoked" });
    expect(await holders(home.locations[1].id)).toBe(0);
  });

  it("reads role and locations afresh: a changed role or a removed location ends access", async () => {
    const account = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [locationId],
    });
    const { token } = await signedIn(account);
    const channel = staffChannel(token);
    expect(await subscription(channel)).toBe("subscribed");

    // What an admin command does after changing the account: announce the user's sessions revoked.
    await t.db.update(users).set({ roleLevel: ROLES.kiosk }).where(eq(users.id, account.id));
    const end = ended(channel);
    await t.app.staffSessionRevocations.announce({ userId: account.id });
    expect(await end).toMatchObject({ code: "session_revoked" });
    // The session lives on, but the token no longer reaches the line: its role is read now.
    expect(await subscription(staffChannel(token))).toMatchObject({ status: 403 });

    await t.db.update(users).set({ roleLevel: ROLES.staff }).where(eq(users.id, account.id));
    expect(await subscription(staffChannel(token))).toBe("subscribed");
    await t.db.delete(userLocations).where(eq(userLocations.userId, account.id));
    expect(await subscription(staffChannel(token))).toMatchObject({ status: 403 });
  });

  it("checks the session of a staff channel that comes back through connection-state recovery", async () => {
    // A bare socket.io client: it never subscribes again by itself, as Echo would.
    const { session, token } = await signedIn(home.staff[ROLES.staff]);
    const socket = connectSocket(url, {
      transports: ["websocket"],
      extraHeaders: { host: home.vendor.host },
      reconnectionDelay: 50,
      reconnectionDelayMax: 100,
    });
    try {
      const channel = realtimeChannels.locationStaff(locationId);
      const answer = (event: string) =>
        new Promise<unknown>((resolve) =>
          socket.on(event, (name: string, data: unknown) => name === channel && resolve(data)),
        );
      const subscribed = answer(REALTIME_EVENTS.subscriptionSucceeded);
      socket.emit("subscribe", {
        channel,
        auth: { headers: { Authorization: `Bearer ${token}` } },
      });
      await subscribed;
      const disconnected = new Promise((resolve) => socket.once("disconnect", resolve));
      socket.io.engine.close(); // the transport drops; the session can be recovered
      await disconnected;
      // …and the server has seen it go (its rooms are kept for the recovery, not held meanwhile).
      while ((await holders()) > 0) await sleep(20);
      // Signed out while the connection was away: no socket held the channel to be told.
      expect((await call("DELETE", "/session", session)).statusCode).toBe(204);
      const refused = answer(REALTIME_EVENTS.subscriptionError);
      const reconnected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      await reconnected;
      expect(socket.recovered).toBe(true);
      expect(await refused).toMatchObject({ status: 401, code: "session_revoked" });
      expect(await holders()).toBe(0);
    } finally {
      socket.disconnect();
    }
  });
});
