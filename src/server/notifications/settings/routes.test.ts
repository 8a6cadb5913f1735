// The notification settings API: templates of each audience beside the product's wording, saving
// (checked: unknown variables and lone braces are refused with localised errors, nothing saved),
// resetting, a location's own templates, and the vendor's and a location's settings of when
// messages go. Admins only; another vendor's location does not exist.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { ROLES } from "../../../shared/domain.ts";
import { messageTemplates, vendors } from "../../db/schema.ts";
import { type StaffClient, staffClient } from "../../lobby/lobby-test-world.ts";
import { resolveTemplate } from "../templates/resolve-template.ts";

const doc = (attributes: Record<string, unknown>) => ({
  data: { type: "notification-templates", attributes },
});
const settingsDoc = (attributes: Record<string, unknown>, type = "notification-settings") => ({
  data: { type, attributes },
});

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let other: StaffWorld;
let admin: StaffClient;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  w = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await staffClient(t.app, w.staff[ROLES.admin], w.vendor.host);
});
afterAll(() => t.close());

const templateOf = (list: { data: { id: string; attributes: unknown }[] }, id: string) =>
  list.data.find((item) => item.id === id)?.attributes as Record<string, unknown> | undefined;

describe("notification templates", () => {
  it("lists every kind and channel of an audience with its default, variables and source", async () => {
    const response = await admin.get("/notification-templates?audience=client&lang=fr");
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    const joinedSms = templateOf(list, "joined:sms:fr");
    expect(joinedSms).toMatchObject({
      kind: "joined",
      channel: "sms",
      lang: "fr",
      vendor: null,
      location: null,
      source: "default",
    });
    expect(joinedSms?.variables).toContain("position");
    expect(joinedSms?.effective).toEqual(joinedSms?.default);
    expect(list.data.every((item: { id: string }) => !item.id.startsWith("password_reset"))).toBe(
      true,
    );
    const staffList = (await admin.get("/notification-templates?audience=staff&lang=en")).json();
    expect(staffList.data.map((item: { id: string }) => item.id)).toEqual([
      "password_reset:email:en",
      "invitation:email:en",
      "sign_in_failures:email:en",
    ]);
  });

  it("applies the vendor's synonyms to the default wording", async () => {
    await t.db
      .update(vendors)
      .set({
        settings: {
          synonyms: { en: { "notification.stop_confirmed.sms.body": "Bye from {vendor}" } },
        },
      })
      .where(eq(vendors.id, w.vendor.id));
    t.app.caches.invalidate({ entity: "vendor", vendorId: w.vendor.id });
    const list = (await admin.get("/notification-templates?audience=client&lang=en")).json();
    expect(templateOf(list, "stop_confirmed:sms:en")?.default).toEqual({
      subject: null,
      body: "Bye from {vendor}",
    });
  });

  it("saves the vendor's own wording, which is then sent, and resets it to the default", async () => {
    const path = "/notification-templates/joined/sms/en";
    const saved = await admin.put(path, doc({ body: "{first_name}, you are number {position}." }));
    expect(saved.statusCode, saved.body).toBe(204);
    const list = (await admin.get("/notification-templates?audience=client&lang=en")).json();
    expect(templateOf(list, "joined:sms:en")).toMatchObject({
      source: "vendor",
      vendor: { subject: null, body: "{first_name}, you are number {position}." },
      effective: { subject: null, body: "{first_name}, you are number {position}." },
    });
    const [row] = await t.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.vendorId, w.vendor.id));
    expect(row?.updatedBy).toBe(w.staff[ROLES.admin].id);

    // Saving again replaces it: still one row.
    expect((await admin.put(path, doc({ body: "Number {position}." }))).statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.vendorId, w.vendor.id));
    expect(rows.map((r) => r.body)).toEqual(["Number {position}."]);
    const sent = await resolveTemplate(t.db, {
      vendorId: w.vendor.id,
      locationId: w.locations[0].id,
      kind: "joined",
      channel: "sms",
      lang: "en",
    });
    expect(sent?.body).toBe("Number {position}.");

    expect((await admin.delete(path)).statusCode).toBe(204);
    const reset = (await admin.get("/notification-templates?audience=client&lang=en")).json();
    expect(templateOf(reset, "joined:sms:en")).toMatchObject({ source: "default", vendor: null });
  });

  it("refuses unknown variables, lone braces and a missing subject in the caller's language, saving nothing", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/notification-templates/joined/email/en?lang=fr",
      headers: await headersOf(w.staff[ROLES.admin]),
      payload: doc({ subject: "", body: "Hello {frist_name} {" }),
    });
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors;
    expect(
      errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer]),
    ).toEqual([
      ["required", "/data/attributes/subject"],
      ["unknown_variable", "/data/attributes/body"],
      ["unbalanced_brace", "/data/attributes/body"],
    ]);
    expect(errors[1].detail).toBe(
      "Le texte utilise {frist_name}, que ce message ne peut pas remplir.",
    );
    const rows = await t.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.vendorId, w.vendor.id));
    expect(rows).toEqual([]);
  });

  it("refuses text the database cannot hold (U+0000) as an invalid value, not a server error", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/notification-templates/joined/sms/en",
      headers: await headersOf(w.staff[ROLES.admin]),
      payload: doc({ subject: null, body: "Hi {first_name}\u0000" }),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[0].source.pointer).toBe("/data/attributes/body");
  });

  it("answers 404 for an unknown kind, channel or language, and 422 for a channel the kind lacks", async () => {
    const body = doc({ body: "Hi" });
    expect((await admin.put("/notification-templates/nope/sms/en", body)).statusCode).toBe(404);
    expect((await admin.put("/notification-templates/joined/fax/en", body)).statusCode).toBe(404);
    expect((await admin.put("/notification-templates/joined/sms/xx", body)).statusCode).toBe(404);
    expect((await admin.delete("/notification-templates/toString/sms/en")).statusCode).toBe(404);
    const lacking = await admin.put("/notification-templates/password_reset/sms/en", body);
    expect(lacking.statusCode).toBe(422);
    expect(lacking.json().errors[0].code).toBe("channel_not_offered");
    expect((await admin.get("/notification-templates?audience=visitors&lang=en")).statusCode).toBe(
      422,
    );
  });

  it("keeps a location's own wording beside the vendor's, and resets only the location's", async () => {
    const locationId = w.locations[1].id;
    const path = "/notification-templates/almost_turn/sms/es";
    expect((await admin.put(path, doc({ body: "Casi: {position}" }))).statusCode).toBe(204);
    const own = await admin.put(
      path,
      doc({ body: "Ya casi, {first_name}", location_id: locationId }),
    );
    expect(own.statusCode, own.body).toBe(204);
    const atLocation = (
      await admin.get(`/notification-templates?audience=client&lang=es&location_id=${locationId}`)
    ).json();
    expect(templateOf(atLocation, "almost_turn:sms:es")).toMatchObject({
      source: "location",
      vendor: { body: "Casi: {position}" },
      location: { body: "Ya casi, {first_name}" },
      effective: { body: "Ya casi, {first_name}" },
    });
    const elsewhere = (
      await admin.get(
        `/notification-templates?audience=client&lang=es&location_id=${w.locations[0].id}`,
      )
    ).json();
    expect(templateOf(elsewhere, "almost_turn:sms:es")).toMatchObject({
      source: "vendor",
      location: null,
    });

    expect((await admin.delete(`${path}?location_id=${locationId}`)).statusCode).toBe(204);
    const after = await t.db
      .select({ locationId: messageTemplates.locationId })
      .from(messageTemplates)
      .where(
        and(eq(messageTemplates.vendorId, w.vendor.id), eq(messageTemplates.kind, "almost_turn")),
      );
    expect(after).toEqual([{ locationId: null }]);
  });

  it("treats another vendor's location as one that does not exist", async () => {
    const foreign = other.locations[0].id;
    const body = doc({ body: "Hi {first_name}", location_id: foreign });
    expect((await admin.put("/notification-templates/joined/sms/en", body)).statusCode).toBe(404);
    expect(
      (await admin.get(`/notification-templates?audience=client&lang=en&location_id=${foreign}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.delete(`/notification-templates/joined/sms/en?location_id=${foreign}`))
        .statusCode,
    ).toBe(404);
    const foreignRows = await t.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.vendorId, other.vendor.id));
    expect(foreignRows).toEqual([]);
  });

  it("refuses a manager: the notification settings are an admin's", async () => {
    const manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    expect((await manager.get("/notification-templates?audience=client&lang=en")).statusCode).toBe(
      403,
    );
    expect(
      (await manager.put("/notification-templates/joined/sms/en", doc({ body: "x" }))).statusCode,
    ).toBe(403);
    expect((await manager.delete("/notification-templates/joined/sms/en")).statusCode).toBe(403);
    expect((await manager.get("/notification-settings")).statusCode).toBe(403);
    expect(
      (await manager.put("/notification-settings", settingsDoc({ almost_turn_people: 3 })))
        .statusCode,
    ).toBe(403);
    expect(
      (await manager.get(`/locations/${w.locations[0].id}/notification-settings`)).statusCode,
    ).toBe(403);
  });
});

describe("notification settings", () => {
  it("reads the defaults, saves the vendor's settings and keeps its other settings", async () => {
    const fresh = await createStaffWorld(t.db);
    await t.db
      .update(vendors)
      .set({ settings: { schedule_interval: 30 } })
      .where(eq(vendors.id, fresh.vendor.id));
    const api = await staffClient(t.app, fresh.staff[ROLES.admin], fresh.vendor.host);
    const before = await api.get("/notification-settings");
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.attributes).toEqual({
      almost_turn_people: 2,
      almost_turn_minutes: 10,
      quiet_hours: null,
      long_wait_alert_minutes: null,
      sms_per_number_per_hour: 10,
    });
    const saved = await api.put(
      "/notification-settings",
      settingsDoc({
        almost_turn_people: 3,
        almost_turn_minutes: 15,
        quiet_hours: { start: "21:00", end: "08:00" },
        long_wait_alert_minutes: 30,
        sms_per_number_per_hour: 5,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await api.get("/notification-settings")).json().data.attributes;
    expect(after).toMatchObject({
      almost_turn_people: 3,
      quiet_hours: { start: "21:00", end: "08:00" },
    });
    const [row] = await t.db
      .select({ settings: vendors.settings })
      .from(vendors)
      .where(eq(vendors.id, fresh.vendor.id));
    expect(row?.settings).toMatchObject({ schedule_interval: 30, notifications: after });
    // Every node drops the vendor it cached: the next request reads the new settings.
    await t.app.dispatcher.drain();
    const cached = await t.app.caches.vendors.resolve(fresh.vendor.host);
    expect(cached?.settings.notifications.almost_turn_people).toBe(3);
  });

  it("refuses bad values with localised errors pointing at each", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/notification-settings?lang=es",
      headers: await headersOf(w.staff[ROLES.admin]),
      payload: settingsDoc({
        almost_turn_people: 500,
        quiet_hours: { start: "22:00", end: "22:00" },
        sms_per_number_per_hour: 0,
        colour: "red",
      }),
    });
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors as {
      code: string;
      detail: string;
      source: { pointer: string };
    }[];
    const byPointer = Object.fromEntries(errors.map((e) => [e.source.pointer, e]));
    expect(byPointer["/data/attributes/almost_turn_people"]?.detail).toBe(
      "Introduzca un número entero entre 0 y 50.",
    );
    expect(byPointer["/data/attributes/quiet_hours"]?.code).toBe("quiet_hours_empty");
    expect(byPointer["/data/attributes/sms_per_number_per_hour"]?.code).toBe("out_of_range");
    expect(byPointer["/data/attributes/colour"]?.code).toBe("unknown_field");
    const badTime = await admin.put(
      "/notification-settings",
      settingsDoc({ quiet_hours: { start: "25:00", end: "07:00" } }),
    );
    expect(badTime.statusCode).toBe(422);
    expect(badTime.json().errors[0]).toMatchObject({
      code: "invalid_time",
      source: { pointer: "/data/attributes/quiet_hours/start" },
    });
  });

  it("keeps a location's overrides, shows the settings in effect there, and inherits the rest", async () => {
    const locationId = w.locations[0].id;
    await admin.put("/notification-settings", settingsDoc({ almost_turn_people: 4 }));
    const empty = (await admin.get(`/locations/${locationId}/notification-settings`)).json();
    expect(empty.data.attributes.overrides).toEqual({});
    expect(empty.data.attributes.effective.almost_turn_people).toBe(4);

    const saved = await admin.put(
      `/locations/${locationId}/notification-settings`,
      settingsDoc({ almost_turn_minutes: 5, quiet_hours: null }, "location-notification-settings"),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({
      overrides: { almost_turn_minutes: 5, quiet_hours: null },
      effective: { almost_turn_people: 4, almost_turn_minutes: 5 },
    });
    const bad = await admin.put(
      `/locations/${locationId}/notification-settings`,
      settingsDoc({ long_wait_alert_minutes: 1 }, "location-notification-settings"),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe("/data/attributes/long_wait_alert_minutes");

    const inherit = await admin.put(
      `/locations/${locationId}/notification-settings`,
      settingsDoc({}, "location-notification-settings"),
    );
    expect(inherit.json().data.attributes.overrides).toEqual({});
  });

  it("treats another vendor's location as one that does not exist", async () => {
    const foreign = other.locations[0].id;
    expect((await admin.get(`/locations/${foreign}/notification-settings`)).statusCode).toBe(404);
    expect(
      (
        await admin.put(
          `/locations/${foreign}/notification-settings`,
          settingsDoc({ almost_turn_minutes: 1 }, "location-notification-settings"),
        )
      ).statusCode,
    ).toBe(404);
  });
});

async function headersOf(account: StaffWorld["staff"][keyof StaffWorld["staff"]]) {
  const { signInAs } = await import("../../../../test/factories/staff.ts");
  const session = await signInAs(t.app, account, w.vendor.host);
  return { host: w.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}
