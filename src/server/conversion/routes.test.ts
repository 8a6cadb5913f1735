// Contract of GET /api/v3/open/walkin-conversion and POST /api/v3/open/rwg-track-conversion.
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
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { queueAppointments, rwgConversions } from "../db/schema.ts";

describe("conversion endpoints", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());

  async function waitingVisit() {
    const res = await client.request({
      method: "POST",
      url: "/api/v2/open/queue-appointments",
      payload: joinDocument(s),
    });
    return {
      id: res.json().data.id as string,
      code: res.json().data.attributes.confirm_code as string,
    };
  }

  const convert = (id: string, code: string, on: OpenApiClient = client) =>
    on.request({
      method: "GET",
      url: `/api/v3/open/walkin-conversion?id=${id}&confirm_code=${code}`,
    });

  describe("GET /api/v3/open/walkin-conversion", () => {
    it("gives the booking-flow URL with service, location and the queue place to prefill from", async () => {
      const { id, code } = await waitingVisit();
      const res = await convert(id, code);
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().url, "https://example.test");
      expect(url.pathname).toBe("/select-timeslot");
      expect(Object.fromEntries(url.searchParams)).toEqual({
        service: String(s.services.walkin.id),
        location: String(s.location.id),
        meeting_method: "1",
        from_queue_appointment: id,
        code,
        lang: "en",
      });
      // The place is kept until the booking completes.
      const [row] = await t.db
        .select()
        .from(queueAppointments)
        .where(eq(queueAppointments.id, Number(id)));
      expect(row?.status).toBe("waiting");
    });

    it("answers 409 when the vendor's appointment-booking channel is off", async () => {
      const { id, code } = await waitingVisit();
      const restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        features: { appointment_booking_channel: false },
      });
      const res = await convert(id, code);
      await restore();
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "conversion_unavailable",
        detail: "Booking an appointment is not available here",
      });
    });

    it("answers 409 for a place no longer waiting", async () => {
      const { id, code } = await waitingVisit();
      await t.db
        .update(queueAppointments)
        .set({ status: "in_progress" })
        .where(eq(queueAppointments.id, Number(id)));
      const res = await convert(id, code);
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]?.code).toBe("conversion_not_waiting");
    });

    it("answers the same 404 for a wrong code, a wrong id, missing parameters and another vendor", async () => {
      const { id, code } = await waitingVisit();
      const other = await openApiClient(t.app, OTHER_VENDOR_HOST);
      const answers = [
        await convert(id, "WRONG"),
        await convert("999999", code),
        await client.request({ method: "GET", url: "/api/v3/open/walkin-conversion" }),
        await convert(id, code, other),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(answers[0]!.json());
      }
    });
  });

  describe("POST /api/v3/open/rwg-track-conversion", () => {
    const track = (payload: unknown, csrf = true) =>
      client.request({
        method: "POST",
        url: "/api/v3/open/rwg-track-conversion",
        payload: payload as object,
        csrf,
        headers: { "content-type": "application/json" },
      });

    it("records the token and whether the merchant changed", async () => {
      const res = await track({ rwg_token: "AJKvS9X-token", merchant_changed: 1 });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes.merchant_changed).toBe(true);
      const [row] = await t.db
        .select()
        .from(rwgConversions)
        .where(eq(rwgConversions.token, "AJKvS9X-token"));
      expect(row).toMatchObject({ vendorId: s.vendor.id, merchantChanged: true });
    });

    it("requires the CSRF token, a token and the flag, and nothing else", async () => {
      expect((await track({ rwg_token: "t", merchant_changed: false }, false)).statusCode).toBe(
        403,
      );
      expect((await track({ merchant_changed: false })).statusCode).toBe(422);
      expect((await track({ rwg_token: "", merchant_changed: false })).statusCode).toBe(422);
      expect((await track({ rwg_token: "t", merchant_changed: "yes" })).statusCode).toBe(422);
      const extra = await track({ rwg_token: "t", merchant_changed: false, merchant: 3 });
      expect(errorsOf(extra)[0]).toMatchObject({
        code: "unknown_field",
        source: { pointer: "/merchant" },
      });
    });
  });
});
