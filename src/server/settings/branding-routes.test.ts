// settings/branding: the theme read with the settings version as ETag and replaced with it as
// If-Match (409 when any settings page saved first), refused with localised pointers when out of
// shape, audited and announced; the logo checked by its bytes (type, size, dimensions: 422), served
// at a content-addressed address cached for a year, and removed; Admin and up only, each vendor's
// own; and the visitor side's vendor document carrying the change.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import { pngImage } from "../../../test/factories/images.ts";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { auditLog } from "../db/schema.ts";

const delivered = recordDeliveredEvents("test-branding-events", ["vendor.updated"]);

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

const URL = "/api/internal/v1/settings/branding";
const ifMatch = (version?: number): Headers =>
  version === undefined ? {} : { "if-match": `"${version}"` };
const get = (headers: Headers) => t.app.inject({ method: "GET", url: URL, headers });
const put = (headers: Headers, attributes: unknown, version?: number, extra: Headers = {}) =>
  t.app.inject({
    method: "PUT",
    url: URL,
    headers: { ...headers, ...ifMatch(version), ...extra },
    payload: { data: { type: "vendor-settings", id: "branding", attributes } },
  });
const upload = (headers: Headers, body: Buffer | string, type: string, version?: number) =>
  t.app.inject({
    method: "POST",
    url: `${URL}/logo`,
    headers: { ...headers, ...ifMatch(version), "content-type": type },
    payload: body,
  });
const visitorVendor = async (world: StaffWorld) =>
  (await t.app.inject({ url: "/api/v2/open/vendor", headers: { host: world.vendor.host } })).json()
    .data.attributes;

const BRANDING = {
  primary_colour: "#0D47A1",
  secondary_colour: "#FFEB3B",
  font_family: "system-ui",
  font_weight_normal: 400,
  font_weight_bold: 700,
};

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await headersOf(home, ROLES.admin);
  manager = await headersOf(home, ROLES.manager);
});
afterAll(() => t.close());

describe("branding", () => {
  it("reads the theme with its defaults and the settings version", async () => {
    const response = await get(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json().data).toEqual({
      type: "vendor-settings",
      id: "branding",
      attributes: {
        primary_colour: "#2979FF",
        secondary_colour: "#263238",
        font_family: "Roboto",
        font_weight_normal: 400,
        font_weight_bold: 500,
        logo_url: null,
      },
      meta: { version: 1 },
    });
  });

  it("saves colours and font, audits the change, and the visitor pages get them", async () => {
    expect((await visitorVendor(home)).theme.primary_colour).toBe("#2979FF"); // now cached
    const { meta } = (await get(admin)).json().data;
    const response = await put(admin, BRANDING, meta.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"${meta.version + 1}"`);
    expect(response.json().data.attributes).toEqual({ ...BRANDING, logo_url: null });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.vendorId, home.vendor.id), eq(auditLog.subjectType, "vendor_settings")),
      );
    expect(audit?.before).toMatchObject({ section: "branding", primary_colour: "#2979FF" });
    expect(audit?.after).toMatchObject({ section: "branding", primary_colour: "#0D47A1" });
    expect(await delivered.of("vendor.updated", home.vendor.id)).not.toHaveLength(0);

    // The vendor.updated event drops the cached vendor: the visitor document carries the new
    // theme, with text colours that reach AA on it (white on the dark blue, black on the yellow).
    await vi.waitFor(
      async () => expect((await visitorVendor(home)).theme.primary_colour).toBe("#0D47A1"),
      { timeout: 5000 },
    );
    const visitor = await visitorVendor(home);
    expect(visitor.theme).toMatchObject({ font_family: "system-ui", font_weight_bold: 700 });
    expect(visitor.theme_colours).toMatchObject({ on_primary: "#FFFFFF", on_secondary: "#000000" });
    // The other vendor's pages are untouched.
    expect((await visitorVendor(other)).theme.primary_colour).toBe("#2979FF");
  });

  it("refuses values out of shape with localised pointers, and saves nothing", async () => {
    const { meta } = (await get(admin)).json().data;
    const response = await put(
      admin,
      {
        primary_colour: "blue",
        secondary_colour: "#12345",
        font_family: "Comic Sans MS",
        font_weight_normal: 450,
        font_weight_bold: 700,
      },
      meta.version,
      { "accept-language": "fr" },
    );
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json().errors as { source: { pointer: string }; detail: string }[];
    expect(errors.map((e) => e.source.pointer).sort()).toEqual([
      "/data/attributes/font_family",
      "/data/attributes/font_weight_normal",
      "/data/attributes/primary_colour",
      "/data/attributes/secondary_colour",
    ]);
    expect(errors[0]?.detail).not.toMatch(/^Branding\./);
    const lighter = await put(admin, { ...BRANDING, font_weight_bold: 400 }, meta.version);
    expect(lighter.statusCode).toBe(422);
    expect(lighter.json().errors[0].source.pointer).toBe("/data/attributes/font_weight_bold");
    expect((await get(admin)).json().data.meta.version).toBe(meta.version);
  });

  it("answers 409 with the theme as it is now when another settings save came first", async () => {
    const { meta } = (await get(admin)).json().data;
    const lobby = await t.app.inject({
      method: "PUT",
      url: "/api/internal/v1/settings/lobby",
      headers: { ...admin, ...ifMatch(meta.version) },
      payload: { data: { type: "vendor-settings", attributes: {} } },
    });
    expect(lobby.statusCode, lobby.body).toBe(200);
    const stale = await put(admin, { ...BRANDING, primary_colour: "#B71C1C" }, meta.version);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current).toMatchObject({
      id: "branding",
      attributes: { primary_colour: "#0D47A1" },
      meta: { version: meta.version + 1 },
    });
    const staleLogo = await upload(admin, pngImage(4, 4), "image/png", meta.version);
    expect(staleLogo.statusCode).toBe(409);
  });

  it("stores a logo, serves it cached for good at its own address, and removes it", async () => {
    const { meta } = (await get(admin)).json().data;
    const image = pngImage(120, 40);
    // The declared type does not matter: the bytes are a PNG.
    const response = await upload(admin, image, "application/octet-stream", meta.version);
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = response.json().data;
    expect(attributes).toMatchObject({ primary_colour: "#0D47A1" });
    expect(attributes.logo_url).toMatch(
      new RegExp(`^/assets/logos/${home.vendor.id}/[0-9a-f]{64}\\.png$`),
    );

    const served = await t.app.inject({ url: attributes.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.rawPayload.equals(image)).toBe(true);
    await vi.waitFor(
      async () => expect((await visitorVendor(home)).theme.logo_url).toBe(attributes.logo_url),
      { timeout: 5000 },
    );

    // A save of the colours keeps the logo.
    const colours = await put(admin, BRANDING, meta.version + 1);
    expect(colours.json().data.attributes.logo_url).toBe(attributes.logo_url);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `${URL}/logo`,
      headers: { ...admin, ...ifMatch(meta.version + 2) },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.attributes.logo_url).toBeNull();
    expect((await t.app.inject({ url: attributes.logo_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/assets/logos/1/nothing.png" })).statusCode).toBe(404);
  });

  it("refuses a logo that is not a PNG, JPEG or WebP, too large or too wide, with 422", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const refused = [
      await upload(admin, svg, "image/svg+xml"),
      await upload(admin, "GIF89a", "image/gif"),
      await upload(admin, Buffer.alloc(0), "image/png"),
      await upload(admin, Buffer.concat([pngImage(8, 8), Buffer.alloc(600 * 1024)]), "image/png"),
      await upload(admin, pngImage(5000, 1), "image/png"),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422]);
    expect(refused.map((r) => r.json().errors[0].code)).toEqual([
      "logo_type",
      "logo_type",
      "logo_missing",
      "logo_too_large",
      "logo_dimensions",
    ]);
    expect(refused[3]?.json().errors[0].detail).toMatch(/512/);
    expect((await get(admin)).json().data.attributes.logo_url).toBeNull();
  });

  it("is Admin and up only, and each vendor's own", async () => {
    expect((await get(manager)).statusCode).toBe(403);
    expect((await put(manager, BRANDING)).statusCode).toBe(403);
    expect((await upload(manager, pngImage(4, 4), "image/png")).statusCode).toBe(403);
    const otherAdmin = await headersOf(other, ROLES.admin);
    const theirs = await put(otherAdmin, { ...BRANDING, primary_colour: "#1B5E20" });
    expect(theirs.statusCode).toBe(200);
    expect((await get(admin)).json().data.attributes.primary_colour).toBe("#0D47A1");
    expect((await get(otherAdmin)).json().data.attributes.primary_colour).toBe("#1B5E20");
  });
});
