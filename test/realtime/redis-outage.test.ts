// With Redis gone, a node keeps serving its own sockets and does not crash; when Redis comes back
// it shares events with the other nodes again. Node 1 reaches Redis through a relay the test cuts.
import { randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachRealtime, type Realtime } from "../../src/server/realtime/attach-realtime.ts";
import type { WaitTimeEntry } from "../../src/shared/contracts/realtime.ts";
import { realtimeChannels } from "../../src/shared/realtime-channels.ts";
import { buildTestApp } from "../test-app.ts";
import { connectEcho, type EchoClient, nextEvent, subscription } from "./echo-client.ts";
import { insertLocation, insertVendor } from "./fixtures.ts";
import { startRelay } from "./server-process.ts";

const { REDIS_URL } = process.env;
if (!REDIS_URL) console.warn("Redis outage test skipped: set REDIS_URL");

type Node = {
  t: Awaited<ReturnType<typeof buildTestApp>>;
  realtime: Realtime;
  url: string;
  locationId: number;
};

describe.skipIf(!REDIS_URL)("realtime while Redis is down", () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let redisPort: number;
  let node1: Node;
  let node2: Node;
  const echoes: EchoClient[] = [];
  const entries = (id: string): WaitTimeEntry[] => [
    { id, attributes: { expected_start: null, people_ahead: 0 } },
  ];

  /** a node on its own database holding the same vendor and location ids */
  const startNode = async (redisUrl: string): Promise<Node> => {
    const t = await buildTestApp({ seed: false });
    const vendorId = await insertVendor(t.db, "demo");
    const locationId = await insertLocation(t.db, vendorId);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const realtime = await attachRealtime(t.app, { redisUrl });
    const address = t.app.server.address();
    return {
      t,
      realtime,
      url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      locationId,
    };
  };
  const follow = async (node: Node) => {
    const echo = connectEcho(node.url);
    echoes.push(echo);
    const channel = echo.channel(realtimeChannels.locationPublic(node.locationId));
    expect(await subscription(channel)).toBe("subscribed");
    return channel;
  };
  const emitOn = (node: Node, id: string) =>
    node.t.app.events.emit("waitTimesRecalculated", {
      vendorId: 1,
      locationId: node.locationId,
      entries: entries(id),
    });

  beforeAll(async () => {
    const redis = new URL(REDIS_URL!);
    redisPort = Number(redis.port || 6379);
    relay = await startRelay(redisPort);
    // A logical Redis database of its own keeps this test's stream apart from other runs.
    redis.pathname = `/${randomInt(1, 16)}`;
    const throughRelay = new URL(redis);
    throughRelay.port = new URL(relay.url).port;
    node1 = await startNode(throughRelay.toString());
    node2 = await startNode(redis.toString());
  });
  afterAll(async () => {
    for (const echo of echoes) echo.disconnect();
    for (const node of [node1, node2]) {
      await node?.realtime.close();
      await node?.t.close();
    }
    await relay.close();
  });

  it("keeps delivering to its own sockets without Redis, and shares events again once it is back", async () => {
    const onNode1 = await follow(node1);
    const onNode2 = await follow(node2);
    const shared = nextEvent(onNode2, "WaitTimeRecalculated");
    emitOn(node1, "1");
    expect(await shared).toEqual({ data: entries("1") });

    relay.cut();
    await sleep(100);
    // A dropped connection makes the adapter save the socket's session to Redis, and the client's
    // reconnect asks for it back: with Redis down, neither may throw.
    for (const socket of node1.realtime.io.sockets.sockets.values()) socket.conn.close();
    const duringOutage = await follow(node1);
    const local = nextEvent(duringOutage, "WaitTimeRecalculated", 500);
    emitOn(node1, "2");
    expect(await local).toEqual({ data: entries("2") });
    void onNode1;

    relay.restore(redisPort);
    const sharedAgain = nextEvent(onNode2, "WaitTimeRecalculated", 15_000);
    let arrived = false;
    void sharedAgain.then(() => {
      arrived = true;
    });
    const deadline = Date.now() + 15_000;
    while (!arrived && Date.now() < deadline) {
      emitOn(node1, "3");
      await sleep(250);
    }
    expect(await sharedAgain).toEqual({ data: entries("3") });
  });

  it("shuts down at once with Redis attached, without waiting for the stream readers", async () => {
    const node = await startNode(new URL(REDIS_URL!).toString());
    await follow(node);
    const started = performance.now();
    await node.realtime.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    await node.t.close();
  });
});
