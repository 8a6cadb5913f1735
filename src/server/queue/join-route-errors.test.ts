// Every refusal POST /api/v2/open/queue-appointments can give (spec §5, §8): a localised JSON:API
// error with a code and, for field errors, a pointer into the document; never a 500, never a write.

import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closedEveryDay, openAllWeek } from "../../../test/factories/locations.ts";
import {
  errorsOf,
  type OpenApiClient,
  openApiClient,
} from "../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../test/factories/queue-scenario.ts";
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { localTime } from "../../shared/opening-hours.ts";
import { locationHourAdjustments, locations, queueAppointments } from "../db/schema.ts";

const URL = "/api/v2/open/queue-appointments";

describe("POST /api/v2/open/queue-appointments refusals", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let client: OpenApiClient;
  let restore: (() => Promise<void>) | undefined;
  let countBefore = 0;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    client = await openApiClient(t.app, VENDOR_HOST);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await restore?.();
    restore = undefined;
    // Nothing refused may leave a row behind.
    expect(await t.db.$count(queueAppointments)).toBe(countBefore);
  });

  async function join(payload: unknown, headers: Record<string, string> = {}) {
    countBefore = await t.db.$count(queueAppointments);
    return client.request({ method: "POST", url: URL, payload: payload as object, headers });
  }

  describe("vendor and location gates", () => {
    it("answers 403 when the vendor takes no callback requests", async () => {
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        features: { callback_requests: false },
      });
      const res = await join(joinDocument(s));
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)).toEqual([
        {
          status: "403",
          code: "callback_requests_disabled",
          detail: "We are currently not taking callback requests",
        },
      ]);
    });

    it("answers 403 for a private location", async () => {
      const res = await join(
        joinDocument(s, { attributes: { location_id: s.privateLocation.id }, answers: [] }),
      );
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "location_private",
        detail: "This location is private and you cannot join the line here",
      });
    });

    it("answers 403 when the client view does not let visitors join the line", async () => {
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        client_view: { join_line_from_client_view: false },
      });
      const res = await join(joinDocument(s));
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "online_queue_unavailable",
        detail: "This location is not taking Online Queue requests at this time",
      });
    });

    it("answers 409 Currently Closed with the next hours when callback hours are restricted", async () => {
      const hours = { ...closedEveryDay(), monday: [{ open: "09:00", closed: "17:00" }] };
      await t.db
        .update(locations)
        .set({ restrictCallbackRequestHours: true, hours })
        .where(eq(locations.id, s.location.id));
      restore = async () => {
        await t.db
          .update(locations)
          .set({ restrictCallbackRequestHours: false, hours: s.location.hours })
          .where(eq(locations.id, s.location.id));
      };
      const res = await join(joinDocument(s), { "accept-language": "en" });
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]?.code).toBe("location_closed");
      expect(errorsOf(res)[0]?.detail).toMatch(
        /^Currently Closed\. Available hours: Monday 9:00\sAM\s?–\s?5:00\sPM$/,
      );
    });

    it("honours holidays and special openings in the closed-hours gate", async () => {
      const allDay = [{ open: "00:00", closed: "23:59" }];
      const timezone = s.location.timezone;
      // Today and tomorrow (local), so a test running at midnight still meets an adjusted day.
      const days = [0, 1].map((offset) =>
        localTime(new Date(Date.now() + offset * 86_400_000), timezone),
      );
      const adjust = (hours: typeof allDay | null) =>
        t.db.insert(locationHourAdjustments).values(
          days.map((day) => ({
            vendorId: s.vendor.id,
            locationId: s.location.id,
            day: day.date,
            hours,
          })),
        );
      const clearAdjustments = () =>
        t.db
          .delete(locationHourAdjustments)
          .where(eq(locationHourAdjustments.locationId, s.location.id));
      await t.db
        .update(locations)
        .set({ restrictCallbackRequestHours: true, hours: openAllWeek() })
        .where(eq(locations.id, s.location.id));
      restore = async () => {
        await clearAdjustments();
        await t.db
          .update(locations)
          .set({ restrictCallbackRequestHours: false, hours: s.location.hours })
          .where(eq(locations.id, s.location.id));
      };
      // Open every day by the week, closed today and tomorrow for a holiday.
      await adjust(null);
      const holiday = await join(joinDocument(s), { "accept-language": "en" });
      expect(holiday.statusCode).toBe(409);
      expect(errorsOf(holiday)[0]?.code).toBe("location_closed");
      const reopens = new Intl.DateTimeFormat("en", { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${days[1]!.date}T12:00:00Z`).getTime() + 86_400_000,
      );
      expect(errorsOf(holiday)[0]?.detail).toContain(`Available hours: ${reopens} 12:00`);

      // Closed every day by the week, open today and tomorrow for a special opening.
      await clearAdjustments();
      await t.db
        .update(locations)
        .set({ hours: closedEveryDay() })
        .where(eq(locations.id, s.location.id));
      await adjust(allDay);
      const special = await join(joinDocument(s));
      expect(special.statusCode).toBe(201);
      countBefore += 1;
    });

    it("refuses phone callbacks where the location takes none, naming the method", async () => {
      await t.db
        .update(locations)
        .set({ supportsPhone: false })
        .where(eq(locations.id, s.location.id));
      restore = async () => {
        await t.db
          .update(locations)
          .set({ supportsPhone: true })
          .where(eq(locations.id, s.location.id));
      };
      const res = await join(joinDocument(s, { attributes: { meeting_method: 2 } }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "method_unavailable",
        detail: "This location is not taking phone callbacks at this time",
        source: { pointer: "/data/attributes/meeting_method" },
      });
    });

    it("refuses video when the vendor has video meetings off, in the visitor's language", async () => {
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        features: { video_meetings: false },
      });
      const res = await join(joinDocument(s, { attributes: { meeting_method: 3 } }), {
        "accept-language": "fr",
      });
      expect(errorsOf(res)[0]).toMatchObject({
        code: "method_unavailable",
        detail: "Cet emplacement n’accepte pas de rappels vidéo pour le moment",
      });
    });

    it("refuses in-person walk-ins where the location takes none", async () => {
      await t.db
        .update(locations)
        .set({ supportsInPerson: false })
        .where(eq(locations.id, s.location.id));
      restore = async () => {
        await t.db
          .update(locations)
          .set({ supportsInPerson: true })
          .where(eq(locations.id, s.location.id));
      };
      const res = await join(joinDocument(s));
      expect(errorsOf(res)[0]).toMatchObject({
        code: "walkin_unavailable",
        detail: "This location is not taking in person walk-ins at this time",
      });
    });
  });

  describe("ids of things that are not this vendor's", () => {
    it("treats another vendor's location as unknown", async () => {
      const res = await join(joinDocument(s, { attributes: { location_id: s.other.location.id } }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "not_found",
        source: { pointer: "/data/attributes/location_id" },
      });
    });

    it("treats another vendor's service, or one not offered here, as unavailable", async () => {
      for (const serviceId of [s.other.service.id, s.services.notOffered.id]) {
        const res = await join(joinDocument(s, { attributes: { service_id: serviceId } }));
        expect(res.statusCode).toBe(422);
        expect(errorsOf(res)[0]).toMatchObject({
          code: "service_unavailable",
          source: { pointer: "/data/attributes/service_id" },
        });
      }
    });

    it("treats another vendor's question as not asked", async () => {
      const res = await join(
        joinDocument(s, {
          answers: [
            { question_id: s.questions.reason.id, value: [s.questions.reason.options[0]!.id] },
            { question_id: s.other.question.id, value: "x" },
          ],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "unknown_question",
        source: { pointer: "/data/relationships/answers/data/1/attributes/question_id" },
      });
    });

    it("answers 422, never 500, for ids beyond any integer column", async () => {
      const res = await join(joinDocument(s, { attributes: { location_id: "99999999999" } }));
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]?.source?.pointer).toBe("/data/attributes/location_id");
    });
  });

  describe("form rules", () => {
    it("refuses notes with 8 consecutive digits, in the visitor's language and with vendor synonyms", async () => {
      const res = await join(joinDocument(s, { attributes: { notes: "card 4111-1111 please" } }), {
        "accept-language": "es",
      });
      expect(errorsOf(res)).toEqual([
        {
          status: "422",
          code: "notes_error",
          detail: "No puede contener 8 o más dígitos consecutivos",
          source: { pointer: "/data/attributes/notes" },
        },
      ]);
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        synonyms: { en: { "CallbackService.notes_error": "No account numbers in notes, please" } },
      });
      const overridden = await join(
        joinDocument(s, { attributes: { notes: "card 4111-1111 please" } }),
      );
      expect(errorsOf(overridden)[0]?.detail).toBe("No account numbers in notes, please");
    });

    it("refuses an account number written in groups with spaces, as with dashes, in either notes", async () => {
      for (const written of ["1234 5678 9012", "1234-5678-9012", "acct 1234\u00a05678"]) {
        const res = await join(joinDocument(s, { attributes: { notes: written } }));
        expect(errorsOf(res), written).toEqual([
          expect.objectContaining({
            code: "notes_error",
            source: { pointer: "/data/attributes/notes" },
          }),
        ]);
        const client = await join(joinDocument(s, { client: { notes: written } }));
        expect(errorsOf(client), written).toEqual([
          expect.objectContaining({
            code: "notes_error",
            source: { pointer: "/data/relationships/client/data/attributes/notes" },
          }),
        ]);
      }
    });

    it("asks for at least one option of a required checkbox question", async () => {
      const res = await join(joinDocument(s, { answers: [] }));
      expect(errorsOf(res)).toEqual([
        {
          status: "422",
          code: "required",
          detail: "Please check at least one option.",
          source: { pointer: "/data/relationships/answers" },
        },
      ]);
    });

    it("refuses checkbox options that belong to no such question", async () => {
      const res = await join(
        joinDocument(s, { answers: [{ question_id: s.questions.reason.id, value: [999_999] }] }),
      );
      expect(errorsOf(res)[0]).toMatchObject({
        code: "invalid_option",
        source: { pointer: "/data/relationships/answers/data/0/attributes/value" },
      });
    });

    it("needs a phone or an email to notify the visitor", async () => {
      const res = await join(joinDocument(s, { client: { email: null, cell_phone: null } }));
      expect(errorsOf(res)).toEqual([
        {
          status: "422",
          code: "notify_contact_required",
          detail:
            "We will notify you when it is your turn. Please provide either a phone number or an email.",
          source: { pointer: "/data/relationships/client/data/attributes/cell_phone" },
        },
      ]);
    });

    it("checks the phone number and points at it", async () => {
      const res = await join(joinDocument(s, { client: { cell_phone: "4155550123" } }));
      expect(errorsOf(res)[0]).toMatchObject({
        code: "phone_plus",
        source: { pointer: "/data/relationships/client/data/attributes/cell_phone" },
      });
    });

    it("refuses links in names", async () => {
      const res = await join(joinDocument(s, { client: { last_name: "visit www.spam.example" } }));
      expect(errorsOf(res)[0]).toMatchObject({
        code: "not_url",
        source: { pointer: "/data/relationships/client/data/attributes/last_name" },
      });
    });

    it("needs the explicit compliance agreement when the vendor asks for it", async () => {
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        client_view: { explicit_compliance_agreement: true },
      });
      const res = await join(joinDocument(s));
      expect(errorsOf(res)[0]).toMatchObject({
        code: "compliance_required",
        source: { pointer: "/data/attributes/explicit_compliance_agreement" },
      });
    });

    it("refuses a field the vendor hides", async () => {
      restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
        client_view: {
          callback_contact_options: {
            mobile_phone: "optional",
            email: "hidden",
            sms_notifications: "optional",
            notes: "optional",
          },
        },
      });
      const res = await join(joinDocument(s));
      expect(errorsOf(res)[0]).toMatchObject({
        code: "not_accepted",
        source: { pointer: "/data/relationships/client/data/attributes/email" },
      });
    });
  });

  describe("the document itself", () => {
    it("refuses unknown attributes with 422 unknown_field and a pointer", async () => {
      const res = await join(
        joinDocument(s, { attributes: { priority: "vip" }, client: { is_admin: true } }),
      );
      expect(res.statusCode).toBe(422);
      const pointers = errorsOf(res).map((e) => [e.code, e.source?.pointer]);
      expect(pointers).toEqual(
        expect.arrayContaining([
          ["unknown_field", "/data/attributes/priority"],
          ["unknown_field", "/data/relationships/client/data/attributes/is_admin"],
        ]),
      );
    });

    it("asks for missing required members", async () => {
      const document = joinDocument(s);
      const { first_name: _omitted, ...attributes } =
        document.data.relationships.client.data.attributes;
      document.data.relationships.client.data.attributes =
        attributes as typeof document.data.relationships.client.data.attributes;
      const res = await join(document);
      expect(errorsOf(res)[0]).toMatchObject({
        code: "invalid_type",
        detail: "This field is required",
        source: { pointer: "/data/relationships/client/data/attributes/first_name" },
      });
    });

    it("answers 422, never 500, for text the database cannot store", async () => {
      const res = await join(
        joinDocument(s, {
          attributes: { notes: "a\u0000b", car_details: null },
          client: { first_name: "Gr\u0000ace" },
          answers: [
            { question_id: s.questions.reason.id, value: [s.questions.reason.options[0]!.id] },
            { question_id: s.questions.comment.id, value: "\u0000" },
          ],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).map((e) => e.source?.pointer)).toEqual([
        "/data/attributes/notes",
        "/data/relationships/client/data/attributes/first_name",
        "/data/relationships/answers/data/1/attributes/value",
      ]);
    });

    it("answers 415 for a wrong media type", async () => {
      countBefore = await t.db.$count(queueAppointments);
      const res = await client.request({
        method: "POST",
        url: URL,
        payload: "first_name=Grace",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.statusCode).toBe(415);
      expect(errorsOf(res)[0]?.code).toBe("unsupported_media_type");
    });

    it("answers 400 for malformed JSON", async () => {
      countBefore = await t.db.$count(queueAppointments);
      const res = await client.request({
        method: "POST",
        url: URL,
        payload: '{"data": {',
        headers: { "content-type": "application/vnd.api+json" },
      });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]?.code).toBe("bad_request");
    });

    it("answers 422 for an empty body or a body of the wrong type", async () => {
      for (const payload of [{}, [], { data: null }, { data: { type: "clients" } }]) {
        const res = await join(payload);
        expect(res.statusCode).toBe(422);
      }
    });
  });
});
