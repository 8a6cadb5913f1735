// The back office's locations API: create (with default hours), read, edit any field, archive and
// restore; every field's rule answered with a localised 422 and a pointer (U+0000 included), the
// external id unique per vendor, If-Match versions with 409 and meta.current, one audit row and
// one location.updated event per change. And archiving really hides: the open list and location,
// its services and board, the join, and the staff member's own locations all leave it out.
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeliveredEvents } from "../../../../test/factories/delivered-events.ts";
import { createService } from "../../../../test/factories/services.ts";
import { createStaffWorld, type StaffWorld } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { ROLES } from "../../../shared/domain.ts";
import en from "../../../shared/i18n/en.json" with { type: "json" };
import { auditLog, locations, queueAppointments } from "../../db/schema.ts";
import { addVisitor, type StaffClient, staffClient } from "../../lobby/lobby-test-world.ts";
import { readJoinRows } from "../../queue/join-catalog.ts";

const create = (attributes: Record<string, unknown>) => ({
  data: { type: "locations", attributes },
});
const patch = (attributes: Record<string, unknown>) => ({
  data: { type: "locations", attributes },
});

const basics = {
  name: "Harbour Branch",
  address: "12 Quay Street",
  city: "Halifax",
  country: "CA",
  latitude: 44.6488,
  longitude: -63.5752,
  timezone: "America/Halifax",
};

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let other: StaffWorld;
let admin: StaffClient;
// The location.updated events handed to handlers (the invalidate-caches handler gets the same).
const deliveredEvents = recordDeliveredEvents("test-location-updated", ["location.updated"]);
const delivered = deliveredEvents.ids;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [deliveredEvents.handler] } });
  w = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await staffClient(t.app, w.staff[ROLES.admin], w.vendor.host);
});
afterAll(() => t.close());

async function createOne(extra: Record<string, unknown> = {}) {
  const response = await admin.post("/locations", create({ ...basics, ...extra }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, unknown> };
}

const auditOf = (id: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "location"), eq(auditLog.subjectId, Number(id))))
    .orderBy(asc(auditLog.id));

/** Waits until `count` location.updated events of the location have reached the handlers. */
const expectEvents = (id: string, count: number) =>
  vi.waitFor(
    () => expect(delivered.filter((aggregateId) => aggregateId === Number(id))).toHaveLength(count),
    { timeout: 5000 },
  );

describe("creating a location", () => {
  it("stores every field, starts with weekday hours, and records an audit row and an event", async () => {
    const response = await admin.post(
      "/locations",
      create({
        ...basics,
        external_id: "HX-01",
        prov_state: "NS",
        postal_zip: "B3J 1A1",
        phone: "+1 902 555 0142",
        region: "Atlantic",
        visibility: "private",
        physical: false,
        supports_curbside_pickup: true,
        restrict_callback_request_hours: true,
        supports_in_person: false,
        supports_phone: true,
        supports_video: false,
        instructions: "Ring the bell.",
        google_review_url: "https://g.page/r/harbour/review",
        sort_order: 4,
        lang: "fr",
        mailing_code: "HX1",
        translations: [
          { locale: "fr", field: "name", content: "Succursale du port" },
          { locale: "es", field: "instructions", content: "Toque el timbre." },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(response.headers.etag).toBe('"1"');
    expect(response.headers.location).toBe(`/api/internal/v1/locations/${data.id}`);
    expect(data.attributes).toMatchObject({
      name: "Harbour Branch",
      external_id: "HX-01",
      country: "CA",
      phone: "+19025550142",
      region: "Atlantic",
      visibility: "private",
      physical: false,
      supports_curbside_pickup: true,
      restrict_callback_request_hours: true,
      supports_in_person: false,
      supports_video: false,
      google_review_url: "https://g.page/r/harbour/review",
      sort_order: 4,
      lang: "fr",
      mailing_code: "HX1",
      archived: false,
      archived_at: null,
      version: 1,
    });
    expect(data.attributes.translations).toHaveLength(2);
    const [row] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, Number(data.id)));
    expect(row?.vendorId).toBe(w.vendor.id);
    expect(row?.hours.monday).toEqual([{ open: "09:00", closed: "17:00" }]);
    expect(row?.hours.friday).toEqual([{ open: "09:00", closed: "17:00" }]);
    expect(row?.hours.saturday).toBeNull();
    expect(row?.hours.sunday).toBeNull();
    const audit = await auditOf(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "created",
      actorUserId: w.staff[ROLES.admin].id,
      before: null,
      vendorId: w.vendor.id,
    });
    expect((audit[0]?.after as Record<string, unknown> | undefined)?.name).toBe("Harbour Branch");
    await expectEvents(data.id, 1);
  });

  it("takes the defaults of every optional field", async () => {
    const data = await createOne();
    expect(data.attributes).toMatchObject({
      external_id: null,
      prov_state: "",
      phone: null,
      visibility: "public",
      physical: true,
      supports_in_person: true,
      translations: [],
    });
  });

  it.each([
    ["name", "", "/data/attributes/name", "Errors.required"],
    ["name", "Bad\u0000name", "/data/attributes/name", "Errors.invalid_value"],
    ["address", "\ud800", "/data/attributes/address", "Errors.invalid_value"],
    ["city", "   ", "/data/attributes/city", "Errors.required"],
    ["country", "ZZ", "/data/attributes/country", "Office.locations.error.country"],
    ["country", "USA", "/data/attributes/country", "Office.locations.error.country"],
    ["latitude", 91, "/data/attributes/latitude", "Office.locations.error.latitude"],
    ["latitude", "44", "/data/attributes/latitude", "Office.locations.error.latitude"],
    ["longitude", -180.5, "/data/attributes/longitude", "Office.locations.error.longitude"],
    ["timezone", "Mars/Olympus", "/data/attributes/timezone", "Office.locations.error.timezone"],
    [
      "timezone",
      "Europe/Lisbon\u0000",
      "/data/attributes/timezone",
      "Office.locations.error.timezone",
    ],
    ["phone", "902 555 0142", "/data/attributes/phone", "CallbackService.phone_plus"],
    ["phone", "+1", "/data/attributes/phone", "CallbackService.phone_invalid"],
    ["visibility", "hidden", "/data/attributes/visibility", "Errors.invalid_value"],
    ["physical", "yes", "/data/attributes/physical", "Errors.invalid_value"],
    [
      "google_review_url",
      "http://example.com",
      "/data/attributes/google_review_url",
      "Office.locations.error.https_url",
    ],
    [
      "google_review_url",
      "https://exa\u0000mple.com",
      "/data/attributes/google_review_url",
      "Errors.invalid_value",
    ],
    ["sort_order", 1.5, "/data/attributes/sort_order", "Errors.invalid_value"],
    ["lang", "de", "/data/attributes/lang", "Errors.language_unsupported"],
    ["instructions", "x".repeat(2001), "/data/attributes/instructions", "Errors.invalid_value"],
    ["external_id", "a\u0000", "/data/attributes/external_id", "Errors.invalid_value"],
    ["mailing_code", "\udc00", "/data/attributes/mailing_code", "Errors.invalid_value"],
    ["region", "x".repeat(101), "/data/attributes/region", "Errors.invalid_value"],
    [
      "translations",
      [{ locale: "de", field: "name", content: "x" }],
      "/data/attributes/translations/0/locale",
      "Errors.language_unsupported",
    ],
    [
      "translations",
      [{ locale: "fr", field: "phone", content: "x" }],
      "/data/attributes/translations/0/field",
      "Errors.invalid_value",
    ],
    [
      "translations",
      [{ locale: "fr", field: "name", content: "\u0000" }],
      "/data/attributes/translations/0/content",
      "Errors.invalid_value",
    ],
    [
      "translations",
      [{ locale: "fr", field: "name", content: "a", extra: 1 }],
      "/data/attributes/translations/0/extra",
      "Errors.unknown_field",
    ],
    [
      "translations",
      [
        { locale: "fr", field: "name", content: "a" },
        { locale: "fr", field: "name", content: "b" },
      ],
      "/data/attributes/translations/1/field",
      "Office.locations.error.duplicate_translation",
    ],
    ["colour", "blue", "/data/attributes/colour", "Errors.unknown_field"],
  ])(
    "refuses %s (case %#) with 422 at its pointer, saving nothing",
    async (field, value, pointer, messageId) => {
      const before = (await t.db.select({ id: locations.id }).from(locations)).length;
      const response = await admin.post("/locations", create({ ...basics, [field]: value }));
      expect(response.statusCode, response.body).toBe(422);
      const error = response
        .json()
        .errors.find((e: { source?: { pointer?: string } }) => e.source?.pointer === pointer);
      expect(error, response.body).toBeDefined();
      expect(error.detail).toBe(
        (en as Record<string, string>)[messageId]?.replace(
          "{field}",
          field === "translations" ? "extra" : field,
        ),
      );
      expect((await t.db.select({ id: locations.id }).from(locations)).length).toBe(before);
    },
  );

  it("requires the basics", async () => {
    const response = await admin.post("/locations", create({ name: "Only a name" }));
    expect(response.statusCode).toBe(422);
    const pointers = response
      .json()
      .errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    for (const field of ["address", "city", "country", "latitude", "longitude", "timezone"])
      expect(pointers).toContain(`/data/attributes/${field}`);
  });

  it("keeps external ids unique within a vendor, not across vendors", async () => {
    await createOne({ external_id: "DUP-1" });
    const again = await admin.post("/locations", create({ ...basics, external_id: "DUP-1" }));
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: "external_id_taken",
      source: { pointer: "/data/attributes/external_id" },
    });
    const otherAdmin = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    const elsewhere = await otherAdmin.post(
      "/locations",
      create({ ...basics, external_id: "DUP-1" }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });
});

describe("editing a location", () => {
  it("changes the fields sent, bumps the version and records before and after", async () => {
    const created = await createOne({ external_id: "ED-1" });
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/locations/${created.id}`,
      headers: { ...(await headersOf()), "if-match": '"1"' },
      payload: patch({ name: "Harbour Front", phone: "+19025550199", region: null }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const { attributes } = response.json().data;
    expect(attributes).toMatchObject({ name: "Harbour Front", phone: "+19025550199", version: 2 });
    expect(attributes.city).toBe("Halifax");
    const audit = await auditOf(created.id);
    expect(audit.map((row) => row.action)).toEqual(["created", "updated"]);
    expect(audit[1]?.before).toMatchObject({ name: "Harbour Branch" });
    expect(audit[1]?.after).toMatchObject({ name: "Harbour Front" });
    await expectEvents(created.id, 2);
  });

  it("answers 409 with the current location when the version moved on, and changes nothing", async () => {
    const created = await createOne();
    const headers = await headersOf();
    const first = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/locations/${created.id}`,
      headers: { ...headers, "if-match": '"1"' },
      payload: patch({ city: "Dartmouth" }),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/locations/${created.id}`,
      headers: { ...headers, "if-match": '"1"' },
      payload: patch({ city: "Bedford" }),
    });
    expect(second.statusCode, second.body).toBe(409);
    const body = second.json();
    expect(body.errors[0].code).toBe("version_conflict");
    expect(body.meta.current).toMatchObject({
      id: created.id,
      attributes: { city: "Dartmouth", version: 2 },
    });
    expect((await auditOf(created.id)).length).toBe(2);
    const bad = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/locations/${created.id}`,
      headers: { ...headers, "if-match": "two" },
      payload: patch({ city: "Bedford" }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("saves without If-Match, and a save that changes nothing neither bumps nor records", async () => {
    const created = await createOne();
    const same = await admin.patch(`/locations/${created.id}`, patch({ name: basics.name }));
    expect(same.statusCode).toBe(200);
    expect(same.json().data.attributes.version).toBe(1);
    expect((await auditOf(created.id)).length).toBe(1);
  });

  it("refuses an external id another location has, and a bad field, with nothing saved", async () => {
    const taken = await createOne({ external_id: "TAKEN-2" });
    const created = await createOne();
    const response = await admin.patch(
      `/locations/${created.id}`,
      patch({ external_id: "TAKEN-2", name: "Changed" }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].code).toBe("external_id_taken");
    const bad = await admin.patch(`/locations/${created.id}`, patch({ latitude: -95 }));
    expect(bad.statusCode).toBe(422);
    const row = (await admin.get(`/locations/${created.id}`)).json().data.attributes;
    expect(row).toMatchObject({ name: basics.name, version: 1 });
    expect(taken.attributes.external_id).toBe("TAKEN-2");
  });

  it("reads a location with its ETag; another vendor's or an unknown one is not found", async () => {
    const created = await createOne();
    const read = await admin.get(`/locations/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect((await admin.get(`/locations/${other.locations[0].id}`)).statusCode).toBe(404);
    expect((await admin.get("/locations/abc")).statusCode).toBe(404);
    expect((await admin.get("/locations/99999999999")).statusCode).toBe(404);
    const foreign = await admin.patch(`/locations/${other.locations[0].id}`, patch({ name: "X" }));
    expect(foreign.statusCode).toBe(404);
    const elsewhere = await admin.patch(`/locations/${created.id}`, {
      data: { type: "locations", id: "999", attributes: { name: "X" } },
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().errors[0]).toMatchObject({
      code: "id_mismatch",
      source: { pointer: "/data/id" },
    });
  });
});

describe("archiving", () => {
  it("archives and restores, recording each with its action", async () => {
    const created = await createOne();
    const archived = await admin.patch(`/locations/${created.id}`, patch({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.attributes).toMatchObject({ archived: true, version: 2 });
    expect(archived.json().data.attributes.archived_at).toEqual(expect.any(String));
    const restored = await admin.patch(`/locations/${created.id}`, patch({ archived: false }));
    expect(restored.json().data.attributes).toMatchObject({ archived: false, archived_at: null });
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual([
      "created",
      "archived",
      "restored",
    ]);
    await expectEvents(created.id, 3);
  });

  it("refuses while visitors are in line there, and archives once the last one has left", async () => {
    const world = await createStaffWorld(t.db);
    const worldAdmin = await staffClient(t.app, world.staff[ROLES.admin], world.vendor.host);
    const target = world.locations[0];
    const service = await createService(t.db, world.vendor.id, { locationIds: [target.id] });
    const here = { vendorId: world.vendor.id, locationId: target.id, serviceId: service.id };
    const waiting = await addVisitor(t.db, here);
    const serving = await addVisitor(t.db, { ...here, status: "in_progress" });
    await addVisitor(t.db, { ...here, status: "completed" });

    const refused = await worldAdmin.patch(`/locations/${target.id}`, patch({ archived: true }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({
        code: "visitors_in_line",
        detail:
          "2 visitors are still in line here. Serve or cancel them before archiving the location.",
        source: { pointer: "/data/attributes/archived" },
      }),
    ]);
    const [row] = await t.db.select().from(locations).where(eq(locations.id, target.id));
    expect(row).toMatchObject({ archivedAt: null, version: 1 });
    expect((await auditOf(String(target.id))).map((entry) => entry.action)).toEqual([]);

    await t.db
      .update(queueAppointments)
      .set({ status: "cancelled" })
      .where(inArray(queueAppointments.id, [waiting.id, serving.id]));
    const archived = await worldAdmin.patch(`/locations/${target.id}`, patch({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.attributes.archived).toBe(true);
  });

  it("takes the location out of the visitor API, the join, the board and the staff's own list", async () => {
    const world = await createStaffWorld(t.db);
    const worldAdmin = await staffClient(t.app, world.staff[ROLES.admin], world.vendor.host);
    const target = world.locations[1];
    const open = (url: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/v2/open${url}`,
        headers: { host: world.vendor.host },
      });
    const listIds = async () =>
      (await open("/locations")).json().data.map((l: { id: string }) => l.id);
    expect(await listIds()).toContain(String(target.id));

    const response = await worldAdmin.patch(`/locations/${target.id}`, patch({ archived: true }));
    expect(response.statusCode).toBe(200);

    expect(await listIds()).not.toContain(String(target.id));
    expect(await listIds()).toContain(String(world.locations[0].id));
    expect((await open(`/locations/${target.id}`)).statusCode).toBe(404);
    expect((await open(`/queue-appointments-services/${target.id}`)).statusCode).toBe(404);
    expect((await open(`/locations/${target.id}/board`)).statusCode).toBe(404);
    const rows = await readJoinRows(t.db, {
      vendorId: world.vendor.id,
      locationId: target.id,
      serviceId: 1,
      withQuestions: false,
    });
    expect(rows.location).toBeNull();

    // A new session of an admin (every location) and of a manager: the switcher leaves it out.
    for (const role of [ROLES.admin, ROLES.manager]) {
      const client = await staffClient(t.app, world.staff[role], world.vendor.host);
      const me = (await client.get("/me")).json().data;
      const ids = me.locations.map((l: { id: string | number }) => String(l.id));
      expect(ids).toContain(String(world.locations[0].id));
      expect(ids).not.toContain(String(target.id));
    }
    // The admin list still finds it under the archived filter.
    const archivedList = (await worldAdmin.get("/locations?filter[archived]=true")).json();
    expect(archivedList.data.map((l: { id: string }) => l.id)).toEqual([String(target.id)]);

    await worldAdmin.patch(`/locations/${target.id}`, patch({ archived: false }));
    expect(await listIds()).toContain(String(target.id));
    expect((await open(`/locations/${target.id}`)).statusCode).toBe(200);
  });

  it("leaves an archived location out of a staff member's locations when they work there", async () => {
    const world = await createStaffWorld(t.db);
    const worldAdmin = await staffClient(t.app, world.staff[ROLES.admin], world.vendor.host);
    // Staff below Manager work at the first location only.
    await worldAdmin.patch(`/locations/${world.locations[0].id}`, patch({ archived: true }));
    const teller = await staffClient(t.app, world.staff[ROLES.staff], world.vendor.host);
    const me = (await teller.get("/me")).json().data;
    expect(me.locations).toEqual([]);
  });
});

describe("the list", () => {
  it("searches, filters by region and archived, sorts and pages", async () => {
    const world = await createStaffWorld(t.db);
    const client = await staffClient(t.app, world.staff[ROLES.admin], world.vendor.host);
    const make = (attributes: Record<string, unknown>) =>
      client.post("/locations", create({ ...basics, ...attributes }));
    await make({ name: "Zeta Branch", city: "Yarmouth", region: "South", sort_order: 1 });
    await make({ name: "Alpha Branch", city: "Truro", region: "North", external_id: "NORTH-7" });
    const gone = (await make({ name: "Old Branch", city: "Truro", region: "North" })).json().data;
    await client.patch(`/locations/${gone.id}`, patch({ archived: true }));

    const names = async (query: string) => {
      const response = await client.get(`/locations${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((l: { attributes: { name: string } }) => l.attributes.name);
    };
    expect(await names("?filter[search]=truro")).toEqual(["Alpha Branch"]);
    expect(await names("?filter[search]=north-7")).toEqual(["Alpha Branch"]);
    expect(await names("?filter[search]=%25")).toEqual([]);
    expect(await names("?filter[region]=North&filter[archived]=all&sort=name")).toEqual([
      "Alpha Branch",
      "Old Branch",
    ]);
    expect(await names("?sort=-name")).toEqual([
      "Zeta Branch",
      "B Second Branch",
      "Alpha Branch",
      "A First Branch",
    ]);
    expect(await names("?sort=city&page[size]=1&page[number]=1")).toHaveLength(1);
    const page = (await client.get("/locations?page[size]=3&page[number]=2")).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta).toEqual({ total: 4, page: 2, page_size: 3, regions: ["North", "South"] });
    for (const query of [
      "?sort=phone",
      "?page[size]=500",
      "?filter[archived]=maybe",
      "?colour=1",
    ]) {
      expect((await client.get(`/locations${query}`)).statusCode, query).toBe(422);
    }
  });
});

async function headersOf() {
  const response = await admin.get("/me");
  expect(response.statusCode).toBe(200);
  // staffClient keeps its headers to itself; sign in again for calls that add their own.
  const { signInAs } = await import("../../../../test/factories/staff.ts");
  const session = await signInAs(t.app, w.staff[ROLES.admin], w.vendor.host);
  return { host: w.vendor.host, cookie: session.cookie, "x-csrf-token": session.csrfToken };
}
