import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LOCALE } from "../../shared/domain.ts";
import { registerErrorHandling } from "./error-handler.ts";
import { type LoadSheddingLimits, registerLoadShedding } from "./load-shedding.ts";

const limits: LoadSheddingLimits = {
  requestsInFlight: { initial: 2, min: 1, max: 4 },
  targetLatencyMs: 500,
  maxEventLoopDelayMs: 0,
  maxHeapFraction: 0.85,
  maxRssFraction: 0.85,
  sampleIntervalMs: 500,
  retryAfterSeconds: 2,
};

/** A server with the real error handler and load shedding, and a route that answers when told to. */
async function serverWith(overrides: Partial<LoadSheddingLimits>) {
  const app: FastifyInstance = Fastify({ logger: false });
  app.decorateRequest("locale", DEFAULT_LOCALE);
  app.decorateRequest("vendorSynonyms", undefined);
  registerErrorHandling(app);
  await registerLoadShedding(app, { ...limits, ...overrides });
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get("/slow", async () => {
    await gate;
    return { ok: true };
  });
  app.get("/fast", async () => ({ ok: true }));
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async () => ({ status: "ready" }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { app, url, release };
}

describe("load shedding", () => {
  let server: Awaited<ReturnType<typeof serverWith>> | undefined;
  afterEach(async () => {
    server?.release();
    await server?.app.close();
  });

  it("refuses a request beyond the limit in flight with a JSON:API 503 and Retry-After, and admits again once one is answered", async () => {
    server = await serverWith({});
    const { url } = server;
    const held = [fetch(`${url}/slow`), fetch(`${url}/slow`)];
    await sleep(50);
    const refused = await fetch(`${url}/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.json()).toEqual({
      errors: [expect.objectContaining({ status: "503", code: "overloaded" })],
    });
    // Probes answer by their own logic, however full the node is.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    server.release();
    expect((await Promise.all(held)).map((response) => response.status)).toEqual([200, 200]);
    expect((await fetch(`${url}/fast`)).status).toBe(200);
  });

  it("refuses new requests while the heap is over its limit, but not the probes", async () => {
    // A limit every heap exceeds, sampled every 10 ms.
    server = await serverWith({ maxHeapFraction: 1e-6, sampleIntervalMs: 10 });
    await sleep(100);
    const refused = await fetch(`${server.url}/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      "overloaded",
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
