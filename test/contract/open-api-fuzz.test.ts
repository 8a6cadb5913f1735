// Fuzz of every open endpoint (docs/api.md): 2,000 random and structurally mutated requests each —
// bodies, query strings, path ids, content types, hosts, languages, CSRF headers — through the real
// app on a real database. Whatever arrives, the answer is never a 5xx and every 4xx is a JSON:API
// error document. FUZZ_RUNS changes the count; FUZZ_SEED replays a reported failure.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsOf, openApiClient } from "../factories/open-api-client.ts";
import { createQueueScenario, VENDOR_HOST } from "../factories/queue-scenario.ts";
import type { buildTestApp } from "../test-app.ts";
import { buildTestAppWithEnv, RAISED_RATE_LIMITS } from "./contract-app.ts";
import { createFuzzWorld, type FuzzWorld } from "./fuzz-world.ts";
import { type EndpointFuzzer, openEndpointFuzzers } from "./open-endpoint-fuzzers.ts";
import { openRoutesOf } from "./open-routes.ts";
import { checkWellFormedAnswer } from "./well-formed-answer.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Every fuzzed request comes from this one address, as an attacker's would. */
const FUZZER_ADDRESS = "198.51.100.23";

describe("open API under fuzzing", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let world: FuzzWorld;
  const statuses = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    t = await buildTestAppWithEnv(RAISED_RATE_LIMITS, { seed: false });
    world = await createFuzzWorld(t.app, t.db);
  });
  afterAll(async () => {
    const lines = [...statuses].map(
      ([name, counts]) =>
        `${name.padEnd(62)} ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
    );
    console.info(`open API fuzz, ${RUNS} runs per endpoint:\n${lines.join("\n")}`);
    await t?.close();
  });

  // The world is built in beforeAll, so each endpoint's generator is made when its test runs.
  const names = [
    "GET /api/v2/open/vendor",
    "GET /api/v2/open/locations",
    "GET /api/v2/open/locations/{id}",
    "GET /api/v2/open/locations/{id}/board",
    "GET /api/v2/open/places",
    "GET /api/v2/open/queue-appointments-services/{locationId}",
    "GET /api/v2/open/questions",
    "POST /api/v2/open/queue-appointments",
    "GET /api/v2/open/queue-appointments/{id}",
    "PATCH /api/v2/open/queue-appointments/{id}",
    "GET /api/v3/open/walkin-conversion",
    "POST /api/v3/open/walkin-feedback",
    "GET /api/v2/open/availability",
    "GET /api/v2/open/locations/{id}/staff",
    "POST /api/v2/open/appointments",
    "GET /api/v2/open/appointments/{id}",
    "GET /api/v2/open/appointments/{id}.ics",
    "PATCH /api/v2/open/appointments/{id}",
    "POST /api/v2/open/analytics-events",
    "POST /api/v3/open/rwg-track-conversion",
    "GET /cx/snippets/api/v1/cx_snippets",
  ];

  it.each(names)(
    "%s: never a 5xx, every 4xx a JSON:API error",
    async (name) => {
      const fuzzer = openEndpointFuzzers(world).find((f) => f.name === name) as EndpointFuzzer;
      expect(fuzzer, `no fuzzer named ${name}`).toBeDefined();
      const counts = new Map<number, number>();
      statuses.set(name, counts);
      await fc.assert(
        fc.asyncProperty(fuzzer.request, async (request) => {
          const res = await t.app.inject({
            method: request.method as "GET",
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            remoteAddress: request.remoteAddress ?? FUZZER_ADDRESS,
          });
          const status = checkWellFormedAnswer(request, res);
          counts.set(status, (counts.get(status) ?? 0) + 1);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      // The fuzz must reach past the parsers and validators, not only bounce off them.
      if (RUNS >= 500)
        for (const status of fuzzer.mustSee)
          expect(counts.get(status) ?? 0, `${name} never answered ${status}`).toBeGreaterThan(0);
    },
    600_000,
  );

  it("covers every open endpoint the app serves", () => {
    expect([...names].sort()).toEqual(openRoutesOf(t.app));
    expect(openEndpointFuzzers(world).map((f) => f.name)).toEqual(names);
  });
});

describe("rate limits with the default configuration", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestAppWithEnv(
      { RATE_LIMIT_JOIN_PER_MINUTE: "", RATE_LIMIT_LOOKUP_PER_MINUTE: "", REDIS_URL: "" },
      { seed: false },
    );
    await createQueueScenario(t.db);
  });
  afterAll(() => t.close());

  it("still refuse an address after 20 joins and 120 code look-ups a minute (the fuzz raises them)", async () => {
    const session = await openApiClient(t.app, VENDOR_HOST);
    const remoteAddress = "198.51.100.99";
    const send = (method: "POST" | "GET", url: string) =>
      session.request({
        method,
        url,
        remoteAddress,
        ...(method === "POST" ? { payload: {} } : {}),
      });
    for (let i = 0; i < 20; i++)
      expect((await send("POST", "/api/v2/open/queue-appointments")).statusCode).not.toBe(429);
    const join = await send("POST", "/api/v2/open/queue-appointments");
    expect(join.statusCode).toBe(429);
    expect(errorsOf(join)[0]).toMatchObject({ status: "429", code: "rate_limited" });
    expect(Number(join.headers["retry-after"])).toBeGreaterThan(0);
    for (let i = 0; i < 120; i++)
      expect((await send("GET", "/api/v2/open/queue-appointments/1?code=X")).statusCode).toBe(404);
    expect((await send("GET", "/api/v2/open/queue-appointments/1?code=X")).statusCode).toBe(429);
  });
});
