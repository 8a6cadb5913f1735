// The wrong-code limits on their own: the window, the per-connection count, and the address count
// shared by every node (through Redis when REDIS_URL is set for the test).
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateCounter, type RateCounter, redisRateCounter } from "../http/rate-limit.ts";
import {
  FAILED_SUBSCRIBE_WINDOW_MS,
  FAILED_SUBSCRIBES_PER_SOCKET,
  visitorSubscribeLimits,
} from "./visitor-subscribe-limits.ts";

const log = { warn: () => {} } as never;

describe("wrong-code subscribe limits", () => {
  it("refuses a connection after its wrong codes until the window ends", async () => {
    let now = 1_000_000;
    const clock = () => now;
    const limitOf = visitorSubscribeLimits({
      counter: memoryRateCounter(clock),
      perAddress: 1_000,
      log,
      now: clock,
    });
    const connection = limitOf("192.0.2.1");
    for (let i = 0; i < FAILED_SUBSCRIBES_PER_SOCKET; i++) {
      expect(await connection.allowed()).toBe(true);
      await connection.failed();
    }
    expect(await connection.allowed()).toBe(false);
    // another connection of the same address still has its own allowance
    expect(await limitOf("192.0.2.1").allowed()).toBe(true);
    now += FAILED_SUBSCRIBE_WINDOW_MS;
    expect(await connection.allowed()).toBe(true);
  });

  it("refuses an address after its wrong codes over all its connections, and no other address", async () => {
    let now = 1_000_000;
    const clock = () => now;
    const limitOf = visitorSubscribeLimits({
      counter: memoryRateCounter(clock),
      perAddress: 5,
      log,
      now: clock,
    });
    for (let i = 0; i < 5; i++) await limitOf("192.0.2.2").failed();
    expect(await limitOf("192.0.2.2").allowed()).toBe(false);
    expect(await limitOf("192.0.2.3").allowed()).toBe(true);
    now += FAILED_SUBSCRIBE_WINDOW_MS;
    expect(await limitOf("192.0.2.2").allowed()).toBe(true);
  });

  it("lets subscribes through when the count cannot be read, as the HTTP limits do", async () => {
    const broken: RateCounter = {
      hit: () => Promise.reject(new Error("store down")),
      count: () => Promise.reject(new Error("store down")),
    };
    const connection = visitorSubscribeLimits({ counter: broken, perAddress: 1, log })("x");
    await connection.failed();
    expect(await connection.allowed()).toBe(true);
  });

  const { REDIS_URL } = process.env;
  describe.skipIf(!REDIS_URL)("on Redis", () => {
    const clients = [createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL })];
    afterAll(async () => {
      for (const client of clients) if (client.isOpen) await client.close();
    });

    it("counts an address's wrong codes on every node together", async () => {
      const [nodeA, nodeB] = await Promise.all(clients.map((client) => client.connect()));
      const address = `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString("hex")}`;
      const onA = visitorSubscribeLimits({ counter: redisRateCounter(nodeA!), perAddress: 4, log });
      const onB = visitorSubscribeLimits({ counter: redisRateCounter(nodeB!), perAddress: 4, log });
      for (let i = 0; i < 4; i++) await onA(address).failed();
      expect(await onB(address).allowed()).toBe(false);
      expect(await onB(`${address}-other`).allowed()).toBe(true);
    });
  });
});
