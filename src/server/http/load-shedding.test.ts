import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LOCALE } from "../../shared/domain.ts";
import { loadConfig } from "../config.ts";
import { registerErrorHandling } from "./error-handler.ts";
import {
  type LoadSheddingLimits,
  loadSheddingLimits,
  registerLoadShedding,
} from "./load-shedding.ts";

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
  let slowInFlight = 0;
  app.get("/api/slow", async () => {
    slowInFlight += 1;
    await gate;
    return { ok: true };
  });
  app.get("/api/fast", async () => ({ ok: true }));
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async () => ({ status: "ready" }));
  app.get("/assets/app.js", async () => "export {};");
  app.get("/callback-service/:id", async () => "<!doctype html>");
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { app, url, release, slowInFlight: () => slowInFlight };
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
    const held = [fetch(`${url}/api/slow`), fetch(`${url}/api/slow`)];
    // Both held requests inside the server first, however slow the machine is today.
    await vi.waitFor(() => expect(server?.slowInFlight()).toBe(2));
    const refused = await fetch(`${url}/api/fast`);
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
    expect((await fetch(`${url}/api/fast`)).status).toBe(200);
  });

  it("refuses new requests while the heap is over its limit, but not the probes", async () => {
    // A limit every heap exceeds, sampled every 10 ms.
    server = await serverWith({ maxHeapFraction: 1e-6, sampleIntervalMs: 10 });
    const { url } = server;
    // The first sample is taken on the sampler's own timer: wait for it, not for a fixed time.
    const refused = await vi.waitFor(async () => {
      const response = await fetch(`${url}/api/fast`);
      expect(response.status).toBe(503);
      return response;
    });
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      "overloaded",
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("never refuses the web app's files and pages, which are cheap and break the page when refused", async () => {
    server = await serverWith({ maxHeapFraction: 1e-6, sampleIntervalMs: 10 });
    const { url } = server;
    await vi.waitFor(async () => expect((await fetch(`${url}/api/fast`)).status).toBe(503));
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/callback-service/12`)).status).toBe(200);
  });
});

describe("the event-loop backstop's setting", () => {
  const config = (value?: string) =>
    loadConfig({
      SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
      ...(value === undefined ? {} : { LOAD_SHEDDING_MAX_LOOP_DELAY_MS: value }),
    }).LOAD_SHEDDING_MAX_LOOP_DELAY_MS;

  it("defaults to 250 ms on PostgreSQL and off on the embedded database", () => {
    expect(loadSheddingLimits("postgres", 20, config()).maxEventLoopDelayMs).toBe(250);
    expect(loadSheddingLimits("pglite", 20, config()).maxEventLoopDelayMs).toBe(0);
  });

  it("takes the operator's value, 0 turning it off", () => {
    expect(loadSheddingLimits("postgres", 20, config("0")).maxEventLoopDelayMs).toBe(0);
    expect(loadSheddingLimits("pglite", 20, config("400")).maxEventLoopDelayMs).toBe(400);
  });

  it("refuses a value that is not a whole number of milliseconds", () => {
    for (const bad of ["-1", "1.5", "soon", "600001"])
      expect(() => config(bad), bad).toThrow(/LOAD_SHEDDING_MAX_LOOP_DELAY_MS/);
  });
});
