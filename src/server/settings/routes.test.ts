// The settings pages' sections: read with the settings version as ETag, replaced whole with it as
// If-Match (409 with the section as it is now when another save came first, on any section, as they
// share one version), refused whole with a pointer when a value is out of shape, audited and
// announced as vendor.updated, Admin and up only, and never another vendor's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { auditLog, vendors } from "../db/schema.ts";

const delivered = recordDeliveredEvents("test-settings-sections-events", ["vendor.updated"]);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let home: StaffWorld;
let other: StaffWorld;
type Headers = Record<string, string>;
let admin: Headers;
let manager: Headers;

async function headersOf(world: StaffWorld, role: keyof StaffWorld["staff"]): Promise<Headers> {
  const session = await signInAs(t.app, world.staff[role], world.vendor.host);
  return { host: world.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}

const get = (section: string, headers: Headers) =>
  t.app.inject({ method: "GET", url: `/api/internal/v1/settings/${section}`, headers });
const put = (section: string, headers: Headers, attributes: unknown, version?: number) =>
  t.app.inject({
    method: "PUT",
    url: `/api/internal/v1/settings/${section}`,
    headers: { ...headers, ...(version === undefined ? {} : { "if-match": `"${version}"` }) },
    payload: { data: { type: "vendor-settings", id: section, attributes } },
  });

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await headersOf(home, ROLES.admin);
  manager = await headersOf(home, ROLES.manager);
});
afterAll(() => t.close());

const storedSettings = async (vendorId: number) => {
  const [row] = await t.db
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return parseVendorSettings(row?.settings);
};

describe("settings sections", () => {
  it("reads a section with its defaults and the settings version", async () => {
    const response = await get("lobby", admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json().data).toEqual({
      type: "vendor-settings",
      id: "lobby",
      attributes: { board: expect.objectContaining({}), auto_no_show_minutes: null },
      meta: { version: 1 },
    });
  });

  it("replaces a section, keeps the others, audits the change and announces it", async () => {
    const before = await storedSettings(home.vendor.id);
    const current = (await get("client-view", admin)).json().data;
    const response = await put(
      "client-view",
      admin,
      { ...current.attributes, show_wait_time: false, default_language: "fr" },
      current.meta.version,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"${current.meta.version + 1}"`);
    expect(response.json().data.attributes).toMatchObject({
      show_wait_time: false,
      default_language: "fr",
    });
    const after = await storedSettings(home.vendor.id);
    expect(after.client_view.show_wait_time).toBe(false);
    expect(after.features).toEqual(before.features);
    expect(after.notifications).toEqual(before.notifications);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.vendorId, home.vendor.id),
          eq(auditLog.subjectType, "vendor_settings"),
          eq(auditLog.subjectId, home.vendor.id),
        ),
      );
    expect(audit).toMatchObject({ action: "updated" });
    expect(audit?.before).toMatchObject({ section: "client-view", show_wait_time: true });
    expect(audit?.after).toMatchObject({ section: "client-view", show_wait_time: false });
    expect(await delivered.of("vendor.updated", home.vendor.id)).not.toHaveLength(0);
    // A setting left out takes its default.
    const reset = await put("client-view", admin, {}, current.meta.version + 1);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data.attributes.show_wait_time).toBe(true);
  });

  it("answers 409 with the section as it is now to a save of an older version, on any section", async () => {
    const { meta } = (await get("features", admin)).json().data;
    expect((await put("booking", admin, { window_days: 90 }, meta.version)).statusCode).toBe(200);
    const stale = await put("features", admin, { lobby: false }, meta.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current).toMatchObject({
      id: "features",
      attributes: { lobby: true },
      meta: { version: meta.version + 1 },
    });
    expect((await storedSettings(home.vendor.id)).features.lobby).toBe(true);
  });

  it("refuses a value out of shape with a localised pointer, and saves nothing", async () => {
    const { meta } = (await get("lobby", admin)).json().data;
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/settings/lobby",
      headers: { ...admin, "if-match": `"${meta.version}"`, "accept-language": "fr" },
      payload: {
        data: {
          type: "vendor-settings",
          attributes: { auto_no_show_minutes: 0, colour: "red" },
        },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors as { source: { pointer: string }; detail: string }[];
    expect(errors.map((e) => e.source.pointer).sort()).toEqual([
      "/data/attributes/auto_no_show_minutes",
      "/data/attributes/colour",
    ]);
    expect(errors.find((e) => e.source.pointer.endsWith("minutes"))?.detail).toMatch(/240/);
    expect((await get("lobby", admin)).json().data.meta.version).toBe(meta.version);
  });

  it("is Admin and up only, and each vendor's own", async () => {
    expect((await get("client-view", manager)).statusCode).toBe(403);
    expect((await put("client-view", manager, {})).statusCode).toBe(403);
    const otherAdmin = await headersOf(other, ROLES.admin);
    const theirs = await put("client-view", otherAdmin, { show_wait_time: false });
    expect(theirs.statusCode).toBe(200);
    expect((await get("client-view", admin)).json().data.attributes.show_wait_time).toBe(true);
    expect((await storedSettings(other.vendor.id)).client_view.show_wait_time).toBe(false);
  });
});
