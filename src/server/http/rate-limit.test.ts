// Per-IP rate limits on joins and code look-ups: 429 with Retry-After, localised; counted in
// memory by default and in Redis (shared by every node) when REDIS_URL is set.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, openApiClient } from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { memoryRateLimitStore } from "./rate-limit.ts";

async function buildWithEnv(env: Record<string, string>) {
  return buildTestApp({ seed: false, env });
}

const randomAddress = () => `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

describe("rate limits in memory", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;

  beforeAll(async () => {
    // An empty REDIS_URL means unset: counters stay in this process.
    t = await buildWithEnv({
      REDIS_URL: "",
      RATE_LIMIT_JOIN_PER_MINUTE: "3",
      RATE_LIMIT_LOOKUP_PER_MINUTE: "2",
    });
    s = await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  it("lets an address join RATE_LIMIT_JOIN_PER_MINUTE times a minute, then answers 429 with Retry-After", async () => {
    const client = await openApiClient(t.app, VENDOR_HOST);
    const remoteAddress = randomAddress();
    const join = (headers: Record<string, string> = {}) =>
      client.request({
        method: "POST",
        url: "/api/v2/open/queue-appointments",
        payload: joinDocument(s),
        remoteAddress,
        headers,
      });
    for (let i = 0; i < 3; i++) expect((await join()).statusCode).toBe(201);
    const limited = await join({ "accept-language": "de,fr;q=0.5" });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(errorsOf(limited)[0]).toMatchObject({ status: "429", code: "rate_limited" });
    expect(errorsOf(limited)[0]?.detail).not.toBe(
      "Too many requests. Please wait a moment and try again.",
    );
    // Another address is not affected.
    const elsewhere = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("limits confirm-code look-ups per address", async () => {
    const remoteAddress = randomAddress();
    const lookUp = () =>
      t.app.inject({
        url: "/api/v2/open/queue-appointments/1?code=GUESS",
        headers: { host: VENDOR_HOST },
        remoteAddress,
      });
    expect((await lookUp()).statusCode).toBe(404);
    expect((await lookUp()).statusCode).toBe(404);
    const limited = await lookUp();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });

  it("counts HEAD requests on their GET route's counter", async () => {
    const remoteAddress = randomAddress();
    const lookUp = (method: "GET" | "HEAD") =>
      t.app.inject({
        method,
        url: "/api/v2/open/queue-appointments/1?code=GUESS",
        headers: { host: VENDOR_HOST },
        remoteAddress,
      });
    expect((await lookUp("HEAD")).statusCode).toBe(404);
    expect((await lookUp("GET")).statusCode).toBe(404);
    expect((await lookUp("HEAD")).statusCode).toBe(429);
    expect((await lookUp("GET")).statusCode).toBe(429);
  });

  it("does not limit the initial state or the location list", async () => {
    const remoteAddress = randomAddress();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        url: "/api/v2/open/locations",
        headers: { host: VENDOR_HOST },
        remoteAddress,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("rate limits in Redis", () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  let nodeA: Awaited<ReturnType<typeof buildTestApp>>;
  let nodeB: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    nodeA = await buildWithEnv({ REDIS_URL, RATE_LIMIT_LOOKUP_PER_MINUTE: "3" });
    nodeB = await buildWithEnv({ REDIS_URL, RATE_LIMIT_LOOKUP_PER_MINUTE: "3" });
  });
  afterAll(async () => {
    await nodeA.close();
    await nodeB.close();
  });

  it("counts an address across every node", async () => {
    const remoteAddress = randomAddress();
    const lookUp = (node: typeof nodeA) =>
      node.app.inject({ url: "/api/v2/open/queue-appointments/1?code=GUESS", remoteAddress });
    const statuses = [
      (await lookUp(nodeA)).statusCode,
      (await lookUp(nodeB)).statusCode,
      (await lookUp(nodeA)).statusCode,
      (await lookUp(nodeB)).statusCode,
    ];
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("counts HEAD requests on their GET route's counter", async () => {
    const remoteAddress = randomAddress();
    const lookUp = (node: typeof nodeA, method: "GET" | "HEAD") =>
      node.app.inject({
        method,
        url: "/api/v2/open/queue-appointments/1?code=GUESS",
        remoteAddress,
      });
    const statuses = [
      (await lookUp(nodeA, "HEAD")).statusCode,
      (await lookUp(nodeB, "GET")).statusCode,
      (await lookUp(nodeA, "HEAD")).statusCode,
      (await lookUp(nodeB, "GET")).statusCode,
    ];
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe("the in-memory store", () => {
  it("starts a new window once the last one has ended", () => {
    let clock = 1_000;
    const Store = memoryRateLimitStore(() => clock);
    const store = new Store().child({ routeInfo: { method: "GET", url: "/x" } });
    const hits: Array<{ current: number; ttl: number }> = [];
    const hit = () =>
      store.incr("1.2.3.4", (_error, result) => result && hits.push(result), 60_000);
    hit();
    clock += 59_999;
    hit();
    clock += 1;
    hit();
    expect(hits).toEqual([
      { current: 1, ttl: 60_000 },
      { current: 2, ttl: 1 },
      { current: 1, ttl: 60_000 },
    ]);
  });
});
