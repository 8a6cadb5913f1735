// Fuzz of every staff API endpoint (/api/internal/v1/**, docs/lobby-api.md): random and structurally
// mutated requests — bodies, query strings, path ids, content types, hosts, languages, sessions and
// anti-forgery tokens — signed in as a role that may use the endpoint, through the real app on a
// real database. Whatever arrives, the answer is never a 5xx and every 4xx a JSON:API error
// document. FUZZ_RUNS changes the count (default 1,000 per endpoint); FUZZ_SEED replays a failure.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { buildTestApp } from "../test-app.ts";
import { buildTestAppWithEnv, RAISED_RATE_LIMITS } from "./contract-app.ts";
import {
  headersOf,
  type InternalEndpointFuzzer,
  internalEndpointFuzzers,
} from "./internal-endpoint-fuzzers.ts";
import { createInternalFuzzWorld, type InternalFuzzWorld } from "./internal-fuzz-world.ts";
import { internalRoutesOf } from "./open-routes.ts";
import { checkWellFormedAnswer } from "./well-formed-answer.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const FUZZER_ADDRESS = "198.51.100.24";

describe("staff API under fuzzing", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let world: InternalFuzzWorld;
  const statuses = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    t = await buildTestAppWithEnv(RAISED_RATE_LIMITS, { seed: false });
    world = await createInternalFuzzWorld(t.app, t.db);
  });
  afterAll(async () => {
    const lines = [...statuses].map(
      ([name, counts]) =>
        `${name.padEnd(64)} ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}`,
    );
    console.info(`staff API fuzz, up to ${RUNS} runs per endpoint:\n${lines.join("\n")}`);
    await t?.close();
  });

  const names = [
    "DELETE /api/internal/v1/session",
    "POST /api/internal/v1/session",
    "DELETE /api/internal/v1/sessions",
    "GET /api/internal/v1/me",
    "POST /api/internal/v1/password-resets",
    "POST /api/internal/v1/password-resets/{token}",
    "GET /api/internal/v1/locations/{id}/queue",
    "POST /api/internal/v1/locations/{id}/queue",
    "POST /api/internal/v1/locations/{id}/queue/next",
    "PATCH /api/internal/v1/queue-appointments/{id}",
    "POST /api/internal/v1/queue-appointments/{id}/transfer",
    "GET /api/internal/v1/dashboard",
    "GET /api/internal/v1/messages",
    "GET /api/internal/v1/queue-appointments/{id}/messages",
    "GET /api/internal/v1/jobs/dead",
    "POST /api/internal/v1/jobs/dead/{id}/retry",
    "GET /api/internal/v1/locations/{id}/board-link",
    "POST /api/internal/v1/locations/{id}/board-link/rotation",
    "GET /api/internal/v1/notification-templates",
    "PUT /api/internal/v1/notification-templates/{kind}/{channel}/{lang}",
    "DELETE /api/internal/v1/notification-templates/{kind}/{channel}/{lang}",
    "GET /api/internal/v1/notification-settings",
    "PUT /api/internal/v1/notification-settings",
    "GET /api/internal/v1/locations/{id}/notification-settings",
    "PUT /api/internal/v1/locations/{id}/notification-settings",
    "GET /api/internal/v1/audit-log",
    "GET /api/internal/v1/locations/{id}/hours",
    "PUT /api/internal/v1/locations/{id}/hours",
    "GET /api/internal/v1/locations/{id}/hours/preview",
    "GET /api/internal/v1/locations/{id}/adjustments",
    "POST /api/internal/v1/locations/{id}/adjustments",
    "PATCH /api/internal/v1/locations/{id}/adjustments/{adjustmentId}",
    "DELETE /api/internal/v1/locations/{id}/adjustments/{adjustmentId}",
    "GET /api/internal/v1/services",
    "POST /api/internal/v1/services",
    "PUT /api/internal/v1/services/order",
    "GET /api/internal/v1/services/{id}",
    "PATCH /api/internal/v1/services/{id}",
    "GET /api/internal/v1/service-categories",
    "POST /api/internal/v1/service-categories",
    "PATCH /api/internal/v1/service-categories/{id}",
    "GET /api/internal/v1/questions",
    "POST /api/internal/v1/questions",
    "GET /api/internal/v1/questions/{id}",
    "PATCH /api/internal/v1/questions/{id}",
    "GET /api/internal/v1/setup",
    "POST /api/internal/v1/setup",
    "GET /api/internal/v1/vendors",
    "POST /api/internal/v1/vendors",
    "GET /api/internal/v1/vendors/{id}",
    "PATCH /api/internal/v1/vendors/{id}",
    "GET /api/internal/v1/locations",
    "POST /api/internal/v1/locations",
    "GET /api/internal/v1/locations/{id}",
    "PATCH /api/internal/v1/locations/{id}",
    "GET /api/internal/v1/staff",
    "POST /api/internal/v1/staff",
    "GET /api/internal/v1/staff/{id}",
    "PATCH /api/internal/v1/staff/{id}",
    "PUT /api/internal/v1/staff/{id}/assignments",
    "PUT /api/internal/v1/staff/{id}/shifts",
    "POST /api/internal/v1/staff/{id}/password-reset",
    "POST /api/internal/v1/imports/locations",
    "GET /api/internal/v1/exports/locations.csv",
    "POST /api/internal/v1/imports/staff",
    "GET /api/internal/v1/exports/staff.csv",
    "GET /api/internal/v1/groups",
    "POST /api/internal/v1/groups",
    "GET /api/internal/v1/groups/{id}",
    "PATCH /api/internal/v1/groups/{id}",
    "GET /api/internal/v1/rooms",
    "POST /api/internal/v1/rooms",
    "GET /api/internal/v1/rooms/{id}",
    "PATCH /api/internal/v1/rooms/{id}",
    "GET /api/internal/v1/schedule",
    "GET /api/internal/v1/availability",
    "POST /api/internal/v1/appointments",
    "GET /api/internal/v1/appointments/{id}",
    "PATCH /api/internal/v1/appointments/{id}",
    "GET /api/internal/v1/clients",
    "GET /api/internal/v1/clients/{id}",
    "PATCH /api/internal/v1/clients/{id}",
    "POST /api/internal/v1/clients/{id}/merge",
    "GET /api/internal/v1/clients/{id}/appointments",
    "GET /api/internal/v1/clients/{id}/walk-ins",
    "GET /api/internal/v1/clients/{id}/timeline",
    ...["client-view", "lobby", "features", "synonyms", "booking"].flatMap((section) => [
      `GET /api/internal/v1/settings/${section}`,
      `PUT /api/internal/v1/settings/${section}`,
    ]),
    "GET /api/internal/v1/api-keys",
    "POST /api/internal/v1/api-keys",
    "POST /api/internal/v1/api-keys/{id}/revoke",
    "POST /api/internal/v1/cx-snippets",
    "GET /api/internal/v1/cx-snippets",
    "GET /api/internal/v1/cx-snippets/{id}",
    "PATCH /api/internal/v1/cx-snippets/{id}",
    "DELETE /api/internal/v1/cx-snippets/{id}",
    "GET /api/internal/v1/settings/branding",
    "PUT /api/internal/v1/settings/branding",
    "POST /api/internal/v1/settings/branding/logo",
    "DELETE /api/internal/v1/settings/branding/logo",
  ];

  it.each(names)(
    "%s: never a 5xx, every 4xx a JSON:API error",
    async (name) => {
      const fuzzer = internalEndpointFuzzers(world).find(
        (f) => f.name === name,
      ) as InternalEndpointFuzzer;
      expect(fuzzer, `no fuzzer named ${name}`).toBeDefined();
      const counts = new Map<number, number>();
      statuses.set(name, counts);
      const runs = Math.max(1, Math.round(RUNS * (fuzzer.runsShare ?? 1)));
      await fc.assert(
        fc.asyncProperty(fuzzer.plan, async (plan) => {
          const session = await world.session(plan.account);
          const request = {
            method: plan.method,
            url: plan.url,
            headers: headersOf(plan, session, world.otherSession),
            ...(plan.payload === undefined ? {} : { payload: plan.payload }),
            remoteAddress: plan.remoteAddress ?? FUZZER_ADDRESS,
          };
          const res = await t.app.inject(request);
          // A sign-out that worked ended the account's session: the next call signs in again.
          if (plan.method === "DELETE" && res.statusCode === 204) world.ended(plan.account);
          const status = checkWellFormedAnswer(request, res);
          counts.set(status, (counts.get(status) ?? 0) + 1);
        }),
        { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (runs >= 50)
        for (const status of fuzzer.mustSee)
          expect(counts.get(status) ?? 0, `${name} never answered ${status}`).toBeGreaterThan(0);
    },
    600_000,
  );

  it("covers every staff API endpoint the app serves", () => {
    expect([...names].sort()).toEqual(internalRoutesOf(t.app));
    expect(internalEndpointFuzzers(world).map((f) => f.name)).toEqual(names);
  });
});
