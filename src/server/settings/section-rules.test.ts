// The rules of the features and synonyms sections through their routes: a flag resting on the
// platform's contract is turned on by a platform admin only (an Admin may turn it off), and a
// synonym must reword a visitor-facing message, parse as ICU and keep its placeholders; a refused
// save answers 422 at the entry's pointer, localised, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld, signInAs } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import en from "../../shared/i18n/en.json" with { type: "json" };
import fr from "../../shared/i18n/fr.json" with { type: "json" };
import { translate } from "../http/messages.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
type Headers = Record<string, string>;
let admin: Headers;
let platform: Headers;

async function headersOf(role: keyof StaffWorld["staff"]): Promise<Headers> {
  const session = await signInAs(t.app, world.staff[role], world.vendor.host);
  return { host: world.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}

const get = (section: string, headers: Headers) =>
  t.app.inject({ method: "GET", url: `/api/internal/v1/settings/${section}`, headers });
async function put(section: string, headers: Headers, attributes: unknown, lang = "en") {
  const version = (await get(section, headers)).json().data.meta.version as number;
  return t.app.inject({
    method: "PUT",
    url: `/api/internal/v1/settings/${section}`,
    headers: { ...headers, "if-match": `"${version}"`, "accept-language": lang },
    payload: { data: { type: "vendor-settings", attributes } },
  });
}
type Problem = { code: string; detail: string; source: { pointer: string } };
const problemsOf = (body: string) => (JSON.parse(body) as { errors: Problem[] }).errors;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createStaffWorld(t.db);
  admin = await headersOf(ROLES.admin);
  platform = await headersOf(ROLES.platform_admin);
});
afterAll(() => t.close());

describe("platform-only feature flags", () => {
  it("refuses an Admin turning one on, at the flag, localised, and saves nothing", async () => {
    const before = (await get("features", admin)).json().data;
    const response = await put(
      "features",
      admin,
      { ...before.attributes, connect_lobby: true, curbside_pickup: false },
      "fr",
    );
    expect(response.statusCode, response.body).toBe(422);
    const [problem, ...rest] = problemsOf(response.body);
    expect(rest).toEqual([]);
    expect(problem?.code).toBe("platform_only_flag");
    expect(problem?.source.pointer).toBe("/data/attributes/connect_lobby");
    expect(problem?.detail).toBe(fr["Settings.error_platform_only_flag"]);
    const after = (await get("features", admin)).json().data;
    expect(after).toEqual(before);
  });

  it("lets a platform admin turn one on, an Admin keep it and turn it off, but not back on", async () => {
    const flags = (await get("features", platform)).json().data.attributes;
    const on = await put("features", platform, { ...flags, role_based_access_control: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.attributes.role_based_access_control).toBe(true);

    // An Admin saving other flags leaves the platform's choice as it is.
    const kept = await put("features", admin, { ...on.json().data.attributes, lobby: false });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.attributes).toMatchObject({
      role_based_access_control: true,
      lobby: false,
    });

    const off = await put("features", admin, {
      ...kept.json().data.attributes,
      role_based_access_control: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const again = await put("features", admin, {
      ...off.json().data.attributes,
      role_based_access_control: true,
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(problemsOf(again.body).map((p) => p.source.pointer)).toEqual([
      "/data/attributes/role_based_access_control",
    ]);
  });

  it("lets an Admin turn the vendor's own flags either way", async () => {
    const flags = (await get("features", admin)).json().data.attributes;
    const saved = await put("features", admin, {
      ...flags,
      curbside_pickup: false,
      location_locking: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({
      curbside_pickup: false,
      location_locking: true,
    });
  });
});

describe("synonyms", () => {
  const title = "Form.submit_join";
  /** "+{code} {country}" */
  const withPlaceholders = "Form.phone_country_option";

  it("saves a visitor-facing rewording and serves it to the visitor pages in that language", async () => {
    expect(en).toHaveProperty(title);
    const saved = await put("synonyms", admin, { en: { [title]: "Join the line" } });
    expect(saved.statusCode, saved.body).toBe(200);
    // The vendor's cached answer goes with the save's vendor.updated.
    await t.app.dispatcher.drain();
    const vendor = await t.app.inject({
      method: "GET",
      url: "/api/v2/open/vendor?lang=en",
      headers: { host: world.vendor.host },
    });
    expect(vendor.json().data.attributes.synonyms).toMatchObject({ [title]: "Join the line" });
  });

  it("refuses a lost or unknown placeholder, broken ICU, an empty text and an office message", async () => {
    const id = withPlaceholders;
    const before = (await get("synonyms", admin)).json().data;
    const response = await put("synonyms", admin, {
      ...before.attributes,
      en: { ...before.attributes.en, [id]: "+{code} only" },
      es: { [title]: "Unirse {", "Form.nope": "x" },
      fr: { [title]: "Rejoindre {someone}", "Office.nav_lobby": "Salle" },
      pl: { [title]: "  " },
    });
    expect(response.statusCode, response.body).toBe(422);
    const problems = problemsOf(response.body);
    const at = (pointer: string) => problems.find((p) => p.source.pointer === pointer);
    expect(at(`/data/attributes/en/${id}`)?.code).toBe("synonym_placeholders");
    expect(at(`/data/attributes/en/${id}`)?.detail).toBe(
      translate("en", "Settings.error_synonym_placeholders", { placeholders: "{code}, {country}" }),
    );
    expect(at("/data/attributes/es/Form.submit_join")?.code).toBe("synonym_syntax");
    expect(at("/data/attributes/es/Form.nope")?.code).toBe("synonym_unknown_message");
    expect(at("/data/attributes/fr/Form.submit_join")?.code).toBe("synonym_placeholders");
    expect(at("/data/attributes/fr/Office.nav_lobby")?.code).toBe("synonym_unknown_message");
    expect(at("/data/attributes/pl/Form.submit_join")?.code).toBe("synonym_empty");
    expect(problems).toHaveLength(6);
    expect((await get("synonyms", admin)).json().data).toEqual(before);
  });

  it("keeps an entry saved before as it is, and takes a rewording that keeps the placeholders", async () => {
    const id = withPlaceholders;
    const keeping = "{country} (+{code})";
    const before = (await get("synonyms", admin)).json().data.attributes;
    const saved = await put("synonyms", admin, { ...before, en: { ...before.en, [id]: keeping } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.en[id]).toBe(keeping);
  });
});
