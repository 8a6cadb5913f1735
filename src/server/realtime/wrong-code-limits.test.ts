// Guessing confirm codes over the socket is limited: wrong-code subscribes to visitor appointment
// channels per connection and per client address; past the limit even the right code is refused.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  connectEcho,
  type EchoClient,
  socketOf,
  subscription,
} from "../../../test/realtime/echo-client.ts";
import {
  insertLocation,
  insertVendor,
  insertWaitingVisitor,
} from "../../../test/realtime/fixtures.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import {
  REALTIME_EVENTS,
  realtimeChannels,
  type SubscriptionError,
} from "../../shared/realtime-channels.ts";
import { attachRealtime, type Realtime } from "./attach-realtime.ts";
import { FAILED_SUBSCRIBES_PER_SOCKET } from "./visitor-subscribe-limits.ts";

/** wrong codes one address may send a minute, over all its connections (RATE_LIMIT_LOOKUP_PER_MINUTE) */
const PER_ADDRESS = 25;

describe("wrong-code subscribes to visitor channels", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let realtime: Realtime;
  let url: string;
  let vendorId: number;
  let locationId: number;
  const clients: EchoClient[] = [];

  /** A connection from `address` (the proxy's X-Forwarded-For, trusted in this app). */
  const connection = (address: string) => {
    const client = connectEcho(url, { headers: { "x-forwarded-for": address } });
    clients.push(client);
    return client;
  };
  /** The server's answer to one subscribe to a visitor's channel with `code`. */
  const subscribeWith = (client: EchoClient, id: number, code: string) => {
    const socket = socketOf(client);
    const channel = realtimeChannels.queueAppointmentPublic(id);
    return new Promise<"subscribed" | SubscriptionError>((resolve) => {
      const done = (answer: "subscribed" | SubscriptionError) => {
        socket.off(REALTIME_EVENTS.subscriptionSucceeded, succeeded);
        socket.off(REALTIME_EVENTS.subscriptionError, refused);
        resolve(answer);
      };
      const succeeded = (name: string) => name === channel && done("subscribed");
      const refused = (name: string, error: SubscriptionError) => name === channel && done(error);
      socket.on(REALTIME_EVENTS.subscriptionSucceeded, succeeded);
      socket.on(REALTIME_EVENTS.subscriptionError, refused);
      socket.emit("subscribe", { channel, auth: { code } });
    });
  };
  /** Sends `count` wrong codes on one connection, one after another, and returns their answers. */
  const guess = async (client: EchoClient, id: number, count: number) => {
    const answers: unknown[] = [];
    for (let i = 0; i < count; i++) answers.push(await subscribeWith(client, id, `WRONG-${i}`));
    return answers;
  };

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { TRUST_PROXY: "loopback", RATE_LIMIT_LOOKUP_PER_MINUTE: String(PER_ADDRESS) },
    });
    vendorId = await insertVendor(t.db, "demo");
    locationId = await insertLocation(t.db, vendorId);
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

  it(`refuses even the right code on a connection that sent ${FAILED_SUBSCRIBES_PER_SOCKET} wrong ones`, async () => {
    const visitor = await insertWaitingVisitor(t.db, vendorId, locationId);
    const client = connection("198.51.100.1");
    const wrong = await guess(client, visitor.id, FAILED_SUBSCRIBES_PER_SOCKET);
    expect(wrong).toEqual(
      Array(FAILED_SUBSCRIBES_PER_SOCKET).fill(
        expect.objectContaining({ status: 403, code: "confirm_code_mismatch" }),
      ),
    );
    const name = realtimeChannels.queueAppointmentPublic(visitor.id);
    expect(await subscribeWith(client, visitor.id, visitor.confirmCode)).toEqual({
      status: 429,
      code: "too_many_attempts",
      message: "Too many requests. Please wait a moment and try again.",
    });
    // Another connection from another address is not held back by it.
    const other = connectEcho(url, {
      auth: { confirm_code: visitor.confirmCode },
      headers: { "x-forwarded-for": "198.51.100.2" },
    });
    clients.push(other);
    expect(await subscription(other.channel(name))).toBe("subscribed");
  });

  it("counts wrong codes per client address over all its connections", async () => {
    const visitor = await insertWaitingVisitor(t.db, vendorId, locationId);
    const address = "203.0.113.9";
    // Fresh connections each stay below their own limit; together they reach the address's.
    let sent = 0;
    while (sent < PER_ADDRESS) {
      const count = Math.min(FAILED_SUBSCRIBES_PER_SOCKET - 1, PER_ADDRESS - sent);
      await guess(connection(address), visitor.id, count);
      sent += count;
    }
    const fresh = connectEcho(url, {
      auth: { confirm_code: visitor.confirmCode },
      headers: { "x-forwarded-for": address },
    });
    clients.push(fresh);
    const name = realtimeChannels.queueAppointmentPublic(visitor.id);
    expect(await subscription(fresh.channel(name))).toMatchObject({
      status: 429,
      code: "too_many_attempts",
    });
    // Public location channels are not visitor-code channels: still open to that address.
    expect(await subscription(fresh.channel(realtimeChannels.locationPublic(locationId)))).toBe(
      "subscribed",
    );
  });
});
