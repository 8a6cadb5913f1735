// Contract of POST /api/v2/open/analytics-events.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorsOf,
  type OpenApiClient,
  openApiClient,
} from "../../../test/factories/open-api-client.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { analyticsEvents, vendors } from "../db/schema.ts";

describe("POST /api/v2/open/analytics-events", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let demo: OpenApiClient;
  let harbour: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp();
    demo = await openApiClient(t.app, "localhost");
    harbour = await openApiClient(t.app, "harbour.localhost");
  });
  afterAll(() => t.close());

  const event = (name: string, properties: Record<string, unknown> = {}) => ({
    data: { type: "analytics-events", attributes: { name, properties } },
  });

  async function countFor(slug: string, name: string) {
    const rows = await t.db
      .select({ name: analyticsEvents.name, properties: analyticsEvents.properties })
      .from(analyticsEvents)
      .innerJoin(vendors, eq(vendors.id, analyticsEvents.vendorId))
      .where(eq(vendors.slug, slug));
    return rows.filter((r) => r.name === name);
  }

  it("records a booking success for the vendor of the host", async () => {
    const res = await demo.request({
      method: "POST",
      url: "/api/v2/open/analytics-events",
      payload: event("booking_success", { location_id: "1", meeting_method: 1 }),
    });
    expect(res.statusCode).toBe(204);
    const rows = await countFor("demo", "booking_success");
    expect(rows).toEqual([
      { name: "booking_success", properties: { location_id: "1", meeting_method: 1 } },
    ]);
    expect(await countFor("harbour", "booking_success")).toEqual([]);

    const other = await harbour.request({
      method: "POST",
      url: "/api/v2/open/analytics-events",
      payload: event("page_view", { path: "/" }),
    });
    expect(other.statusCode).toBe(204);
    expect(await countFor("harbour", "page_view")).toHaveLength(1);
  });

  it("refuses an unknown event name, nested properties and unknown fields, and stores nothing", async () => {
    const before = (await t.db.select().from(analyticsEvents)).length;
    for (const payload of [
      event("drop_tables"),
      event("page_view", { nested: { a: 1 } }),
      { data: { type: "analytics-events", attributes: { name: "page_view", extra: 1 } } },
    ]) {
      const res = await demo.request({
        method: "POST",
        url: "/api/v2/open/analytics-events",
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]?.status).toBe("422");
    }
    expect((await t.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it("requires the CSRF token", async () => {
    const res = await demo.request({
      method: "POST",
      url: "/api/v2/open/analytics-events",
      payload: event("page_view"),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.code).toBe("csrf_invalid");
  });
});
