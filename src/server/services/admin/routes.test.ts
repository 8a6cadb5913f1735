// The back office's services and categories API: create and change every field, checked whole
// (U+0000, unknown fields, another vendor's locations or category, no meeting method or
// fulfillment), versions (ETag, If-Match, 409 with the current service), the audit record and the
// `service.updated` event of each change, the order, and an archived service gone from the open
// API and the join while its history stays.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDeliveredEvents } from "../../../../test/factories/delivered-events.ts";
import { nextRemoteAddress, openApiClient } from "../../../../test/factories/open-api-client.ts";
import {
  createQueueScenario,
  joinDocument,
  type QueueScenario,
  VENDOR_HOST,
} from "../../../../test/factories/queue-scenario.ts";
import { createStaffUser, signInAs } from "../../../../test/factories/staff.ts";
import { buildTestApp } from "../../../../test/test-app.ts";
import { ROLES } from "../../../shared/domain.ts";
import { auditLog } from "../../db/schema.ts";
import { type StaffClient, staffClient } from "../../lobby/lobby-test-world.ts";

const doc = (attributes: Record<string, unknown>, type = "services") => ({
  data: { type, attributes },
});

let t: Awaited<ReturnType<typeof buildTestApp>>;
let s: QueueScenario;
let admin: StaffClient;
let adminId: number;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  s = await createQueueScenario(t.db);
  const account = await createStaffUser(t.db, { vendorId: s.vendor.id, roleLevel: ROLES.admin });
  adminId = account.id;
  admin = await staffClient(t.app, account, VENDOR_HOST);
  const session = await signInAs(t.app, account, VENDOR_HOST);
  adminHeaders = { host: VENDOR_HOST, cookie: session.cookie, "x-csrf-token": session.csrfToken };
});
afterAll(() => t.close());

const openServices = async (locationId: number) =>
  (
    await t.app.inject({
      url: `/api/v2/open/queue-appointments-services/${locationId}`,
      headers: { host: VENDOR_HOST },
      remoteAddress: nextRemoteAddress(),
    })
  ).json().data[0] as { id: string; meetingMethods: number[] }[];

async function join(serviceId: number, meetingMethod = 1) {
  const client = await openApiClient(t.app, VENDOR_HOST);
  return client.request({
    method: "POST",
    url: "/api/v2/open/queue-appointments",
    payload: joinDocument(s, {
      attributes: { service_id: String(serviceId), meeting_method: meetingMethod },
      answers: [],
    }),
  });
}

const auditOf = (subjectType: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

const delivered = recordDeliveredEvents("test-service-admin-events", ["service.updated"]);
const eventsOf = (type: "service.updated", id: number) => delivered.of(type, id);

describe("services", () => {
  it("creates a service with defaults, last in order, audited, with its event and version tag", async () => {
    const response = await admin.post(
      "/services",
      doc({
        name: "  Notary  ",
        location_ids: [String(s.location.id)],
        translations: [{ locale: "fr", field: "name", content: "Notaire" }],
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const { id, attributes } = response.json().data;
    expect(attributes).toMatchObject({
      name: "Notary",
      category_id: null,
      duration_minutes: 15,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      ticket_prefix: "A",
      supports_in_person: true,
      supports_phone: true,
      supports_video: true,
      supports_walkin: true,
      supports_curbside_pickup: false,
      display_in_lobby: true,
      instructions: null,
      location_ids: [String(s.location.id)],
      question_ids: [],
      archived: false,
      version: 1,
    });
    const all = (await admin.get("/services")).json().data;
    expect(all.at(-1).id).toBe(id);
    const audit = await auditOf("service", Number(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created", actorUserId: adminId, before: null });
    expect((audit[0]!.after as { name: string }).name).toBe("Notary");
    expect(await eventsOf("service.updated", Number(id))).toHaveLength(1);
    expect((await openServices(s.location.id)).map((x) => x.id)).toContain(id);
  });

  it("refuses what cannot be stored or is not the vendor's, with a pointer each, and saves nothing", async () => {
    const before = (await admin.get("/services?archived=all")).json().data.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "a\u0000b" }, "/data/attributes/name", "invalid"],
      [{ name: "\ud800" }, "/data/attributes/name", "invalid"],
      [{ name: "   " }, "/data/attributes/name", "invalid"],
      [{ name: "X", colour: "red" }, "/data/attributes/colour", "unknown_field"],
      [{ name: "X", duration_minutes: 0 }, "/data/attributes/duration_minutes", "too_small"],
      [
        { name: "X", buffer_before_minutes: -1 },
        "/data/attributes/buffer_before_minutes",
        "too_small",
      ],
      [
        { name: "X", buffer_after_minutes: 241 },
        "/data/attributes/buffer_after_minutes",
        "too_big",
      ],
      [{ name: "X", ticket_prefix: "" }, "/data/attributes/ticket_prefix", "invalid_format"],
      [{ name: "X", ticket_prefix: "ABCD" }, "/data/attributes/ticket_prefix", "invalid_format"],
      [{ name: "X", ticket_prefix: "a" }, "/data/attributes/ticket_prefix", "invalid_format"],
      [{ name: "X", ticket_prefix: "Ä" }, "/data/attributes/ticket_prefix", "invalid_format"],
      [{ name: "X", ticket_prefix: 7 }, "/data/attributes/ticket_prefix", "invalid_type"],
      [
        { name: "X", location_ids: [String(s.location.id), String(s.other.location.id)] },
        "/data/attributes/location_ids/1",
        "location_unknown",
      ],
      [
        { name: "X", supports_in_person: false, supports_phone: false, supports_video: false },
        "/data/attributes/supports_in_person",
        "meeting_method_required",
      ],
      [
        { name: "X", supports_walkin: false, supports_curbside_pickup: false },
        "/data/attributes/supports_walkin",
        "fulfillment_required",
      ],
      [
        {
          name: "X",
          translations: [
            { locale: "fr", field: "name", content: "A" },
            { locale: "fr", field: "name", content: "B" },
          ],
        },
        "/data/attributes/translations/1",
        "translation_duplicate",
      ],
      [
        { name: "X", translations: [{ locale: "xx", field: "name", content: "A" }] },
        "/data/attributes/translations/0/locale",
        "invalid_value",
      ],
      [{ name: "X", category_id: "999999" }, "/data/attributes/category_id", "category_unknown"],
    ];
    for (const [attributes, pointer, code] of cases) {
      const response = await admin.post("/services", doc(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(error.code, JSON.stringify(attributes)).toBe(code);
      expect(error.detail).toBeTruthy();
    }
    expect((await admin.get("/services?archived=all")).json().data).toHaveLength(before);
    const prefix = await admin.post("/services", doc({ name: "X", ticket_prefix: "a1" }));
    expect(prefix.json().errors[0].detail).toBe("Use 1 to 3 capital letters (A–Z).");
  });

  it("answers another vendor's service and unknown ids as not found", async () => {
    expect((await admin.get(`/services/${s.other.service.id}`)).statusCode).toBe(404);
    expect((await admin.get("/services/999999")).statusCode).toBe(404);
    expect((await admin.get("/services/abc")).statusCode).toBe(422);
    expect(
      (await admin.patch(`/services/${s.other.service.id}`, doc({ name: "Mine" }))).statusCode,
    ).toBe(404);
  });

  it("changes a service under If-Match; a stale version gets 409 with the service as it is now", async () => {
    const id = s.services.both.id;
    const read = await admin.get(`/services/${id}`);
    const version = read.json().data.attributes.version;
    const duration = read.json().data.attributes.duration_minutes;
    expect(read.headers.etag).toBe(`"${version}"`);
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/services/${id}`,
      headers: { ...adminHeaders, "if-match": `"${version}"` },
      payload: doc({
        duration_minutes: 25,
        instructions: "Bring your cheque",
        ticket_prefix: "VIP",
        buffer_before_minutes: 5,
        buffer_after_minutes: 240,
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${version + 1}"`);
    expect(saved.json().data.attributes).toMatchObject({
      duration_minutes: 25,
      buffer_before_minutes: 5,
      buffer_after_minutes: 240,
      ticket_prefix: "VIP",
      instructions: "Bring your cheque",
      version: version + 1,
    });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/services/${id}`,
      headers: { ...adminHeaders, "if-match": `"${version}"` },
      payload: doc({ duration_minutes: 5 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current.attributes.duration_minutes).toBe(25);
    const malformed = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/services/${id}`,
      headers: { ...adminHeaders, "if-match": "nope" },
      payload: doc({ duration_minutes: 5 }),
    });
    expect(malformed.statusCode).toBe(400);
    const audit = await auditOf("service", id);
    expect(audit.at(-1)).toMatchObject({ action: "updated" });
    expect((audit.at(-1)!.before as { duration_minutes: number }).duration_minutes).toBe(duration);
    expect((audit.at(-1)!.after as { duration_minutes: number }).duration_minutes).toBe(25);
  });

  it("offers a service only by the meeting methods it names, in the open API and the join", async () => {
    const created = await admin.post(
      "/services",
      doc({
        name: "Phone advice",
        supports_in_person: false,
        supports_video: false,
        location_ids: [String(s.location.id)],
      }),
    );
    const id = Number(created.json().data.id);
    const offered = (await openServices(s.location.id)).find((x) => x.id === String(id));
    expect(offered?.meetingMethods).toEqual([2]);
    const inPerson = await join(id, 1);
    expect(inPerson.statusCode, inPerson.body).toBe(422);
    expect(inPerson.json().errors[0]).toMatchObject({
      code: "service_unavailable",
      source: { pointer: "/data/attributes/service_id" },
    });
    expect((await join(id, 2)).statusCode).toBe(201);
  });

  it("archives a service: gone from the open API, the join and the current list; kept in history", async () => {
    const created = await admin.post(
      "/services",
      doc({ name: "Safe deposit", location_ids: [String(s.location.id)] }),
    );
    const id = Number(created.json().data.id);
    expect((await join(id)).statusCode).toBe(201);
    const archived = await admin.patch(`/services/${id}`, doc({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.attributes.archived).toBe(true);
    expect((await openServices(s.location.id)).map((x) => x.id)).not.toContain(String(id));
    const refused = await join(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("service_unavailable");
    // Nor does the lobby offer it for a walk-in, while the visitor who joined stays in its line.
    const lobby = await admin.get(`/locations/${s.location.id}/queue`);
    expect(lobby.statusCode, lobby.body).toBe(200);
    expect(lobby.json().meta.services.map((x: { id: string }) => x.id)).not.toContain(String(id));
    expect(
      lobby
        .json()
        .data.some(
          (entry: { attributes: { service: { id: string } } }) =>
            entry.attributes.service.id === String(id),
        ),
    ).toBe(true);
    const current = (await admin.get("/services")).json().data.map((x: { id: string }) => x.id);
    expect(current).not.toContain(String(id));
    const old = (await admin.get("/services?archived=true"))
      .json()
      .data.map((x: { id: string }) => x.id);
    expect(old).toContain(String(id));
    expect((await admin.get(`/services/${id}`)).statusCode).toBe(200);
    const audit = await auditOf("service", id);
    expect(audit.map((row) => row.action)).toEqual(["created", "archived"]);
    const history = await admin.get(`/audit-log?subject_type=service&subject_id=${id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0].attributes.changed).toEqual(["archived"]);

    const restored = await admin.patch(`/services/${id}`, doc({ archived: false }));
    expect(restored.json().data.attributes.archived).toBe(false);
    expect((await auditOf("service", id)).at(-1)?.action).toBe("restored");
    expect((await openServices(s.location.id)).map((x) => x.id)).toContain(String(id));
  });

  it("puts services in the given order, auditing those that moved", async () => {
    const ids = [s.services.notOffered.id, s.services.walkin.id];
    const response = await admin.put("/services/order", {
      data: ids.map((id) => ({ type: "services", id: String(id) })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map(
      response
        .json()
        .data.map((x: { id: string; attributes: { sort_order: number } }) => [
          x.id,
          x.attributes.sort_order,
        ]),
    );
    expect(byId.get(String(ids[0]))).toBe(0);
    expect(byId.get(String(ids[1]))).toBe(1);
    const unknown = await admin.put("/services/order", {
      data: [{ type: "services", id: String(s.other.service.id) }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({
      code: "service_unknown",
      source: { pointer: "/data/0/id" },
    });
    const twice = await admin.put("/services/order", {
      data: [
        { type: "services", id: String(ids[0]) },
        { type: "services", id: String(ids[0]) },
      ],
    });
    expect(twice.statusCode).toBe(422);
  });
});

describe("service categories", () => {
  it("creates, renames under If-Match (409 when stale), archives, and files services under one", async () => {
    const created = await admin.post(
      "/service-categories",
      doc({ name: "Accounts" }, "service-categories"),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/service-categories/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc(
        {
          name: "Everyday accounts",
          translations: [{ locale: "es", field: "name", content: "Cuentas" }],
        },
        "service-categories",
      ),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.attributes).toMatchObject({ name: "Everyday accounts", version: 2 });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/service-categories/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc({ name: "Old" }, "service-categories"),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.current.attributes.name).toBe("Everyday accounts");

    const filed = await admin.patch(`/services/${s.services.walkin.id}`, doc({ category_id: id }));
    expect(filed.json().data.attributes.category_id).toBe(id);
    const audit = await auditOf("service_category", Number(id));
    expect(audit.map((row) => row.action)).toEqual(["created", "updated"]);

    const archived = await admin.patch(
      `/service-categories/${id}`,
      doc({ archived: true }, "service-categories"),
    );
    expect(archived.json().data.attributes.archived).toBe(true);
    const list = (await admin.get("/service-categories")).json().data;
    expect(list.find((x: { id: string }) => x.id === id).attributes.archived).toBe(true);
  });

  it("refuses U+0000 and answers another vendor's category as not found", async () => {
    const bad = await admin.post(
      "/service-categories",
      doc({ name: "x\u0000" }, "service-categories"),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe("/data/attributes/name");
    const otherAdmin = await staffClient(
      t.app,
      await createStaffUser(t.db, { vendorId: s.other.vendor.id, roleLevel: ROLES.admin }),
      "harbour.localhost",
    );
    const theirs = await otherAdmin.post(
      "/service-categories",
      doc({ name: "Clinic" }, "service-categories"),
    );
    const response = await admin.patch(
      `/service-categories/${theirs.json().data.id}`,
      doc({ name: "Mine" }, "service-categories"),
    );
    expect(response.statusCode).toBe(404);
    const filed = await admin.patch(
      `/services/${s.services.walkin.id}`,
      doc({ category_id: theirs.json().data.id }),
    );
    expect(filed.statusCode).toBe(422);
    expect(filed.json().errors[0].code).toBe("category_unknown");
  });
});
