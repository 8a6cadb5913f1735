// The OpenAPI document at /api/docs is generated from the route schemas; every open call is in it
// with its parameters, body and responses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../../test/test-app.ts";

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

describe("OpenAPI document of the open API", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    paths = res.json().paths;
  });
  afterAll(() => t.close());

  it.each([
    ["get", "/api/v2/open/vendor", ["200"]],
    ["get", "/api/v2/open/locations", ["200", "422"]],
    ["get", "/api/v2/open/locations/{id}", ["200", "404"]],
    ["get", "/api/v2/open/queue-appointments-services/{locationId}", ["200", "404"]],
    ["get", "/api/v2/open/questions", ["200", "404"]],
    ["post", "/api/v2/open/queue-appointments", ["201", "403", "409", "415", "422", "429"]],
    ["get", "/api/v2/open/queue-appointments/{id}", ["200", "404", "429"]],
    ["patch", "/api/v2/open/queue-appointments/{id}", ["200", "404", "409", "422"]],
    ["get", "/api/v3/open/walkin-conversion", ["200", "404", "409"]],
    ["post", "/api/v3/open/walkin-feedback", ["201", "404", "409", "422"]],
    ["post", "/api/v3/open/rwg-track-conversion", ["201", "422"]],
  ])("documents %s %s", (method, path, statuses) => {
    const operation = paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(statuses));
    if (method !== "get") expect(operation!.requestBody).toBeDefined();
  });

  it("documents the join body down to the client's attributes", async () => {
    const res = await t.app.inject({ url: "/api/docs/json" });
    const join = res.json().paths["/api/v2/open/queue-appointments"].post;
    const schema = JSON.stringify(join.requestBody);
    for (const name of [
      "location_id",
      "fulfillment_method",
      "car_details",
      "first_name",
      "cell_phone",
      "question_id",
    ]) {
      expect(schema).toContain(name);
    }
    expect(join.parameters.map((p: { name: string }) => p.name)).toContain("idempotency-key");
  });
});
