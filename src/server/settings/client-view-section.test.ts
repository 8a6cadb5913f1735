// The client-view section as visitors meet it: a save reaches the visitor's vendor document at once
// on the node that saved (its cache dropped by vendor.updated, handed on as the save commits) and on another node of the same
// database (through the invalidation bus on Redis, when the test has one); the pre-booking statement
// is stored sanitised with the visitor page's allow-list; the default language must be offered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

const { REDIS_URL } = process.env;

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, env: REDIS_URL ? { REDIS_URL } : {} });
  world = await createStaffWorld(t.db);
  const session = await signInAs(t.app, world.staff[ROLES.admin], world.vendor.host);
  admin = { host: world.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
});
afterAll(() => t.close());

type App = Awaited<ReturnType<typeof buildTestApp>>["app"];

const visitorVendor = async (app: App) => {
  const response = await app.inject({
    url: "/api/v2/open/vendor",
    headers: { host: world.vendor.host },
    remoteAddress: nextRemoteAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes;
};

const saveClientView = async (change: Record<string, unknown>) => {
  const current = await t.app.inject({
    url: "/api/internal/v1/settings/client-view",
    headers: admin,
  });
  const { attributes, meta } = current.json().data;
  return t.app.inject({
    method: "PUT",
    url: "/api/internal/v1/settings/client-view",
    headers: { ...admin, "if-match": `"${meta.version}"` },
    payload: { data: { type: "vendor-settings", attributes: { ...attributes, ...change } } },
  });
};

describe("the client-view section on the visitor's side", () => {
  it("reaches the visitor's vendor document at once after a save", async () => {
    const before = await visitorVendor(t.app);
    expect(before.show_wait_time).toBe(true);
    expect(before.callback_contact_options.email).toBe("optional");

    const saved = await saveClientView({
      show_wait_time: false,
      callback_contact_options: {
        mobile_phone: "required",
        email: "hidden",
        notes: "optional",
        sms_notifications: "optional",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // The answer kept for the host was dropped by vendor.updated, which this node hands on the
    // moment the save commits: once that is done, the next read is the new one.
    await t.app.dispatcher.drain();
    const after = await visitorVendor(t.app);
    expect(after.show_wait_time).toBe(false);
    expect(after.callback_contact_options).toMatchObject({
      email: "hidden",
      mobile_phone: "required",
    });
  });

  describe.skipIf(!REDIS_URL)("with a second node on the same database", () => {
    let other: App;
    beforeAll(async () => {
      const config = loadConfig({
        ...process.env,
        DATA_DIR: process.env.TEST_DATA_DIR ?? "./data/test",
        SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
        LOG_LEVEL: "silent",
        REDIS_URL: REDIS_URL ?? "",
        JOIN_CATALOG_TTL_MS: "0",
      });
      other = await buildApp({ config, database: t.database, logger: false, webRoot: null });
      await other.ready();
    });
    // Closing the second node leaves the shared database to the first.
    afterAll(() => other.close());

    it("reaches the other node's visitors too, once the invalidation arrives", async () => {
      // The other node keeps the vendor's current answer for the host…
      expect((await visitorVendor(other)).client_view.hide_location_hours).toBe(false);
      const saved = await saveClientView({ hide_location_hours: true });
      expect(saved.statusCode, saved.body).toBe(200);
      // …until the save's invalidation reaches it over Redis.
      await expect
        .poll(async () => (await visitorVendor(other)).client_view.hide_location_hours)
        .toBe(true);
    });
  });

  it("stores the pre-booking statement sanitised with the visitor page's allow-list", async () => {
    const saved = await saveClientView({
      pre_booking_statement:
        '<p onclick="steal()">Bring <strong>ID</strong><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">x</a><img src="/map.png"><form><input></form>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const statement = saved.json().data.attributes.pre_booking_statement;
    expect(statement).toBe('<p>Bring <strong>ID</strong></p><a>x</a><img src="/map.png" alt="">');
    await t.app.dispatcher.drain();
    expect((await visitorVendor(t.app)).client_view.pre_booking_statement).toBe(statement);

    // Nothing left once sanitised is no statement.
    const emptied = await saveClientView({ pre_booking_statement: "<script>alert(1)</script>" });
    expect(emptied.json().data.attributes.pre_booking_statement).toBeNull();
  });

  it("refuses a default language the client view does not offer, and a bad address, in words", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/settings/client-view",
      headers: { ...admin, "accept-language": "es" },
      payload: {
        data: {
          type: "vendor-settings",
          attributes: { available_languages: ["en", "fr"], default_language: "ru" },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        source: { pointer: "/data/attributes/default_language" },
        detail: "El idioma predeterminado debe ser uno de los idiomas disponibles.",
      }),
    ]);
    const url = await saveClientView({ privacy_policy_url: "not an address" });
    expect(url.statusCode).toBe(422);
    expect(url.json().errors[0]).toMatchObject({
      source: { pointer: "/data/attributes/privacy_policy_url" },
      detail: expect.stringContaining("https://"),
    });
  });
});
