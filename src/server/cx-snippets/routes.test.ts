// The visitor pages' snippets: the back office's API (validation with pointers, sanitising on
// save, versions, audit rows and events, Admin only, another vendor's snippets not found) and the
// open route visitors read (in their language with fallbacks, within the time window, for the
// page's location, with an entity tag), which honours a change at once: the save's event drops the
// cached snippets.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import {
  createLocation,
  createStaffWorld,
  type StaffWorld,
  signInAs,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { auditLog, locations } from "../db/schema.ts";

const delivered = recordDeliveredEvents("test-cx-snippet-events", ["cx_snippet.updated"]);
const API = "/api/internal/v1/cx-snippets";
const PUBLIC = "/cx/snippets/api/v1/cx_snippets";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let home: StaffWorld;
let other: StaffWorld;
type Headers = Record<string, string>;
let admin: Headers;
let manager: Headers;
let otherAdmin: Headers;

async function headersOf(world: StaffWorld, role: keyof StaffWorld["staff"]): Promise<Headers> {
  const session = await signInAs(t.app, world.staff[role], world.vendor.host);
  return { host: world.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}

const doc = (attributes: Record<string, unknown>) => ({
  data: { type: "cx-snippets", attributes },
});
const create = (headers: Headers, attributes: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: API, headers, payload: doc(attributes) });
const patch = (
  headers: Headers,
  id: string,
  attributes: Record<string, unknown>,
  version?: number,
) =>
  t.app.inject({
    method: "PATCH",
    url: `${API}/${id}`,
    headers: { ...headers, ...(version === undefined ? {} : { "if-match": `"${version}"` }) },
    payload: doc(attributes),
  });
const visitor = (query = "", headers: Headers = {}) =>
  t.app.inject({
    method: "GET",
    url: `${PUBLIC}${query}`,
    headers: { host: home.vendor.host, ...headers },
  });
const shownIds = async (query = "") =>
  (await visitor(query)).json().data.map((s: { id: string }) => s.id) as string[];

/** A window around every moment a test may run at. */
const ALWAYS = { starts_at: "2000-01-01T00:00:00Z", ends_at: "2999-01-01T00:00:00Z" };

// The built pages, so the app serves the page for the addresses a visitor may open.
const webRoot = mkdtempSync(path.join(tmpdir(), "nextline-snippets-web-"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Nextline</title>");

beforeAll(async () => {
  t = await buildTestApp({
    seed: false,
    deps: { extraEventHandlers: [delivered.handler], webRoot },
  });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await headersOf(home, ROLES.admin);
  manager = await headersOf(home, ROLES.manager);
  otherAdmin = await headersOf(other, ROLES.admin);
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "cx_snippet"), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

describe("the back office's snippets", () => {
  it("adds a snippet with its HTML sanitised, audited, with its event and version tag", async () => {
    const response = await create(admin, {
      name: " Holiday hours ",
      kind: "announcement",
      tone: "warning",
      content: {
        en: '<p onclick="steal()">Closed <strong>Monday</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a> <a href="https://example.com/hours" target="_blank" style="color:red">hours</a> <a href="mailto:desk@example.com">mail</a> <a href="tel:+15551234">call</a> <a href="http://plain.example.com">plain</a>',
        fr: "<p>Fermé <em>lundi</em></p><iframe src='https://evil.example.com'></iframe>",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const { id, attributes } = response.json().data;
    expect(attributes).toMatchObject({
      name: "Holiday hours",
      kind: "announcement",
      tone: "warning",
      location_id: null,
      starts_at: null,
      ends_at: null,
      active: true,
      sort_order: 0,
      version: 1,
    });
    expect(attributes.content.en).toBe(
      '<p>Closed <strong>Monday</strong></p><a>bad</a> <a href="https://example.com/hours">hours</a> <a href="mailto:desk@example.com">mail</a> <a href="tel:+15551234">call</a> <a>plain</a>',
    );
    expect(attributes.content.fr).toBe("<p>Fermé <em>lundi</em></p>");
    const audit = await auditOf(Number(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created", before: null });
    expect(await delivered.of("cx_snippet.updated", Number(id))).toHaveLength(1);
    const read = await t.app.inject({ method: "GET", url: `${API}/${id}`, headers: admin });
    expect(read.json().data.attributes.content).toEqual(attributes.content);
    expect(read.headers.etag).toBe('"1"');
  });

  it("refuses what it cannot keep, with a localised pointer each, and saves nothing", async () => {
    const before = (await t.app.inject({ method: "GET", url: API, headers: admin })).json().data
      .length;
    const closed = await createLocation(t.db, home.vendor.id, { name: "Closed branch" });
    await t.db
      .update(locations)
      .set({ archivedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(locations.id, closed.id));
    const base = { name: "N", kind: "notice", content: { en: "<p>Hi</p>" } };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, name: " " }, "/data/attributes/name", "invalid"],
      [{ ...base, name: "a\u0000b" }, "/data/attributes/name", "invalid"],
      [{ ...base, kind: "popup" }, "/data/attributes/kind", "invalid_value"],
      [{ ...base, tone: "danger" }, "/data/attributes/tone", "invalid_value"],
      [
        { ...base, content: { de: "<p>Hallo</p>" } },
        "/data/attributes/content/de",
        "unknown_field",
      ],
      [
        { ...base, content: { fr: "<p>Bonjour</p>" } },
        "/data/attributes/content/en",
        "content_required",
      ],
      [
        { ...base, content: { en: "<script>x()</script><p> </p>" } },
        "/data/attributes/content/en",
        "content_required",
      ],
      [{ ...base, content: { en: "x".repeat(5001) } }, "/data/attributes/content/en", "too_big"],
      [{ ...base, starts_at: "tomorrow" }, "/data/attributes/starts_at", "invalid_format"],
      [
        { ...base, starts_at: "2030-01-02T00:00:00Z", ends_at: "2030-01-01T00:00:00Z" },
        "/data/attributes/ends_at",
        "ends_before_start",
      ],
      [
        { ...base, location_id: String(other.locations[0].id) },
        "/data/attributes/location_id",
        "location_unknown",
      ],
      [{ ...base, location_id: closed.id }, "/data/attributes/location_id", "location_unknown"],
      [{ ...base, sort_order: -1 }, "/data/attributes/sort_order", "too_small"],
      [{ ...base, colour: "red" }, "/data/attributes/colour", "unknown_field"],
    ];
    const answered: [string, string][] = [];
    for (const [attributes] of cases) {
      const response = await create(admin, attributes);
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.detail).toBeTruthy();
      answered.push([error.source.pointer, error.code]);
    }
    expect(answered).toEqual(cases.map(([, pointer, code]) => [pointer, code]));
    const french = await create({ ...admin, "accept-language": "fr" }, { ...base, content: {} });
    expect(french.json().errors[0].detail).not.toBe(
      (await create(admin, { ...base, content: {} })).json().errors[0].detail,
    );
    const after = (await t.app.inject({ method: "GET", url: API, headers: admin })).json().data;
    expect(after).toHaveLength(before);
  });

  it("saves with the version edited: 409 with the snippet as it is, and deletes with it too", async () => {
    const { id } = (
      await create(admin, { name: "V", kind: "notice", content: { en: "<p>One</p>" } })
    ).json().data;
    const first = await patch(admin, id, { content: { en: "<p>Two</p>" } }, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const stale = await patch(admin, id, { content: { en: "<p>Three</p>" } }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.current.attributes.content).toEqual({ en: "<p>Two</p>" });
    const staleDelete = await t.app.inject({
      method: "DELETE",
      url: `${API}/${id}`,
      headers: { ...admin, "if-match": '"1"' },
    });
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `${API}/${id}`,
      headers: { ...admin, "if-match": '"2"' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: "GET", url: `${API}/${id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await auditOf(Number(id))).map((row) => row.action)).toEqual([
      "created",
      "updated",
      "deleted",
    ]);
    expect(await delivered.of("cx_snippet.updated", Number(id))).toHaveLength(3);
  });

  it("is for Admins, and another vendor's snippet does not exist for them", async () => {
    expect((await t.app.inject({ method: "GET", url: API, headers: manager })).statusCode).toBe(
      403,
    );
    const { id } = (
      await create(admin, { name: "Mine", kind: "notice", content: { en: "<p>x</p>" } })
    ).json().data;
    const theirs = await t.app.inject({ method: "GET", url: `${API}/${id}`, headers: otherAdmin });
    expect(theirs.statusCode).toBe(404);
    expect((await patch(otherAdmin, id, { name: "Taken" })).statusCode).toBe(404);
    const remove = await t.app.inject({
      method: "DELETE",
      url: `${API}/${id}`,
      headers: otherAdmin,
    });
    expect(remove.statusCode).toBe(404);
    const list = (await t.app.inject({ method: "GET", url: API, headers: otherAdmin })).json().data;
    expect(list.map((s: { id: string }) => s.id)).not.toContain(id);
  });
});

describe("the visitor pages' snippets", () => {
  it("answers JSON in the visitor's language, else the default language, else English", async () => {
    const { id } = (
      await create(admin, {
        name: "Lang",
        kind: "announcement",
        content: { en: "<p>Hello</p>", fr: "<p>Bonjour</p>" },
        ...ALWAYS,
      })
    ).json().data;
    const french = await visitor("", { "accept-language": "fr-CA,fr;q=0.9" });
    expect(french.statusCode, french.body).toBe(200);
    expect(french.headers["content-type"]).toMatch(/json/);
    expect(french.headers["cache-control"]).toBe("no-cache");
    const frenchOne = french.json().data.find((s: { id: string }) => s.id === id);
    expect(frenchOne).toEqual({
      id,
      type: "cx-snippets",
      attributes: { kind: "announcement", tone: "info", html: "<p>Bonjour</p>", lang: "fr" },
    });
    const polish = (await visitor("", { "accept-language": "pl" })).json().data;
    expect(polish.find((s: { id: string }) => s.id === id).attributes).toMatchObject({
      html: "<p>Hello</p>",
      lang: "en",
    });
    // The page's own language, when it asks with ?lang=, wins over the browser's.
    const asked = (await visitor("?lang=fr", { "accept-language": "en" })).json().data;
    expect(asked.find((s: { id: string }) => s.id === id).attributes.lang).toBe("fr");
    // Unchanged since the last read: 304 without a body.
    const again = await visitor("", {
      "accept-language": "fr",
      "if-none-match": french.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it("shows a snippet only within its window, only when active, and for its location", async () => {
    const make = async (name: string, extra: Record<string, unknown>) =>
      (
        await create(admin, { name, kind: "notice", content: { en: `<p>${name}</p>` }, ...extra })
      ).json().data.id as string;
    const past = await make("past", {
      starts_at: "2001-01-01T00:00:00Z",
      ends_at: "2001-02-01T00:00:00Z",
    });
    const future = await make("future", { starts_at: "2999-01-01T00:00:00Z" });
    const now = await make("now", ALWAYS);
    const off = await make("off", { active: false });
    const here = await make("here", { location_id: home.locations[0].id });
    const vendorWide = await shownIds();
    expect(vendorWide).toContain(now);
    for (const hidden of [past, future, off, here]) expect(vendorWide).not.toContain(hidden);
    const atLocation = await shownIds(`?location_id=${home.locations[0].id}`);
    expect(atLocation).toEqual(expect.arrayContaining([now, here]));
    expect(await shownIds(`?location_id=${home.locations[1].id}`)).not.toContain(here);
    expect((await visitor("?location_id=abc")).statusCode).toBe(422);
  });

  it("honours a change at once: the save's event drops the cached snippets", async () => {
    const { id } = (
      await create(admin, { name: "Live", kind: "announcement", content: { en: "<p>Old</p>" } })
    ).json().data;
    const htmlOf = async () =>
      (await visitor()).json().data.find((s: { id: string }) => s.id === id)?.attributes.html;
    // The cache now holds the vendor's snippets; only an invalidation can change the answer.
    await vi.waitFor(async () => expect(await htmlOf()).toBe("<p>Old</p>"), { timeout: 5000 });
    expect(await patch(admin, id, { content: { en: "<p>New</p>" } }, 1)).toMatchObject({
      statusCode: 200,
    });
    await vi.waitFor(async () => expect(await htmlOf()).toBe("<p>New</p>"), { timeout: 5000 });
    await patch(admin, id, { active: false }, 2);
    await vi.waitFor(async () => expect(await htmlOf()).toBeUndefined(), { timeout: 5000 });
  });

  it("is JSON, not the page, and never another vendor's", async () => {
    const theirs = await t.app.inject({
      method: "GET",
      url: PUBLIC,
      headers: { host: other.vendor.host },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual([]);
    const unknown = await t.app.inject({
      method: "GET",
      url: "/cx/snippets/api/v1/nothing",
      headers: { host: home.vendor.host },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/json/);
    const page = await t.app.inject({
      method: "GET",
      url: "/callback-service",
      headers: { host: home.vendor.host },
    });
    expect(page.headers["content-type"]).toMatch(/html/);
  });
});
