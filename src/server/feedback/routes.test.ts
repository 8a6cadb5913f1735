// Contract of POST /api/v3/open/walkin-feedback (spec §3 Feedback, §5).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  errorsOf,
  type OpenApiClient,
  openApiClient,
} from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  OTHER_VENDOR_HOST,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { feedback, queueAppointments, vendors } from "../db/schema.ts";

describe("POST /api/v3/open/walkin-feedback", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());

  async function visit(status: "completed" | "waiting" = "completed") {
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    const { id, attributes } = res.json().data;
    await t.db
      .update(queueAppointments)
      .set({ status })
      .where(eq(queueAppointments.id, Number(id)));
    return { id: Number(id), code: attributes.confirm_code as string };
  }

  const send = (
    body: Record<string, unknown>,
    options: { on?: OpenApiClient; csrf?: boolean } = {},
  ) =>
    (options.on ?? client).request({
      method: "POST",
      url: "/api/v3/open/walkin-feedback",
      payload: body,
      csrf: options.csrf ?? true,
      headers: { "content-type": "application/json" },
    });

  it("records a rating in half steps and the experience, once the visit is completed", async () => {
    const { id, code } = await visit();
    const res = await send({
      queue_appointment: id,
      code,
      rating: 4.5,
      experience: " Quick and friendly ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      rating: 4.5,
      experience: "Quick and friendly",
    });
    const [row] = await t.db.select().from(feedback).where(eq(feedback.queueAppointmentId, id));
    expect(row).toMatchObject({ ratingHalves: 9, vendorId: s.vendor.id });
    const lookup = await client.request({
      method: "GET",
      url: `/api/v2/open/queue-appointments/${id}?code=${code}`,
    });
    expect(lookup.json().data.attributes.feedback_given).toBe(true);
  });

  it("accepts a zero rating and no experience", async () => {
    const { id, code } = await visit();
    expect((await send({ queue_appointment: String(id), code, rating: 0 })).statusCode).toBe(201);
  });

  it("answers 409 the second time for the same visit", async () => {
    const { id, code } = await visit();
    await send({ queue_appointment: id, code, rating: 3 });
    const again = await send({ queue_appointment: id, code, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)[0]).toMatchObject({ code: "feedback_already_given" });
  });

  it("answers 409 before the visit is completed", async () => {
    const { id, code } = await visit("waiting");
    const res = await send({ queue_appointment: id, code, rating: 3 });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.code).toBe("visit_not_completed");
  });

  it("asks for a rating, in the visitor's language", async () => {
    const { id, code } = await visit();
    const res = await client.request({
      method: "POST",
      url: "/api/v3/open/walkin-feedback",
      payload: { queue_appointment: id, code, experience: "ok" },
      headers: { "content-type": "application/json", "accept-language": "pl" },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toMatchObject({
      detail: "Przed wysłaniem wystaw ocenę",
      source: { pointer: "/rating" },
    });
  });

  it("refuses ratings off the half-step grid or out of range", async () => {
    const { id, code } = await visit();
    for (const rating of [4.25, -0.5, 5.5, "5"]) {
      const res = await send({ queue_appointment: id, code, rating });
      expect(res.statusCode).toBe(422);
    }
  });

  it("answers 404 for a wrong code or another vendor's host", async () => {
    const { id, code } = await visit();
    expect(
      (await send({ queue_appointment: id, code: "NOTTHECODE000000", rating: 3 })).statusCode,
    ).toBe(404);
    const other = await openApiClient(t.app, OTHER_VENDOR_HOST);
    expect((await send({ queue_appointment: id, code, rating: 3 }, { on: other })).statusCode).toBe(
      404,
    );
  });

  it("answers 403 where the vendor does not collect queue feedback", async () => {
    const { id, code } = await visit();
    await t.db
      .update(vendors)
      .set({ showQueueAppointmentFeedback: false })
      .where(eq(vendors.id, s.vendor.id));
    t.app.caches.invalidate({ entity: "vendor", vendorId: s.vendor.id });
    const res = await send({ queue_appointment: id, code, rating: 3 });
    await t.db
      .update(vendors)
      .set({ showQueueAppointmentFeedback: true })
      .where(eq(vendors.id, s.vendor.id));
    t.app.caches.invalidate({ entity: "vendor", vendorId: s.vendor.id });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]?.code).toBe("feedback_disabled");
  });

  it("requires the CSRF token and refuses unknown fields", async () => {
    const { id, code } = await visit();
    expect(
      (await send({ queue_appointment: id, code, rating: 3 }, { csrf: false })).statusCode,
    ).toBe(403);
    const extra = await send({ queue_appointment: id, code, rating: 3, stars: 5 });
    expect(extra.statusCode).toBe(422);
    expect(errorsOf(extra)[0]).toMatchObject({
      code: "unknown_field",
      source: { pointer: "/stars" },
    });
  });
});
