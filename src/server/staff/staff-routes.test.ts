// Staff administration through the real app: inviting (an invitation job is queued), duplicate
// emails, the role ceiling, deactivation (sessions end, realtime revoked), assignments, shifts made
// into staff_shifts across a DST change, versions, the audit log, and text PostgreSQL cannot hold.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createStaffUser,
  createStaffWorld,
  type SignedIn,
  type StaffWorld,
  signInAs,
  uniqueRemoteAddress,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { ROLES } from "../../shared/domain.ts";
import { DELIVER_PASSWORD_RESET } from "../auth/password-resets.ts";
import { DELIVER_STAFF_INVITATION } from "../auth/staff-invitations.ts";
import type { CacheChange } from "../caches/cache-change.ts";
import { auditLog, locations, services, sessions, staffShifts, users } from "../db/schema.ts";
import { taskQueue } from "../jobs/job-task.ts";
import type { StaffSessionRevocation } from "../realtime/staff-session-revocations.ts";
import {
  materialiseAllStaffShifts,
  materialiseStaffShifts,
  materialiseStaffShiftsJob,
} from "./materialise-shifts.ts";

const api = "/api/internal/v1";
let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
let other: StaffWorld;
let admin: SignedIn;
let manager: SignedIn;
const revocations: StaffSessionRevocation[] = [];
const invalidated: CacheChange[] = [];

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  world = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await signInAs(t.app, world.staff[ROLES.admin], world.vendor.host);
  manager = await signInAs(t.app, world.staff[ROLES.manager], world.vendor.host);
  t.app.staffSessionRevocations.listen({
    revoked: (r) => revocations.push(r),
    missed: () => {},
  });
  const invalidate = t.app.caches.invalidate.bind(t.app.caches);
  vi.spyOn(t.app.caches, "invalidate").mockImplementation((change) => {
    invalidated.push(change);
    invalidate(change);
  });
});
afterAll(() => t.close());

function call(
  as: SignedIn,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `${api}${url}`,
    headers: {
      host: world.vendor.host,
      cookie: as.cookie,
      "x-csrf-token": as.csrfToken,
      ...headers,
    },
    remoteAddress: uniqueRemoteAddress(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let emails = 0;
const invitation = (attributes: Record<string, unknown> = {}) => ({
  data: {
    type: "staff",
    attributes: {
      email: `new${++emails}-${Date.now()}@staff.test`,
      first_name: "Noor",
      last_name: "Haddad",
      role_level: ROLES.staff,
      lang: "fr",
      locations: [{ location_id: String(world.locations[0].id), desk: "Counter 3" }],
      ...attributes,
    },
  },
});

async function invite(as = admin, attributes: Record<string, unknown> = {}) {
  const response = await call(as, "POST", "/staff", invitation(attributes));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; attributes: Record<string, unknown> };
}

describe("inviting", () => {
  it("creates the account without a password and queues its invitation job", async () => {
    const response = await call(
      admin,
      "POST",
      "/staff",
      invitation({ email: " Noor@Example.test " }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.data.attributes).toMatchObject({
      email: "Noor@Example.test",
      first_name: "Noor",
      role_level: 10,
      lang: "fr",
      active: true,
      invitation_pending: true,
      locations: [{ location_id: String(world.locations[0].id), desk: "Counter 3" }],
    });
    expect(response.headers.etag).toBe('"1"');
    const id = Number(body.data.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.passwordHash).toBeNull();
    const jobs = await t.app.jobs.boss.findJobs<{ userId: number; invitedByUserId: number }>(
      taskQueue(DELIVER_STAFF_INVITATION),
      { data: { userId: id } },
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toMatchObject({
      userId: id,
      vendorId: world.vendor.id,
      invitedByUserId: world.staff[ROLES.admin].id,
      requestHost: world.vendor.host,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "staff"), eq(auditLog.subjectId, id)));
    expect(audit.map((a) => a.action)).toEqual(["invited"]);
    expect(JSON.stringify(audit[0]?.after)).not.toMatch(/password/i);
  });

  it("refuses an email already used, in any case and on any vendor, with a pointer", async () => {
    const taken = other.staff[ROLES.staff].email.toUpperCase();
    const response = await call(admin, "POST", "/staff", invitation({ email: taken }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({
      code: "email_taken",
      source: { pointer: "/data/attributes/email" },
    });
  });

  it("refuses unknown fields, bad values, U+0000 and another vendor's location with 422", async () => {
    for (const [attributes, pointer] of [
      [{ nickname: "x" }, "/data/attributes/nickname"],
      [{ email: "not an email" }, "/data/attributes/email"],
      [{ first_name: "A\u0000" }, "/data/attributes/first_name"],
      [{ last_name: "\ud800" }, "/data/attributes/last_name"],
      [{ role_level: 11 }, "/data/attributes/role_level"],
      [{ languages: ["en", "en"] }, "/data/attributes/languages"],
      [
        { locations: [{ location_id: String(other.locations[0].id) }] },
        "/data/attributes/locations/0/location_id",
      ],
    ] as const) {
      const response = await call(admin, "POST", "/staff", invitation(attributes));
      expect(response.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(
        response.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer),
      ).toContain(pointer);
    }
  });

  it("lets a manager invite below manager only; an admin up to admin; nobody above themselves", async () => {
    for (const level of [ROLES.manager, ROLES.admin, ROLES.platform_admin]) {
      const response = await call(manager, "POST", "/staff", invitation({ role_level: level }));
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe("role_not_grantable");
    }
    expect((await call(manager, "POST", "/staff", invitation({ role_level: 15 }))).statusCode).toBe(
      201,
    );
    expect((await call(admin, "POST", "/staff", invitation({ role_level: 30 }))).statusCode).toBe(
      201,
    );
    expect((await call(admin, "POST", "/staff", invitation({ role_level: 50 }))).statusCode).toBe(
      403,
    );
  });
});

describe("the list", () => {
  it("searches by name or email, filters by location, role and status, in pages", async () => {
    const marker = `zq${Date.now()}`;
    const a = await invite(admin, { first_name: `${marker}A`, role_level: ROLES.staff_plus });
    await invite(admin, {
      last_name: `${marker}B`,
      locations: [{ location_id: String(world.locations[1].id) }],
    });
    const all = await call(admin, "GET", `/staff?q=${marker}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({
      total: 2,
      page: 1,
      grantable_roles: [5, 7, 10, 13, 15, 20, 30],
    });
    const byLocation = await call(
      admin,
      "GET",
      `/staff?q=${marker}&location_id=${world.locations[1].id}`,
    );
    expect(byLocation.json().data).toHaveLength(1);
    const byRole = await call(admin, "GET", `/staff?q=${marker}&role_level=13`);
    expect(byRole.json().data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    const paged = await call(admin, "GET", `/staff?q=${marker}&limit=1&page=2`);
    expect(paged.json().data).toHaveLength(1);
    expect((await call(admin, "GET", "/staff?q=%25")).statusCode).toBe(200);
    expect((await call(admin, "GET", "/staff?q=a%00b")).statusCode).toBe(422);
    expect((await call(admin, "GET", "/staff?role_level=11")).statusCode).toBe(422);
    const managerSees = await call(manager, "GET", `/staff?q=${marker}`);
    expect(managerSees.json().meta.grantable_roles).toEqual([5, 7, 10, 13, 15]);
  });
});

describe("changing a staff member", () => {
  it("keeps versions: ETag on read, If-Match on write, 409 with the current object", async () => {
    const { id } = await invite();
    const read = await call(admin, "GET", `/staff/${id}`);
    expect(read.headers.etag).toBe('"1"');
    const patch = { data: { type: "staff", attributes: { first_name: "Nour" } } };
    const saved = await call(admin, "PATCH", `/staff/${id}`, patch, { "if-match": '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    const stale = await call(admin, "PATCH", `/staff/${id}`, patch, { "if-match": '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().meta.current.attributes.first_name).toBe("Nour");
    expect(
      (await call(admin, "PATCH", `/staff/${id}`, patch, { "if-match": "1" })).statusCode,
    ).toBe(400);
  });

  it("never lets a manager edit an admin or make a manager; nobody lowers or deactivates themselves", async () => {
    const adminTarget = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.admin,
    });
    const body = (attributes: Record<string, unknown>) => ({ data: { type: "staff", attributes } });
    const toAdmin = await call(
      manager,
      "PATCH",
      `/staff/${adminTarget.id}`,
      body({ first_name: "X" }),
    );
    expect(toAdmin.statusCode).toBe(403);
    expect(toAdmin.json().errors[0].code).toBe("role_ceiling");
    const read = await call(manager, "GET", `/staff/${adminTarget.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().meta.manageable).toBe(false);

    const { id } = await invite(manager);
    const promote = await call(
      manager,
      "PATCH",
      `/staff/${id}`,
      body({ role_level: ROLES.manager }),
    );
    expect(promote.statusCode).toBe(403);
    expect(promote.json().errors[0].code).toBe("role_not_grantable");
    expect(
      (await call(manager, "PATCH", `/staff/${id}`, body({ role_level: 15 }))).statusCode,
    ).toBe(200);

    const self = world.staff[ROLES.admin].id;
    const off = await call(admin, "PATCH", `/staff/${self}`, body({ active: false }));
    expect(off.statusCode).toBe(422);
    expect(off.json().errors[0]).toMatchObject({
      code: "cannot_deactivate_self",
      source: { pointer: "/data/attributes/active" },
    });
    const lower = await call(admin, "PATCH", `/staff/${self}`, body({ role_level: ROLES.manager }));
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors[0].code).toBe("cannot_lower_own_role");
    const own = await call(
      manager,
      "PATCH",
      `/staff/${world.staff[ROLES.manager].id}`,
      body({ languages: ["en", "pa"] }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.attributes.languages).toEqual(["en", "pa"]);
    const raise = await call(
      manager,
      "PATCH",
      `/staff/${world.staff[ROLES.manager].id}`,
      body({ role_level: 30 }),
    );
    expect(raise.statusCode).toBe(403);
  });

  it("is not found on another vendor", async () => {
    const response = await call(admin, "GET", `/staff/${other.staff[ROLES.staff].id}`);
    expect(response.statusCode).toBe(404);
    expect((await call(admin, "GET", "/staff/0")).statusCode).toBe(404);
    expect((await call(admin, "GET", "/staff/%00")).statusCode).toBe(404);
  });

  it("deactivation ends the person's sessions and realtime subscriptions; reactivation restores them", async () => {
    const person = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [world.locations[0].id],
    });
    const theirs = await signInAs(t.app, person, world.vendor.host);
    revocations.length = 0;
    const off = await call(admin, "PATCH", `/staff/${person.id}`, {
      data: { type: "staff", attributes: { active: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.attributes.active).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(
      0,
    );
    expect(revocations).toContainEqual({ userId: person.id });
    const me = await t.app.inject({
      method: "GET",
      url: `${api}/me`,
      headers: { host: world.vendor.host, cookie: theirs.cookie },
    });
    expect(me.statusCode).toBe(401);
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "staff"), eq(auditLog.subjectId, person.id)));
    expect(audit.map((a) => a.action)).toEqual(["deactivated"]);
    // Who serves there changed: the location's cached waits drop on every node.
    await vi.waitFor(() =>
      expect(invalidated).toContainEqual({
        entity: "location",
        vendorId: world.vendor.id,
        locationId: world.locations[0].id,
      }),
    );
    const on = await call(admin, "PATCH", `/staff/${person.id}`, {
      data: { type: "staff", attributes: { active: true } },
    });
    expect(on.statusCode).toBe(200);
    await signInAs(t.app, person, world.vendor.host);
  });

  it("sends a password reset, or the invitation again to someone who never set a password", async () => {
    const person = world.staff[ROLES.staff];
    const reset = await call(admin, "POST", `/staff/${person.id}/password-reset`);
    expect(reset.statusCode).toBe(202);
    expect(reset.json().meta.sent).toBe("password_reset");
    const jobs = await t.app.jobs.boss.findJobs<{ userId: number }>(
      taskQueue(DELIVER_PASSWORD_RESET),
      {
        data: { userId: person.id },
      },
    );
    expect(jobs.length).toBeGreaterThan(0);
    const { id } = await invite();
    const again = await call(admin, "POST", `/staff/${id}/password-reset`);
    expect(again.json().meta.sent).toBe("invitation");
    const invitations = await t.app.jobs.boss.findJobs(taskQueue(DELIVER_STAFF_INVITATION), {
      data: { userId: Number(id) },
    });
    expect(invitations).toHaveLength(2);
    const adminTarget = world.staff[ROLES.admin].id;
    expect((await call(manager, "POST", `/staff/${adminTarget}/password-reset`)).statusCode).toBe(
      403,
    );
  });
});

describe("assignments", () => {
  it("replaces locations with desks and services; another vendor's are refused", async () => {
    const { id } = await invite();
    const [service] = await t.db
      .insert(services)
      .values({ vendorId: world.vendor.id, name: "Loans" })
      .returning();
    revocations.length = 0;
    const body = {
      data: {
        type: "staff-assignments",
        attributes: {
          locations: [
            { location_id: String(world.locations[1].id), desk: " Window 2 " },
            { location_id: world.locations[0].id, desk: null },
          ],
          service_ids: [String(service!.id)],
        },
      },
    };
    const saved = await call(admin, "PUT", `/staff/${id}/assignments`, body, { "if-match": '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.locations).toEqual([
      { location_id: String(world.locations[0].id), name: world.locations[0].name, desk: null },
      {
        location_id: String(world.locations[1].id),
        name: world.locations[1].name,
        desk: "Window 2",
      },
    ]);
    expect(saved.json().data.attributes.service_ids).toEqual([String(service!.id)]);
    expect(revocations).toContainEqual({ userId: Number(id) });
    const foreign = await call(admin, "PUT", `/staff/${id}/assignments`, {
      data: {
        type: "staff-assignments",
        attributes: { locations: [], service_ids: [String(other.locations[0].id + 100000)] },
      },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].source.pointer).toBe("/data/attributes/service_ids/0");
    const nul = await call(admin, "PUT", `/staff/${id}/assignments`, {
      data: {
        type: "staff-assignments",
        attributes: {
          locations: [{ location_id: world.locations[0].id, desk: "\u0000" }],
          service_ids: [],
        },
      },
    });
    expect(nul.statusCode).toBe(422);
  });
});

describe("shifts", () => {
  it("refuses overlaps, breaks outside shifts, ends before starts and unassigned locations", async () => {
    const { id } = await invite();
    const here = String(world.locations[0].id);
    const shifts = (weekly: unknown[], exceptions: unknown[] = []) => ({
      data: { type: "staff-shifts", attributes: { weekly, exceptions } },
    });
    const bad = await call(
      admin,
      "PUT",
      `/staff/${id}/shifts`,
      shifts([
        { location_id: here, weekday: "monday", kind: "shift", start: "09:00", end: "13:00" },
        { location_id: here, weekday: "monday", kind: "shift", start: "12:00", end: "17:00" },
        { location_id: here, weekday: "tuesday", kind: "break", start: "12:00", end: "12:30" },
        { location_id: here, weekday: "wednesday", kind: "shift", start: "17:00", end: "09:00" },
        {
          location_id: String(world.locations[1].id),
          weekday: "thursday",
          kind: "shift",
          start: "09:00",
          end: "10:00",
        },
      ]),
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { code: string; source: { pointer: string } }) => [
          e.code,
          e.source.pointer,
        ]),
    ).toEqual(
      expect.arrayContaining([
        ["shifts_overlap", "/data/attributes/weekly/1/start"],
        ["break_outside_shift", "/data/attributes/weekly/2/start"],
        ["end_before_start", "/data/attributes/weekly/3/end"],
        ["not_assigned", "/data/attributes/weekly/4/location_id"],
      ]),
    );
    const badTime = await call(
      admin,
      "PUT",
      `/staff/${id}/shifts`,
      shifts([{ location_id: here, weekday: "monday", kind: "shift", start: "9am", end: "13:00" }]),
    );
    expect(badTime.statusCode).toBe(422);
  });

  it("makes staff_shifts for the coming days in the location's zone, across a DST change", async () => {
    const [zoned] = await t.db
      .select()
      .from(locations)
      .where(eq(locations.id, world.locations[0].id));
    expect(zoned?.timezone).toBe("America/Toronto");
    const person = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [world.locations[0].id],
    });
    const here = String(world.locations[0].id);
    const saved = await call(admin, "PUT", `/staff/${person.id}/shifts`, {
      data: {
        type: "staff-shifts",
        attributes: {
          weekly: ["friday", "saturday", "sunday", "monday"].flatMap((weekday) => [
            { location_id: here, weekday, kind: "shift", start: "09:00", end: "17:00" },
            { location_id: here, weekday, kind: "break", start: "12:00", end: "12:30" },
          ]),
          exceptions: [{ location_id: here, date: "2026-03-09", intervals: [], note: "Day off" }],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes.shifts.exceptions[0]).toMatchObject({
      date: "2026-03-09",
      note: "Day off",
    });

    // Clocks go forward in Toronto on Sunday 8 March 2026: 09:00 is 14:00Z before, 13:00Z after.
    const now = new Date("2026-03-06T12:00:00Z"); // Friday morning in Toronto
    await t.db.transaction((tx) =>
      materialiseStaffShifts(tx, { vendorId: world.vendor.id, userId: person.id, now }),
    );
    const rows = await t.db
      .select()
      .from(staffShifts)
      .where(eq(staffShifts.userId, person.id))
      .orderBy(staffShifts.startsAt);
    const first = rows.filter(
      (r) => r.startsAt.getTime() < new Date("2026-03-10T00:00:00Z").getTime(),
    );
    expect(first.map((r) => [r.kind, r.startsAt.toISOString(), r.endsAt.toISOString()])).toEqual([
      ["shift", "2026-03-06T14:00:00.000Z", "2026-03-06T22:00:00.000Z"],
      ["break", "2026-03-06T17:00:00.000Z", "2026-03-06T17:30:00.000Z"],
      ["shift", "2026-03-07T14:00:00.000Z", "2026-03-07T22:00:00.000Z"],
      ["break", "2026-03-07T17:00:00.000Z", "2026-03-07T17:30:00.000Z"],
      ["shift", "2026-03-08T13:00:00.000Z", "2026-03-08T21:00:00.000Z"],
      ["break", "2026-03-08T16:00:00.000Z", "2026-03-08T16:30:00.000Z"],
      // Monday 9 March is the exception: a day off.
    ]);
    expect(rows.every((r) => r.generated)).toBe(true);
    // Mondays and Friday to Sunday only; the first two weeks, from Friday 6 March:
    const days = new Set(rows.map((r) => r.startsAt.toISOString().slice(0, 10)));
    expect([...days].filter((day) => day < "2026-03-20")).toEqual([
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
      "2026-03-16",
    ]);
    // and on as far as the vendor's booking window (60 days by default): its last day is Tuesday
    // 5 May, so the last shift is Monday 4 May.
    expect([...days].at(-1)).toBe("2026-05-04");

    // Run again, as the recurring job does for everyone with a pattern: the same rows, not twice
    // as many.
    expect(await materialiseAllStaffShifts(t.db, now)).toBeGreaterThan(0);
    expect(materialiseStaffShiftsJob(t.db).name).toBe("materialise-staff-shifts");
    expect(
      await t.db.select().from(staffShifts).where(eq(staffShifts.userId, person.id)),
    ).toHaveLength(rows.length);
  });
});

describe("the list's filters", () => {
  it("refuses a location id past the integer range with 422, not a database error", async () => {
    const response = await call(admin, "GET", "/staff?location_id=9999999999");
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].source.parameter).toBe("location_id");
  });
});
