// The back office's staff groups API: create and change every field, checked whole (U+0000, lone
// surrogates, unknown fields, a name taken by a current group, members who are not people of the
// vendor), versions (ETag, If-Match, 409 with the current group), the audit record and the
// `staff_group.updated` event of each change, archiving (which frees the name), and a Manager who
// reads groups but changes none.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import {
  createStaffUser,
  createStaffWorld,
  type StaffWorld,
  signInAs,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { auditLog } from "../db/schema.ts";
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

const doc = (attributes: Record<string, unknown>) => ({ data: { type: "groups", attributes } });
const delivered = recordDeliveredEvents("test-group-admin-events", ["staff_group.updated"]);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let home: StaffWorld;
let other: StaffWorld;
let admin: StaffClient;
let manager: StaffClient;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await staffClient(t.app, home.staff[ROLES.admin], home.vendor.host);
  manager = await staffClient(t.app, home.staff[ROLES.manager], home.vendor.host);
  const session = await signInAs(t.app, home.staff[ROLES.admin], home.vendor.host);
  adminHeaders = {
    host: home.vendor.host,
    cookie: session.cookie,
    "x-csrf-token": session.csrfToken,
  };
});
afterAll(() => t.close());

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "staff_group"), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

describe("staff groups", () => {
  it("creates a group with its members, audited, with its event and version tag", async () => {
    const members = [home.staff[ROLES.staff].id, home.staff[ROLES.manager].id];
    const response = await admin.post(
      "/groups",
      doc({ name: "  Mortgage team ", description: "Advisers", member_ids: members.map(String) }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const { id, attributes } = response.json().data;
    expect(attributes).toMatchObject({
      name: "Mortgage team",
      description: "Advisers",
      member_ids: [...members].sort((a, b) => a - b).map(String),
      archived: false,
      version: 1,
    });
    const audit = await auditOf(Number(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created", before: null });
    expect(await delivered.of("staff_group.updated", Number(id))).toHaveLength(1);
    const list = (await manager.get("/groups")).json().data;
    expect(list.map((group: { id: string }) => group.id)).toContain(id);
    expect((await manager.get(`/groups/${id}`)).statusCode).toBe(200);
  });

  it("refuses what cannot be stored or is not the vendor's, with a pointer each, and saves nothing", async () => {
    await admin.post("/groups", doc({ name: "Front desk" }));
    const before = (await admin.get("/groups?archived=all")).json().data.length;
    const kiosk = home.staff[ROLES.kiosk].id;
    const stranger = other.staff[ROLES.staff].id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "a\u0000b" }, "/data/attributes/name", "invalid"],
      [{ name: "\ud800" }, "/data/attributes/name", "invalid"],
      [{ name: "   " }, "/data/attributes/name", "invalid"],
      [{ name: "X", description: "\udc00" }, "/data/attributes/description", "invalid"],
      [{ name: "X", colour: "red" }, "/data/attributes/colour", "unknown_field"],
      [{ name: "FRONT DESK" }, "/data/attributes/name", "name_taken"],
      [
        { name: "X", member_ids: [String(stranger)] },
        "/data/attributes/member_ids/0",
        "member_unknown",
      ],
      [{ name: "X", member_ids: [kiosk] }, "/data/attributes/member_ids/0", "member_unknown"],
      [{ name: "X", member_ids: ["999999"] }, "/data/attributes/member_ids/0", "member_unknown"],
    ];
    for (const [attributes, pointer, code] of cases) {
      const response = await admin.post("/groups", doc(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(error.code, JSON.stringify(attributes)).toBe(code);
      expect(error.detail).toBeTruthy();
    }
    expect((await admin.get("/groups?archived=all")).json().data).toHaveLength(before);
  });

  it("changes a group under If-Match; a stale version gets 409 with the group as it is now", async () => {
    const created = await admin.post("/groups", doc({ name: "Tellers" }));
    const id = created.json().data.id;
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/groups/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc({
        description: "Counter staff",
        member_ids: [String(home.staff[ROLES.staff_plus].id)],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json().data.attributes).toMatchObject({
      description: "Counter staff",
      member_ids: [String(home.staff[ROLES.staff_plus].id)],
      version: 2,
    });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/groups/${id}`,
      headers: { ...adminHeaders, "if-match": '"1"' },
      payload: doc({ name: "Old" }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current.attributes.description).toBe("Counter staff");
    const audit = await auditOf(Number(id));
    expect(audit.map((row) => row.action)).toEqual(["created", "updated"]);
    expect((audit[1]!.before as { member_ids: string[] }).member_ids).toEqual([]);
  });

  it("archives a group: gone from the current list, its name free again, kept in history", async () => {
    const created = await admin.post("/groups", doc({ name: "Night shift" }));
    const id = created.json().data.id;
    const archived = await admin.patch(`/groups/${id}`, doc({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.attributes.archived).toBe(true);
    const current = (await admin.get("/groups")).json().data.map((g: { id: string }) => g.id);
    expect(current).not.toContain(id);
    const old = (await admin.get("/groups?archived=true"))
      .json()
      .data.map((g: { id: string }) => g.id);
    expect(old).toContain(id);
    expect((await admin.post("/groups", doc({ name: "Night Shift" }))).statusCode).toBe(201);
    const restored = await admin.patch(`/groups/${id}`, doc({ archived: false }));
    expect(restored.statusCode).toBe(422);
    expect(restored.json().errors[0].code).toBe("name_taken");
    const history = await admin.get(`/audit-log?subject_type=staff_group&subject_id=${id}`);
    expect(history.statusCode).toBe(200);
    expect(
      history.json().data.map((e: { attributes: { action: string } }) => e.attributes.action),
    ).toContain("archived");
  });

  it("adds no deactivated account; other vendors' groups are not found", async () => {
    const leaver = await createStaffUser(t.db, {
      vendorId: home.vendor.id,
      roleLevel: ROLES.staff,
      active: false,
    });
    const refused = await admin.post("/groups", doc({ name: "Leavers", member_ids: [leaver.id] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("member_unknown");

    const theirs = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    const group = (await theirs.post("/groups", doc({ name: "Theirs" }))).json().data.id;
    expect((await admin.get(`/groups/${group}`)).statusCode).toBe(404);
    expect((await admin.patch(`/groups/${group}`, doc({ name: "Mine" }))).statusCode).toBe(404);
    expect((await admin.get("/groups/999999")).statusCode).toBe(404);
    expect((await admin.get("/groups/abc")).statusCode).toBe(422);
  });

  it("lets a Manager read groups but not change them", async () => {
    const id = (await admin.post("/groups", doc({ name: "Read only" }))).json().data.id;
    expect((await manager.post("/groups", doc({ name: "Mine" }))).statusCode).toBe(403);
    expect((await manager.patch(`/groups/${id}`, doc({ name: "Mine" }))).statusCode).toBe(403);
    const staff = await staffClient(t.app, home.staff[ROLES.staff_advanced], home.vendor.host);
    expect((await staff.get("/groups")).statusCode).toBe(403);
  });
});
