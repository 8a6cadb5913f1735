// Behind a proxy that appends to X-Forwarded-For, the rate limit sees the address the proxy saw,
// whatever the client wrote into the header itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";

const PROXY = "10.0.0.7";
const CLIENT = "198.51.100.23";

describe.each([
  { trust: "1", described: "one hop" },
  { trust: "10.0.0.0/8", described: "the proxy's address range" },
])("TRUST_PROXY as $described", ({ trust }) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { TRUST_PROXY: trust, RATE_LIMIT_LOOKUP_PER_MINUTE: "2" },
    });
  });
  afterAll(() => t.close());

  it("counts the client the proxy saw, whatever X-Forwarded-For it sent", async () => {
    // The client writes an address of its choice; the proxy appends the one it saw.
    const lookUp = (spoofed: string) =>
      t.app.inject({
        url: "/api/v2/open/queue-appointments/1?code=GUESS",
        remoteAddress: PROXY,
        headers: { "x-forwarded-for": `${spoofed}, ${CLIENT}` },
      });
    const statuses = [];
    for (const spoofed of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      statuses.push((await lookUp(spoofed)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 429]);
    // Another client behind the same proxy has a count of its own.
    const other = await t.app.inject({
      url: "/api/v2/open/queue-appointments/1?code=GUESS",
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": "198.51.100.99" },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("TRUST_PROXY as addresses", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp({
      seed: false,
      env: { TRUST_PROXY: "10.0.0.0/8", RATE_LIMIT_LOOKUP_PER_MINUTE: "1" },
    });
  });
  afterAll(() => t.close());

  it("ignores X-Forwarded-For from a client that connects directly", async () => {
    const lookUp = (forwardedFor: string) =>
      t.app.inject({
        url: "/api/v2/open/queue-appointments/1?code=GUESS",
        remoteAddress: CLIENT,
        headers: { "x-forwarded-for": forwardedFor },
      });
    expect((await lookUp("203.0.113.1")).statusCode).toBe(404);
    expect((await lookUp("203.0.113.2")).statusCode).toBe(429);
  });
});
