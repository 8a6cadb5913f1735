// The back office's rooms API: create and change every field, checked whole (U+0000, lone
// surrogates, unknown fields, capacity 1..500, a name taken at the same location, a location that
// is not the caller's), versions (ETag, If-Match, 409 with the current room), the audit record and
// the `room.updated` event of each change, archiving (which frees the name), and the location filter.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

const doc = (attributes: Record<string, unknown>) => ({ data: { type: "rooms", attributes } });
const delivered = recordDeliveredEvents("test-room-admin-events", ["room.updated"]);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let home: StaffWorld;
let other: StaffWorld;
let manager: StaffClient;
let managerHeaders: Record<string, string>;
let first: string;
let second: string;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [delivered.handler] } });
  home = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  manager = await staffClient(t.app, home.staff[ROLES.manager], home.vendor.host);
  const session = await signInAs(t.app, home.staff[ROLES.manager], home.vendor.host);
  managerHeaders = {
    host: home.vendor.host,
    cookie: session.cookie,
    "x-csrf-token": session.csrfToken,
  };
  first = String(home.locations[0].id);
  second = String(home.locations[1].id);
});
afterAll(() => t.close());

const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "room"), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

describe("rooms", () => {
  it("creates a room at a location, audited, with its event and version tag", async () => {
    const response = await manager.post(
      "/rooms",
      doc({ location_id: first, name: " Meeting room 1 ", capacity: 6, notes: "Screen" }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    const { id, attributes } = response.json().data;
    expect(attributes).toMatchObject({
      location_id: first,
      name: "Meeting room 1",
      capacity: 6,
      notes: "Screen",
      archived: false,
      version: 1,
    });
    const audit = await auditOf(Number(id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created", before: null });
    expect(await delivered.of("room.updated", Number(id))).toHaveLength(1);
    expect((await manager.get(`/rooms/${id}`)).json().data.attributes.name).toBe("Meeting room 1");
  });

  it("refuses what cannot be stored or is not the caller's, with a pointer each, and saves nothing", async () => {
    await manager.post("/rooms", doc({ location_id: first, name: "Lounge", capacity: 20 }));
    const archivedLocation = await createLocation(t.db, home.vendor.id, { name: "Closed" });
    await t.db
      .update(locations)
      .set({ archivedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(locations.id, archivedLocation.id));
    const before = (await manager.get("/rooms?archived=all")).json().data.length;
    const base = { location_id: first, name: "X", capacity: 2 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, name: "a\u0000b" }, "/data/attributes/name", "invalid"],
      [{ ...base, name: "\ud800" }, "/data/attributes/name", "invalid"],
      [{ ...base, name: "  " }, "/data/attributes/name", "invalid"],
      [{ ...base, notes: "\udc00" }, "/data/attributes/notes", "invalid"],
      [{ ...base, colour: "red" }, "/data/attributes/colour", "unknown_field"],
      [{ ...base, capacity: 0 }, "/data/attributes/capacity", "too_small"],
      [{ ...base, capacity: 501 }, "/data/attributes/capacity", "too_big"],
      [{ ...base, capacity: 2.5 }, "/data/attributes/capacity", "invalid_type"],
      [{ name: "X", capacity: 2 }, "/data/attributes/location_id", "invalid_union"],
      [{ ...base, name: "LOUNGE" }, "/data/attributes/name", "name_taken"],
      [
        { ...base, location_id: String(other.locations[0].id) },
        "/data/attributes/location_id",
        "location_unknown",
      ],
      [
        { ...base, location_id: String(archivedLocation.id) },
        "/data/attributes/location_id",
        "location_unknown",
      ],
    ];
    for (const [attributes, pointer, code] of cases) {
      const response = await manager.post("/rooms", doc(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      const error = response.json().errors[0];
      expect(error.source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(error.code, JSON.stringify(attributes)).toBe(code);
      expect(error.detail).toBeTruthy();
    }
    expect((await manager.get("/rooms?archived=all")).json().data).toHaveLength(before);
    // The same name at another location is another room.
    const elsewhere = await manager.post(
      "/rooms",
      doc({ ...base, location_id: second, name: "Lounge" }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("changes a room under If-Match; a stale version gets 409 with the room as it is now", async () => {
    const created = await manager.post(
      "/rooms",
      doc({ location_id: first, name: "Study", capacity: 2 }),
    );
    const id = created.json().data.id;
    const saved = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/rooms/${id}`,
      headers: { ...managerHeaders, "if-match": '"1"' },
      payload: doc({ capacity: 4, notes: "" }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json().data.attributes).toMatchObject({ capacity: 4, notes: null, version: 2 });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/internal/v1/rooms/${id}`,
      headers: { ...managerHeaders, "if-match": '"1"' },
      payload: doc({ capacity: 3 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe("version_conflict");
    expect(stale.json().meta.current.attributes.capacity).toBe(4);
    const moved = await manager.patch(`/rooms/${id}`, doc({ location_id: second }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors[0].source.pointer).toBe("/data/attributes/location_id");
    const audit = await auditOf(Number(id));
    expect(audit.map((row) => row.action)).toEqual(["created", "updated"]);
    expect((audit[1]!.before as { capacity: number }).capacity).toBe(2);
  });

  it("archives a room: gone from the current list, its name free again, kept in history", async () => {
    const created = await manager.post(
      "/rooms",
      doc({ location_id: second, name: "Annex", capacity: 3 }),
    );
    const id = created.json().data.id;
    const archived = await manager.patch(`/rooms/${id}`, doc({ archived: true }));
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.attributes.archived).toBe(true);
    const current = (await manager.get(`/rooms?location_id=${second}`)).json().data;
    expect(current.map((room: { id: string }) => room.id)).not.toContain(id);
    expect(
      current.every(
        (room: { attributes: { location_id: string } }) => room.attributes.location_id === second,
      ),
    ).toBe(true);
    const old = (await manager.get("/rooms?archived=true"))
      .json()
      .data.map((r: { id: string }) => r.id);
    expect(old).toContain(id);
    const again = await manager.post(
      "/rooms",
      doc({ location_id: second, name: "annex", capacity: 3 }),
    );
    expect(again.statusCode).toBe(201);
    const restored = await manager.patch(`/rooms/${id}`, doc({ archived: false }));
    expect(restored.statusCode).toBe(422);
    expect(restored.json().errors[0].code).toBe("name_taken");
    expect((await auditOf(Number(id))).map((row) => row.action)).toEqual(["created", "archived"]);
  });

  it("answers other vendors' rooms as not found and refuses roles below Manager", async () => {
    const theirs = await staffClient(t.app, other.staff[ROLES.admin], other.vendor.host);
    const room = (
      await theirs.post(
        "/rooms",
        doc({ location_id: String(other.locations[0].id), name: "R", capacity: 1 }),
      )
    ).json().data.id;
    expect((await manager.get(`/rooms/${room}`)).statusCode).toBe(404);
    expect((await manager.patch(`/rooms/${room}`, doc({ capacity: 9 }))).statusCode).toBe(404);
    const mine = (await manager.get("/rooms?archived=all"))
      .json()
      .data.map((r: { id: string }) => r.id);
    expect(mine).not.toContain(room);
    expect((await manager.get(`/rooms?location_id=${other.locations[0].id}`)).json().data).toEqual(
      [],
    );
    const lead = await staffClient(t.app, home.staff[ROLES.staff_advanced], home.vendor.host);
    expect((await lead.get("/rooms")).statusCode).toBe(403);
  });
});
