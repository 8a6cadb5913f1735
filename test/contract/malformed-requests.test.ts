// Requests the open API fuzz found answered wrongly, kept as fixed cases: a URL the router cannot
// decode, an over-long path parameter, and text with lone UTF-16 surrogates (which the databases
// refuse in text or jsonb) — each a localised JSON:API 4xx, with nothing stored.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, queueAppointments, rwgConversions } from "../../src/server/db/schema.ts";
import { JSON_API } from "../../src/server/http/error-handler.ts";
import { errorsOf, type OpenApiClient, openApiClient } from "../factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../factories/queue-scenario.ts";
import { buildTestApp } from "../test-app.ts";

describe("malformed requests the fuzz found", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());

  it("answers a path with broken percent-encoding with a JSON:API 400 in the asked language", async () => {
    const res = await t.app.inject({
      url: "/api/v2/open/queue-appointments/%?code=X",
      headers: { host: VENDOR_HOST, "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain(JSON_API);
    expect(errorsOf(res)).toEqual([
      { status: "400", code: "bad_request", detail: expect.any(String) },
    ]);
    expect(errorsOf(res)[0]!.detail).not.toBe("The request could not be read");
  });

  it("answers a path parameter longer than the router takes with a JSON:API 414", async () => {
    const res = await t.app.inject({
      url: `/api/v2/open/locations/${"9".repeat(150)}`,
      headers: { host: VENDOR_HOST },
    });
    expect(res.statusCode).toBe(414);
    expect(res.headers["content-type"]).toContain(JSON_API);
    expect(errorsOf(res)[0]).toMatchObject({ status: "414", code: "bad_request" });
  });

  it("refuses a conversion token made of lone surrogates with 422 and stores nothing", async () => {
    const res = await client.request({
      method: "POST",
      url: "/api/v3/open/rwg-track-conversion",
      payload: '{"rwg_token":"\\udc00\\udc00","merchant_changed":true}',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      code: "invalid",
      source: { pointer: "/rwg_token" },
    });
    const [stored] = await t.db.select({ n: count() }).from(rwgConversions);
    expect(stored!.n).toBe(0);
  });

  it("refuses an analytics property holding NUL (jsonb cannot) with 422 and stores nothing", async () => {
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/analytics-events",
      payload:
        '{"data":{"type":"analytics-events","attributes":{"name":"page_view","properties":{"path":"/a\\u0000b"}}}}',
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      source: { pointer: "/data/attributes/properties/path" },
    });
    const [stored] = await t.db.select({ n: count() }).from(analyticsEvents);
    expect(stored!.n).toBe(0);
  });

  it("refuses car details with a lone surrogate (jsonb cannot hold one) with 422 and no place", async () => {
    const document = joinDocument(s, {
      attributes: {
        service_id: String(s.services.both.id),
        fulfillment_method: 2,
        car_details: { make: "Ford\ud800", model: "Focus", colour: "Blue" },
      },
      answers: [],
    });
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: JSON.stringify(document),
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      code: "invalid",
      source: { pointer: "/data/attributes/car_details/make" },
    });
    const [stored] = await t.db
      .select({ n: count() })
      .from(queueAppointments)
      .where(eq(queueAppointments.vendorId, s.vendor.id));
    expect(stored!.n).toBe(0);
  });
});
