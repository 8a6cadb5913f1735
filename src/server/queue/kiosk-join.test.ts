// Joining as a lobby kiosk (booked_through kiosk, or mode=kiosk) through POST
// /api/v2/open/queue-appointments: only a kiosk device signed in with its Kiosk account, at the
// location it is locked to, skips the contact and agreement rules; anyone else is refused (403).
// Its minimal form (the default) requires nothing beyond the name.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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
import { createStaffUser, signInAs } from "../../../test/factories/staff.ts";
import { updateVendorSettings } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { callbackContactOptionsSchema, kioskOptionsSchema } from "../../shared/vendor-settings.ts";
import { queueAppointments } from "../db/schema.ts";

const URL = "/api/v2/open/queue-appointments";

describe("joining as a kiosk", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let s: QueueScenario;
  let anonymous: OpenApiClient;
  let kiosk: OpenApiClient;
  let restore: (() => Promise<void>) | undefined;

  /** the open API as a page sends it with the staff session cookie of `roleLevel`'s account */
  async function deviceOf(roleLevel: (typeof ROLES)[keyof typeof ROLES], locationIds: number[]) {
    const account = await createStaffUser(t.db, { vendorId: s.vendor.id, roleLevel, locationIds });
    const session = await signInAs(t.app, account, VENDOR_HOST);
    return openApiClient(t.app, VENDOR_HOST, { sessionCookie: session.cookie });
  }

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    s = await createQueueScenario(t.db);
    anonymous = await openApiClient(t.app, VENDOR_HOST);
    kiosk = await deviceOf(ROLES.kiosk, [s.location.id]);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await restore?.();
    restore = undefined;
  });

  const join = (via: OpenApiClient, payload: unknown, headers: Record<string, string> = {}) =>
    via.request({ method: "POST", url: URL, payload: payload as object, headers });

  /** a kiosk visitor: no email, no phone, no agreement ticked */
  const kioskVisitor = (attributes: Record<string, unknown>) =>
    joinDocument(s, { attributes, client: { email: null, cell_phone: null, receive_sms: false } });

  it("refuses an anonymous kiosk join, by booked_through or by mode, and writes nothing", async () => {
    const before = await t.db.$count(queueAppointments);
    const byChannel = await join(anonymous, kioskVisitor({ booked_through: "kiosk" }));
    expect(byChannel.statusCode).toBe(403);
    expect(errorsOf(byChannel)).toEqual([
      {
        status: "403",
        code: "kiosk_sign_in_required",
        detail:
          "Only a kiosk signed in with its kiosk account can add visitors to the line as a kiosk. Please ask a member of staff.",
        source: { pointer: "/data/attributes/booked_through" },
      },
    ]);
    const byMode = await join(anonymous, kioskVisitor({ mode: "KIOSK" }), {
      "accept-language": "es",
    });
    expect(byMode.statusCode).toBe(403);
    expect(errorsOf(byMode)[0]).toMatchObject({
      code: "kiosk_sign_in_required",
      detail: expect.stringContaining("quiosco"),
      source: { pointer: "/data/attributes/mode" },
    });
    expect(await t.db.$count(queueAppointments)).toBe(before);
  });

  it("refuses a staff member's or a manager's session: a kiosk join is a Kiosk account's", async () => {
    for (const roleLevel of [ROLES.staff, ROLES.manager, ROLES.contact_centre_staff] as const) {
      const device = await deviceOf(roleLevel, [s.location.id]);
      const res = await join(device, kioskVisitor({ booked_through: "kiosk" }));
      expect(res.statusCode, `role ${roleLevel}`).toBe(403);
      expect(errorsOf(res)[0]?.code).toBe("kiosk_sign_in_required");
    }
  });

  it("refuses a kiosk at a location its account is not locked to", async () => {
    const elsewhere = await deviceOf(ROLES.kiosk, [s.privateLocation.id]);
    const res = await join(elsewhere, kioskVisitor({ booked_through: "kiosk" }));
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]).toMatchObject({
      code: "kiosk_other_location",
      source: { pointer: "/data/attributes/location_id" },
    });
  });

  it("lets a signed-in kiosk device join a visitor without contact or agreement, as channel 14", async () => {
    restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      client_view: { explicit_compliance_agreement: true },
    });
    const anonymousTry = await join(anonymous, kioskVisitor({ mode: "kiosk" }));
    expect(anonymousTry.statusCode).toBe(403);
    const res = await join(kiosk, kioskVisitor({ mode: "kiosk" }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ booked_through: "kiosk", channel_id: 14 });
    // The same device's page without the kiosk claim is an ordinary visitor's join.
    const ordinary = await join(kiosk, kioskVisitor({}));
    expect(ordinary.statusCode).toBe(422);
  });

  it("lets a kiosk join while the client view does not take visitors' joins", async () => {
    restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      client_view: { join_line_from_client_view: false },
    });
    expect((await join(anonymous, joinDocument(s))).statusCode).toBe(403);
    expect(
      (await join(anonymous, joinDocument(s, { attributes: { mode: "kiosk" } }))).statusCode,
    ).toBe(403);
    const res = await join(kiosk, joinDocument(s, { attributes: { mode: "kiosk" } }));
    expect(res.statusCode).toBe(201);
  });

  it("asks a kiosk's visitor only the name by default: required contacts and questions become optional", async () => {
    restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      client_view: {
        callback_contact_options: callbackContactOptionsSchema.parse({
          email: "required",
          notes: "required",
        }),
      },
    });
    const nameOnly = joinDocument(s, {
      attributes: { mode: "kiosk" },
      client: { email: null, cell_phone: null, receive_sms: false },
      answers: [],
    });
    const res = await join(kiosk, nameOnly);
    expect(res.statusCode).toBe(201);
    // What a kiosk does send is still checked and kept.
    const withAnswer = await join(kiosk, joinDocument(s, { attributes: { mode: "kiosk" } }));
    expect(withAnswer.statusCode).toBe(201);
  });

  it("asks the client view's whole form on a kiosk the vendor sets to ask everything", async () => {
    restore = await updateVendorSettings(t.db, t.app, s.vendor.id, {
      client_view: { kiosk: kioskOptionsSchema.parse({ form_fields: "full" }) },
    });
    const res = await join(
      kiosk,
      joinDocument(s, {
        attributes: { mode: "kiosk" },
        client: { email: null, cell_phone: null, receive_sms: false },
        answers: [],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).map((error) => error.source?.pointer)).toEqual([
      expect.stringMatching(/answers/),
    ]);
  });

  it("keeps the QR code's phone flow (kiosk_qr) open to anyone: it applies the visitor's rules", async () => {
    const res = await join(anonymous, joinDocument(s, { attributes: { mode: "kiosk_qr" } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({
      booked_through: "kiosk_qr",
      channel_id: 20,
    });
    const noContact = await join(anonymous, kioskVisitor({ booked_through: "kiosk_qr" }));
    expect(noContact.statusCode).toBe(422);
  });
});
