// Contract of GET /api/v2/open/vendor: the public initial state and the CSRF token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRemoteAddress } from "../../../test/factories/open-api-client.ts";
import { createVendor } from "../../../test/factories/vendors.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { CSRF_COOKIE } from "../http/csrf.ts";

describe("GET /api/v2/open/vendor", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await createVendor(t.db, {
      name: "Theme Bank",
      hosts: ["theme.localhost"],
      theme: { primary_colour: "#112233", logo_url: "https://cdn.example/logo.png" },
      settings: {
        client_view: {
          available_languages: ["en", "fr"],
          default_language: "fr",
          explicit_compliance_agreement: true,
        },
        features: { lobby: false, role_based_access_control: true },
        synonyms: { fr: { "Errors.required": "Obligatoire !" } },
        duration_text: { fr: "Environ" },
      },
    });
    await createVendor(t.db, { name: "Plain Clinic", hosts: ["plain.localhost"] });
  });
  afterAll(() => t.close());

  const get = (host: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: "/api/v2/open/vendor",
      headers: { host, ...headers },
      remoteAddress: nextRemoteAddress(),
    });

  it("gives the defaults of spec §1 to a vendor without a theme", async () => {
    const res = await get("plain.localhost");
    expect(res.statusCode).toBe(200);
    const { attributes } = res.json().data;
    expect(attributes).toMatchObject({
      name: "Plain Clinic",
      homepage: "https://vendor.example",
      logo: null,
      theme: {
        primary_colour: "#2979FF",
        font_family: "Roboto",
        font_weight_normal: 400,
        font_weight_bold: 500,
      },
      theme_colours: {
        on_primary: "#000000",
        primary_text: "#246AE0",
        on_secondary: "#FFFFFF",
        secondary_text: "#263238",
      },
      languages: { default: "en", current: "en" },
      callback_contact_options: {
        mobile_phone: "optional",
        email: "optional",
        sms_notifications: "optional",
        notes: "optional",
      },
      show_queue_appointment_feedback: true,
      realtime: { driver: "socket.io", path: "/socket.io", transports: ["websocket"] },
    });
    expect(attributes.languages.available).toHaveLength(8);
  });

  it("shows the vendor's theme, languages, client view and only the public feature flags", async () => {
    const res = await get("theme.localhost", { "accept-language": "fr" });
    const { attributes } = res.json().data;
    expect(attributes).toMatchObject({
      name: "Theme Bank",
      logo: "https://cdn.example/logo.png",
      theme: { primary_colour: "#112233" },
      // Dark enough for text as it is, and white on it; the default secondary likewise.
      theme_colours: {
        on_primary: "#FFFFFF",
        primary_text: "#112233",
        on_secondary: "#FFFFFF",
        secondary_text: "#263238",
      },
      languages: { available: ["en", "fr"], default: "fr", current: "fr" },
      client_view: { explicit_compliance_agreement: true },
      features: { lobby: false, curbside_pickup: true, notes_digit_validation: true },
      synonyms: { "Errors.required": "Obligatoire !" },
      duration_text: "Environ",
    });
    expect(attributes.features).not.toHaveProperty("role_based_access_control");
  });

  it("tells the page the install's map tiles and that place search is offline without a geocoder", async () => {
    expect(t.app.config.GEOCODER_URL).toBeUndefined();
    const res = await get("plain.localhost");
    expect(res.json().data.attributes.maps).toEqual({
      tile_url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      places: "offline",
    });
  });

  it("falls back to the vendor's default language for one it does not offer", async () => {
    const res = await get("theme.localhost", { "accept-language": "ko" });
    expect(res.json().data.attributes.languages.current).toBe("fr");
  });

  it("hands out a CSRF token with its secret in a signed, http-only cookie, never cached", async () => {
    const res = await get("plain.localhost");
    expect(res.json().meta.csrf_token).toEqual(expect.any(String));
    expect(res.headers["cache-control"]).toBe("no-store");
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: "/" });
    expect(cookie?.value).toContain(".");
  });
});
