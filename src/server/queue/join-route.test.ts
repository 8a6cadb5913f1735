// Contract of POST /api/v2/open/queue-appointments (docs/api.md).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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
import { queueAppointmentDocumentSchema } from "../../shared/contracts/queue-appointment.ts";
import { clients, idempotencyKeys, queueAppointments, queueEvents } from "../db/schema.ts";

const URL = "/api/v2/open/queue-appointments";

describe("POST /api/v2/open/queue-appointments", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());

  const join = (payload: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: "POST", url: URL, payload: payload as object, headers });

  it("puts the visitor in line and answers 201 with the appointment, its client and answers", async () => {
    const res = await join(joinDocument(s));
    expect(res.statusCode).toBe(201);
    expect(res.headers["content-type"]).toContain("application/vnd.api+json");
    const body = res.json();
    expect(body.data).toMatchObject({
      type: "queue-appointments",
      attributes: {
        status: "waiting",
        booked_through: "online_queue",
        channel_id: 13,
        location_id: String(s.location.id),
        service_id: String(s.services.walkin.id),
        meeting_method: 1,
        fulfillment_method: 1,
        car_details: null,
        user: null,
        dial_in: null,
        meeting_link: null,
        feedback_given: false,
        client: { cell_phone_formatted: "(415) 555-0123" },
        // the first in line: nobody ahead
        people_ahead: 0,
      },
    });
    // The route sends the presenter's document without re-checking it: the schema must hold here.
    expect(queueAppointmentDocumentSchema.safeParse(body).error).toBeUndefined();
    expect(body.data.attributes.confirm_code).toMatch(/^[0-9A-Z]{16}$/);
    // The service keeps the default prefix; the number is the location's day's next one.
    expect(body.data.attributes.ticket).toMatch(/^A-\d{3}$/);
    expect(Date.parse(body.data.attributes.created)).not.toBeNaN();
    // A staff member is on shift, so the engine gives the visitor a start and the quote is recorded.
    expect(body.data.attributes.expected_start).toEqual(expect.any(String));
    expect(body.data.attributes.quoted_wait_seconds).toEqual(expect.any(Number));
    const types = body.included.map((item: { type: string }) => item.type).sort();
    expect(types).toEqual(["answers", "clients", "locations", "services"]);
    const clientResource = body.included.find((item: { type: string }) => item.type === "clients");
    expect(clientResource.attributes).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace@example.com",
      cell_phone: "+14155550123",
      receive_sms: true,
    });
    const answer = body.included.find((item: { type: string }) => item.type === "answers");
    expect(answer.attributes).toEqual({
      question_id: String(s.questions.reason.id),
      value: [s.questions.reason.options[0]!.id],
    });
    const events = await t.db
      .select()
      .from(queueEvents)
      .where(eq(queueEvents.queueAppointmentId, Number(body.data.id)));
    expect(events).toMatchObject([{ type: "joined", toStatus: "waiting" }]);
  });

  it("announces the new appointment from its event, then the recalculated wait times that include it", async () => {
    // What this join causes, told apart from what earlier tests' joins still cause meanwhile.
    await t.app.dispatcher.drain();
    const seen: { kind: "changed" | "waits"; ids: string[] }[] = [];
    const offChanged = t.app.events.on("queueAppointmentChanged", (e) => {
      if (e.change === "created" && e.locationId === s.location.id)
        seen.push({ kind: "changed", ids: [String(e.queueAppointmentId)] });
    });
    const offWaits = t.app.events.on("waitTimesRecalculated", (e) => {
      if (e.locationId === s.location.id)
        seen.push({ kind: "waits", ids: e.entries.map((entry) => entry.id) });
    });
    try {
      const res = await join(joinDocument(s));
      expect(res.statusCode).toBe(201);
      const id = String(res.json().data.id);
      // The dispatcher hands the join's event on right after commit; the recalculation follows a
      // moment later, off the request's path, and its list has the new visitor.
      const announced = () => seen.findIndex((e) => e.kind === "changed" && e.ids.includes(id));
      const listedAfter = () =>
        seen.findIndex((e, i) => i > announced() && e.kind === "waits" && e.ids.includes(id));
      await vi.waitFor(
        () => {
          expect(announced()).toBeGreaterThanOrEqual(0);
          expect(listedAfter()).toBeGreaterThan(announced());
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(seen.filter((e) => e.kind === "changed" && e.ids.includes(id))).toHaveLength(1);
    } finally {
      offChanged();
      offWaits();
    }
  });

  it("refuses a request without the CSRF token, or with a wrong one", async () => {
    const missing = await client.request({
      method: "POST",
      url: URL,
      payload: joinDocument(s),
      csrf: false,
    });
    expect(missing.statusCode).toBe(403);
    expect(errorsOf(missing)[0]).toMatchObject({ status: "403", code: "csrf_invalid" });
    const wrong = await join(joinDocument(s), { "x-csrf-token": "forged" });
    expect(wrong.statusCode).toBe(403);
    const noCookie = await t.app.inject({
      method: "POST",
      url: URL,
      payload: joinDocument(s),
      headers: {
        host: VENDOR_HOST,
        "x-csrf-token": client.csrfToken,
        "content-type": "application/json",
      },
    });
    expect(noCookie.statusCode).toBe(403);
  });

  describe("Idempotency-Key", () => {
    it("returns the same appointment for the same key and body and creates nothing more", async () => {
      const key = `key-${Date.now()}`;
      const before = await t.db.$count(queueAppointments);
      const first = await join(joinDocument(s), { "idempotency-key": key });
      const second = await join(joinDocument(s), { "idempotency-key": key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers["idempotent-replayed"]).toBe("true");
      expect(second.json().data.id).toBe(first.json().data.id);
      expect(second.json().data.attributes.confirm_code).toBe(
        first.json().data.attributes.confirm_code,
      );
      expect(await t.db.$count(queueAppointments)).toBe(before + 1);
    });

    it("refuses the same key with another body: 422 idempotency_key_reused, in the visitor's language", async () => {
      const key = `reused-${Date.now()}`;
      const first = await join(joinDocument(s), { "idempotency-key": key });
      expect(first.statusCode).toBe(201);
      const before = await t.db.$count(queueAppointments);
      const other = joinDocument(s, { client: { first_name: "Someone" } });
      const reused = await join(other, { "idempotency-key": key, "accept-language": "fr" });
      expect(reused.statusCode).toBe(422);
      expect(errorsOf(reused)).toEqual([
        {
          status: "422",
          code: "idempotency_key_reused",
          detail:
            "Cette Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé pour toute nouvelle requête.",
        },
      ]);
      expect(reused.body).not.toContain(first.json().data.attributes.confirm_code);
      // Also when the other body would be refused on its own (the replay path of a refusal).
      const refused = await join(joinDocument(s, { attributes: { location_id: "999999" } }), {
        "idempotency-key": key,
      });
      expect(errorsOf(refused)[0]?.code).toBe("idempotency_key_reused");
      expect(await t.db.$count(queueAppointments)).toBe(before);
    });

    it("never replays a key to another caller: another page session's key is another key", async () => {
      const key = `someone-elses-${Date.now()}`;
      const first = await join(joinDocument(s), { "idempotency-key": key });
      const stranger = await openApiClient(t.app, VENDOR_HOST);
      const sameBody = await stranger.request({
        method: "POST",
        url: URL,
        payload: joinDocument(s),
        headers: { "idempotency-key": key },
      });
      const otherBody = await stranger.request({
        method: "POST",
        url: URL,
        payload: joinDocument(s, {
          client: { first_name: "Eve", email: "eve@example.com", cell_phone: "+14155550199" },
        }),
        headers: { "idempotency-key": `${key}-2` },
      });
      // The stranger reuses the first visitor's key with a body of their own, too.
      const theirs = await stranger.request({
        method: "POST",
        url: URL,
        payload: joinDocument(s, { client: { first_name: "Mallory" } }),
        headers: { "idempotency-key": key },
      });
      expect(first.statusCode).toBe(201);
      for (const res of [sameBody, otherBody]) {
        expect(res.statusCode).toBe(201);
        expect(res.headers["idempotent-replayed"]).toBeUndefined();
        expect(res.json().data.id).not.toBe(first.json().data.id);
        expect(res.body).not.toContain(first.json().data.attributes.confirm_code);
      }
      // Mallory's key is the stranger's own, already used with another body: refused, not replayed.
      expect(theirs.statusCode).toBe(422);
      expect(theirs.body).not.toContain(first.json().data.attributes.confirm_code);
      expect(theirs.body).not.toContain("grace@example.com");
    });

    it("creates one appointment when two requests race with one key", async () => {
      const key = `race-${Date.now()}`;
      const before = await t.db.$count(queueAppointments);
      const [a, b] = await Promise.all([
        join(joinDocument(s), { "idempotency-key": key }),
        join(joinDocument(s), { "idempotency-key": key }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().data.id).toBe(b.json().data.id);
      expect(await t.db.$count(queueAppointments)).toBe(before + 1);
    });

    it("treats a key older than 24 hours as new", async () => {
      const key = `old-${Date.now()}`;
      const first = await join(joinDocument(s), { "idempotency-key": key });
      await t.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
        .where(and(eq(idempotencyKeys.key, key)));
      const second = await join(joinDocument(s), { "idempotency-key": key });
      expect(second.statusCode).toBe(201);
      expect(second.json().data.id).not.toBe(first.json().data.id);
    });

    it("keeps keys apart between vendors", async () => {
      const key = `shared-${Date.now()}`;
      const other = await openApiClient(t.app, OTHER_VENDOR_HOST);
      const mine = await join(joinDocument(s), { "idempotency-key": key });
      const theirs = await other.request({
        method: "POST",
        url: URL,
        headers: { "idempotency-key": key },
        payload: joinDocument(s, {
          attributes: { location_id: s.other.location.id, service_id: s.other.service.id },
          answers: [],
        }),
      });
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    });

    it("refuses a malformed key", async () => {
      const res = await join(joinDocument(s), { "idempotency-key": "has space" });
      expect(res.statusCode).toBe(422);
    });
  });

  describe("the client relationship (spec §3)", () => {
    const storedClientOf = async (res: { json(): { data: { id: string } } }) => {
      const [row] = await t.db
        .select({
          externalId: clients.externalId,
          lang: clients.lang,
          firstName: clients.firstName,
        })
        .from(queueAppointments)
        .innerJoin(clients, eq(clients.id, queueAppointments.clientId))
        .where(eq(queueAppointments.id, Number(res.json().data.id)));
      return row;
    };

    it("accepts every field §3 lists and stores the client's language and external id", async () => {
      const res = await join(
        joinDocument(s, {
          attributes: { lang: "en" },
          client: {
            external_id: "crm-000042",
            first_name: "Grace",
            last_name: "Hopper",
            cell_phone: "+14155550123",
            email: "grace@example.com",
            notes: "Prefers the side door",
            lang: "fr",
            receive_sms: true,
          },
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(await storedClientOf(res)).toEqual({
        externalId: "crm-000042",
        lang: "fr",
        firstName: "Grace",
      });
      const included = res
        .json()
        .included.find((item: { type: string }) => item.type === "clients");
      expect(included.attributes).toMatchObject({ external_id: "crm-000042", lang: "fr" });
      expect(res.json().data.attributes.lang).toBe("fr");
    });

    it("stores the page's language when the client names none, and the closest of the eight otherwise", async () => {
      const page = await join(joinDocument(s, { attributes: { lang: "es" } }));
      expect(await storedClientOf(page)).toMatchObject({ externalId: null, lang: "es" });
      const bare = await join(
        joinDocument(s, { attributes: { lang: "es" }, client: { lang: "pt" } }),
      );
      expect(await storedClientOf(bare)).toMatchObject({ lang: "pt-BR" });
      const region = await join(joinDocument(s, { client: { lang: "zh-cn" } }));
      expect(await storedClientOf(region)).toMatchObject({ lang: "zh-CN" });
    });

    it("refuses a language that is none of the eight, and an over-long external id, with pointers", async () => {
      const before = await t.db.$count(queueAppointments);
      const res = await join(
        joinDocument(s, { client: { lang: "de", external_id: "x".repeat(256) } }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)).toEqual(
        expect.arrayContaining([
          {
            status: "422",
            code: "language_unsupported",
            detail:
              "This language is not available. Use one of: en, es, fr, ko, pl, pt-BR, ru, zh-CN.",
            source: { pointer: "/data/relationships/client/data/attributes/lang" },
          },
          expect.objectContaining({
            code: "invalid_value",
            source: { pointer: "/data/relationships/client/data/attributes/external_id" },
          }),
        ]),
      );
      expect(await t.db.$count(queueAppointments)).toBe(before);
    });
  });

  describe("booking source", () => {
    it.each([
      ["KIOSK_QR", "kiosk_qr", 20, null],
      ["invitation", "online_queue", 13, "invitation"],
      ["embed", "online_queue", 13, null],
    ])("maps mode %s to %s", async (mode, bookedThrough, channel, source) => {
      const res = await join(joinDocument(s, { attributes: { mode } }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({
        booked_through: bookedThrough,
        channel_id: channel,
        source,
      });
    });

    it("keeps utm tracking parameters and the workflow id", async () => {
      const res = await join(
        joinDocument(s, {
          attributes: { utm_source: "news", utm_campaign: "spring", workflow_id: "wf-1" },
        }),
      );
      expect(res.json().data.attributes).toMatchObject({
        tracking: { utm_source: "news", utm_campaign: "spring" },
        workflow_id: "wf-1",
      });
    });
  });

  describe("fulfillment", () => {
    const car = { make: "Ford", model: "Focus", colour: "Blue", parking_space: "7" };

    it("forces curbside for a curbside-only service and stores the car", async () => {
      const res = await join(
        joinDocument(s, {
          attributes: { service_id: s.services.curbsideOnly.id, car_details: car },
          answers: [],
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({ fulfillment_method: 2, car_details: car });
    });

    it("requires car details for curbside", async () => {
      const res = await join(
        joinDocument(s, {
          attributes: { service_id: s.services.both.id, fulfillment_method: 2 },
          answers: [],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).map((e) => e.source?.pointer)).toEqual([
        "/data/attributes/car_details/make",
        "/data/attributes/car_details/model",
        "/data/attributes/car_details/colour",
      ]);
    });

    it("refuses curbside for a walk-in-only service", async () => {
      const res = await join(
        joinDocument(s, { attributes: { fulfillment_method: 2, car_details: car } }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "fulfillment_unavailable",
        source: { pointer: "/data/attributes/fulfillment_method" },
      });
    });

    it("refuses curbside when the vendor has it switched off", async () => {
      const restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        features: { curbside_pickup: false },
      });
      const res = await join(
        joinDocument(s, {
          attributes: { service_id: s.services.both.id, fulfillment_method: 2, car_details: car },
          answers: [],
        }),
      );
      await restore();
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]?.code).toBe("fulfillment_unavailable");
    });
  });
});
