// GET /api/docs/json is a well-formed OpenAPI 3 document generated from the route schemas: every
// open route the app serves is in it (and nothing else under /open), with its path, query and
// header parameters and its request body, and every reference in it resolves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../test-app.ts";
import { OPEN_ROUTE, openRoutesOf } from "./open-routes.ts";

type Parameter = { name: string; in: string; required?: boolean; schema?: object };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: object }> };
  responses?: Record<string, { description?: string }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Parameters (in:name) and top-level body members of each open operation, from docs/api.md. */
const EXPECTED: Record<string, { parameters: string[]; body?: string[] }> = {
  "GET /api/v2/open/vendor": { parameters: [] },
  "GET /cx/snippets/api/v1/cx_snippets": { parameters: ["query:location_id", "query:lang"] },
  "GET /api/v2/open/locations": { parameters: ["query:near", "query:filter[search]"] },
  "GET /api/v2/open/locations/{id}": { parameters: ["path:id"] },
  "GET /api/v2/open/locations/{id}/board": { parameters: ["path:id", "query:token"] },
  "GET /api/v2/open/places": { parameters: ["query:q", "query:limit"] },
  "GET /api/v2/open/queue-appointments-services/{locationId}": { parameters: ["path:locationId"] },
  "GET /api/v2/open/questions": { parameters: ["query:filter[matching]"] },
  "POST /api/v2/open/queue-appointments": {
    parameters: ["header:idempotency-key", "header:x-csrf-token"],
    body: ["data"],
  },
  "GET /api/v2/open/queue-appointments/{id}": { parameters: ["path:id", "query:code"] },
  "PATCH /api/v2/open/queue-appointments/{id}": { parameters: ["path:id"], body: ["data"] },
  "GET /api/v3/open/walkin-conversion": { parameters: ["query:id", "query:confirm_code"] },
  "POST /api/v3/open/walkin-feedback": {
    parameters: [],
    body: ["queue_appointment", "code", "rating", "experience"],
  },
  "POST /api/v2/open/analytics-events": { parameters: [], body: ["data"] },
  "GET /api/v2/open/availability": {
    parameters: [
      "query:service_id",
      "query:location_id",
      "query:staff_id",
      "query:meeting_method",
      "query:from",
      "query:to",
      "query:attendees",
      "query:lang",
    ],
  },
  "GET /api/v2/open/locations/{id}/staff": { parameters: ["path:id", "query:service_id"] },
  "POST /api/v2/open/appointments": {
    parameters: ["header:idempotency-key", "header:x-csrf-token"],
    body: ["data"],
  },
  "GET /api/v2/open/appointments/{id}": { parameters: ["path:id", "query:code"] },
  "GET /api/v2/open/appointments/{id}.ics": { parameters: ["path:id", "query:code"] },
  "PATCH /api/v2/open/appointments/{id}": { parameters: ["path:id", "query:code"], body: ["data"] },
  "POST /api/v3/open/rwg-track-conversion": {
    parameters: [],
    body: ["rwg_token", "merchant_changed"],
  },
};

/** Every "$ref" in the document, to check each points at something that exists. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string") found.push(item);
      else refsIn(item, found);
    }
  return found;
}

describe("the OpenAPI document at /api/docs/json", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let document: OpenApiDocument;
  const operation = (route: string) => {
    const [method, path] = route.split(" ") as [string, string];
    return document.paths[path]?.[method.toLowerCase()];
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    const res = await t.app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t.close());

  it("is an OpenAPI 3 document with a title, a version and paths", () => {
    expect(document.openapi).toMatch(/^3\.[01]\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      for (const method of Object.keys(item))
        expect(METHODS, `${path} ${method}`).toContain(method);
    }
  });

  it("lists exactly the open routes the app serves", () => {
    const documented = Object.entries(document.paths)
      .filter(([path]) => OPEN_ROUTE.test(path))
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(openRoutesOf(t.app));
    expect(Object.keys(EXPECTED).sort()).toEqual(documented);
  });

  it.each(Object.entries(EXPECTED))(
    "documents %s with its parameters and body",
    (route, expected) => {
      const op = operation(route)!;
      const parameters = op.parameters ?? [];
      expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
        [...expected.parameters].sort(),
      );
      for (const parameter of parameters) {
        expect(["path", "query", "header", "cookie"]).toContain(parameter.in);
        expect(parameter.schema, `${route} ${parameter.name}`).toEqual(expect.any(Object));
      }
      // Every {name} in the path template is a required path parameter, and nothing else is.
      const templated = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const inPath = parameters.filter((p) => p.in === "path");
      expect(inPath.map((p) => p.name).sort()).toEqual(templated.sort());
      for (const p of inPath) expect(p.required, `${route} ${p.name}`).toBe(true);

      const responses = Object.entries(op.responses ?? {});
      expect(responses.length).toBeGreaterThan(0);
      for (const [status, response] of responses) {
        expect(status).toMatch(/^([1-5]\d\d|default)$/);
        expect(response.description, `${route} ${status}`).toEqual(expect.any(String));
      }

      if (!expected.body) return expect(op.requestBody).toBeUndefined();
      expect(op.requestBody?.required).toBe(true);
      const media = Object.values(op.requestBody?.content ?? {});
      expect(media.length).toBeGreaterThan(0);
      for (const { schema } of media) {
        expect(schema).toMatchObject({ type: "object", additionalProperties: false });
        expect(Object.keys((schema as { properties: object }).properties).sort()).toEqual(
          [...expected.body].sort(),
        );
      }
    },
  );

  it("documents the join body down to the client's attributes and the answers", () => {
    const body = JSON.stringify(operation("POST /api/v2/open/queue-appointments")!.requestBody);
    for (const member of [
      "location_id",
      "service_id",
      "car_details",
      "first_name",
      "cell_phone",
      "question_id",
    ])
      expect(body).toContain(`"${member}"`);
  });

  it("has no reference that points nowhere", () => {
    for (const ref of refsIn(document)) {
      expect(ref.startsWith("#/"), ref).toBe(true);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown> | undefined)?.[key],
          document,
        );
      expect(target, ref).toBeDefined();
    }
  });
});
