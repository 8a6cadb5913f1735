import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "./test-app.ts";

describe("health probes", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it("answers /healthz while the process is up", async () => {
    const res = await t.app.inject({ url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz with ready while the database answers, and 503 once it is closed", async () => {
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
    t.app.shuttingDown = true;
    const res = await t.app.inject({ url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    t.app.shuttingDown = false;
  });

  it("gives every response a request id, echoing a valid one from the client", async () => {
    const res = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toBe("abc-123");
  });
});
