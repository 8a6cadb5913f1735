// The audit log as its readers get it: newest first with who made each change and which attributes
// changed, paged by cursor, only for the caller's vendor, and refused with a clear error otherwise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStaffWorld,
  type SignedIn,
  type StaffWorld,
  signInAs,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { changedAttributes, recordAudit } from "./record-audit.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
let other: StaffWorld;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await signInAs(t.app, world.staff[ROLES.admin], world.vendor.host);
  const location = world.locations[0].id;
  const actor = world.staff[ROLES.admin].id;
  const base = { vendorId: world.vendor.id, subjectType: "location" as const, subjectId: location };
  await recordAudit(t.db, [
    { ...base, actorUserId: null, action: "created", before: null, after: { name: "A" } },
    {
      ...base,
      actorUserId: actor,
      action: "updated",
      before: { name: "A", city: "Oslo" },
      after: { name: "B", city: "Oslo" },
    },
    {
      ...base,
      actorUserId: actor,
      action: "archived",
      before: { name: "B" },
      after: { name: "B" },
    },
  ]);
  // Another vendor's record of an id that also exists here stays theirs.
  await recordAudit(t.db, {
    vendorId: other.vendor.id,
    subjectType: "location",
    subjectId: location,
    actorUserId: null,
    action: "updated",
    before: null,
    after: { name: "theirs" },
  });
});
afterAll(() => t.close());

const get = (url: string, session: SignedIn = admin, host = world.vendor.host) =>
  t.app.inject({
    method: "GET",
    url: `/api/internal/v1/audit-log${url}`,
    headers: { host, cookie: session.cookie },
  });

describe("GET /api/internal/v1/audit-log", () => {
  it("lists an object's changes newest first, with the actor and the changed attributes", async () => {
    const res = await get(`?subject_type=location&subject_id=${world.locations[0].id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((e: { attributes: { action: string } }) => e.attributes.action)).toEqual([
      "archived",
      "updated",
      "created",
    ]);
    expect(data[1].attributes).toMatchObject({
      subject_type: "location",
      subject_id: String(world.locations[0].id),
      actor: { id: String(world.staff[ROLES.admin].id) },
      before: { name: "A", city: "Oslo" },
      after: { name: "B", city: "Oslo" },
      changed: ["name"],
    });
    expect(data[2].attributes.actor).toBeNull();
    expect(meta.next_cursor).toBeNull();
  });

  it("pages by cursor", async () => {
    const first = await get(`?subject_type=location&subject_id=${world.locations[0].id}&limit=2`);
    expect(first.json().data).toHaveLength(2);
    const cursor = first.json().meta.next_cursor;
    expect(cursor).toEqual(first.json().data[1].id);
    const second = await get(
      `?subject_type=location&subject_id=${world.locations[0].id}&limit=2&before=${cursor}`,
    );
    expect(
      second.json().data.map((e: { attributes: { action: string } }) => e.attributes.action),
    ).toEqual(["created"]);
    expect(second.json().meta.next_cursor).toBeNull();
  });

  it("answers an object without history with an empty list", async () => {
    const res = await get(`?subject_type=location_hours&subject_id=${world.locations[1].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("refuses another vendor's object as not found, and bad queries with 422", async () => {
    const foreign = await get(`?subject_type=location&subject_id=${other.locations[1].id}`);
    expect(foreign.statusCode).toBe(404);
    for (const query of [
      "?subject_type=vendors&subject_id=1",
      `?subject_type=location&subject_id=x`,
      "?subject_id=1",
      "?subject_type=location&subject_id=2147483648",
      `?subject_type=location&subject_id=${world.locations[0].id}&before=9223372036854775807`,
      `?subject_type=location&subject_id=${world.locations[0].id}&limit=0`,
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[0].detail).toBeTruthy();
    }
  });
});

describe("changedAttributes", () => {
  it("compares values as JSON, whatever the key order of nested objects' holders", () => {
    expect(changedAttributes(null, { a: 1 })).toEqual(["a"]);
    expect(changedAttributes({ a: [1, 2], b: null }, { a: [1, 2] })).toEqual([]);
    expect(changedAttributes({ a: { x: 1 } }, { a: { x: 2 }, c: "new" })).toEqual(["a", "c"]);
  });
});
