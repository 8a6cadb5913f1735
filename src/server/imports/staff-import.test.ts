// The staff file: rows create, update (by email or id) or leave members as they are; every problem
// names its row, column and message; a file with one bad row writes nothing; audit rows, one
// location.updated per location concerned, invitations only with `invite` and only for new members;
// the export reads back unchanged; a manager's ceiling; quoted cells and names in any script.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import {
  createLocation,
  createStaffUser,
  createStaffWorld,
  type StaffFixture,
  type StaffWorld,
} from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import { CSV_MESSAGES } from "../../shared/contracts/csv-import.ts";
import { ROLES } from "../../shared/domain.ts";
import { DELIVER_STAFF_INVITATION } from "../auth/staff-invitations.ts";
import {
  auditLog,
  locations,
  sessions,
  staffShiftPatterns,
  userLocations,
  users,
} from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import type { JobTaskRef } from "../jobs/job-task.ts";
import { taskQueue } from "../jobs/job-task.ts";
import { auditedStaff, presentStaff } from "../staff/load-staff.ts";
import { exportStaffCsv, importStaffCsv, STAFF_CSV_COLUMNS } from "./staff-import.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let world: StaffWorld;
let other: StaffWorld;
const deliveredEvents = recordDeliveredEvents("test-staff-import-location-updated", [
  "location.updated",
]);
const delivered = deliveredEvents.ids;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [deliveredEvents.handler] } });
  world = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
});
afterAll(() => t.close());

const tag = () => randomBytes(3).toString("hex");
const admin = () => world.staff[ROLES.admin];
const manager = () => world.staff[ROLES.manager];

function ctx(as: StaffFixture = admin()) {
  return {
    db: t.db,
    events: t.app.events,
    jobs: t.app.jobs,
    sessions: t.app.staffSessionRevocations,
    actor: { id: as.id, roleLevel: as.roleLevel, vendorId: as.vendorId },
    requestHost: world.vendor.host,
    now: new Date(),
  };
}

const csv = (...lines: string[]) => `${lines.join("\n")}\n`;

/** A live location of the vendor with an external id of its own. */
async function place(name = `Branch ${tag()}`) {
  const created = await createLocation(t.db, world.vendor.id, { name });
  const externalId = `EXT-${tag()}`;
  await t.db.update(locations).set({ externalId }).where(eq(locations.id, created.id));
  return { ...created, externalId };
}

const staffByEmail = (email: string) =>
  t.db.query.users.findFirst({ where: eq(users.email, email) });

const assignmentsOf = (userId: number) =>
  t.db
    .select({ locationId: userLocations.locationId, desk: userLocations.desk })
    .from(userLocations)
    .where(eq(userLocations.userId, userId))
    .orderBy(asc(userLocations.locationId));

const auditOf = (userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "staff"), eq(auditLog.subjectId, userId)))
    .orderBy(asc(auditLog.id));

const invitationsOf = (userId: number) =>
  t.app.jobs.boss.findJobs<{ userId: number; invitedByUserId: number; requestHost: string }>(
    taskQueue(DELIVER_STAFF_INVITATION),
    { data: { userId } },
  );

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("creating staff", () => {
  it("checks without writing, then creates every row with its assignments, audit and events", async () => {
    const north = await place();
    const south = await place();
    const untouched = await place();
    const id = tag();
    const file = csv(
      "email,first_name,last_name,role,lang,languages,locations,active",
      `kim-${id}@import.test,지민,김,Staff plus,ko,ko;en,${north.externalId}:창구 2;${south.externalId},yes`,
      `ola-${id}@import.test,Żaneta,Łukasiewicz-Wójcik,10,pl,pl,${north.externalId},`,
      `"noor-${id}@import.test","Noor, Jr.",Haddad,manager,fr,,"${south.id}:Desk 3, ""left""",true`,
    );

    const checked = await importStaffCsv(ctx(), file, true, { invite: true });
    expect(checked).toEqual({
      rows: 3,
      created: 3,
      updated: 0,
      unchanged: 0,
      problem_count: 0,
      problems: [],
      applied: false,
    });
    expect(await staffByEmail(`kim-${id}@import.test`)).toBeUndefined();

    const applied = await importStaffCsv(ctx(), file, false, { invite: false });
    expect(applied).toMatchObject({ rows: 3, created: 3, applied: true });

    const kim = await staffByEmail(`kim-${id}@import.test`);
    expect(kim).toMatchObject({
      vendorId: world.vendor.id,
      firstName: "지민",
      lastName: "김",
      roleLevel: ROLES.staff_plus,
      lang: "ko",
      languages: ["ko", "en"],
      active: true,
      passwordHash: null,
      version: 1,
    });
    expect(await assignmentsOf(kim!.id)).toEqual(
      [
        { locationId: north.id, desk: "창구 2" },
        { locationId: south.id, desk: null },
      ].sort((a, b) => a.locationId - b.locationId),
    );
    const ola = await staffByEmail(`ola-${id}@import.test`);
    expect(ola).toMatchObject({
      firstName: "Żaneta",
      lastName: "Łukasiewicz-Wójcik",
      active: true,
    });
    const noor = await staffByEmail(`noor-${id}@import.test`);
    expect(noor).toMatchObject({ firstName: "Noor, Jr.", roleLevel: ROLES.manager, languages: [] });
    expect(await assignmentsOf(noor!.id)).toEqual([
      { locationId: south.id, desk: 'Desk 3, "left"' },
    ]);

    // One audit row each, shaped exactly as the staff endpoints record an invitation.
    for (const person of [kim!, ola!, noor!]) {
      const audit = await auditOf(person.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        vendorId: world.vendor.id,
        actorUserId: admin().id,
        action: "invited",
        before: null,
      });
      expect(audit[0]?.after).toEqual(auditedStaff(await presentStaff(t.db, person)));
    }

    // One event per location concerned, however many rows name it.
    await vi.waitFor(
      () => {
        expect(delivered).toContain(north.id);
        expect(delivered).toContain(south.id);
      },
      { timeout: 5000 },
    );
    expect(delivered.filter((l) => l === north.id)).toHaveLength(1);
    expect(delivered.filter((l) => l === south.id)).toHaveLength(1);
    expect(delivered).not.toContain(untouched.id);

    // Without `invite`, nobody is sent an invitation.
    expect(await invitationsOf(kim!.id)).toHaveLength(0);
  });

  it("takes the defaults of an invitation for absent columns", async () => {
    const email = `plain-${tag()}@import.test`;
    const report = await importStaffCsv(
      ctx(),
      csv("email,first_name,last_name", `${email},Ana,Silva`),
      false,
      { invite: false },
    );
    expect(report.created).toBe(1);
    const row = await staffByEmail(email);
    expect(row).toMatchObject({ roleLevel: ROLES.staff, lang: "en", languages: [], active: true });
    expect(await assignmentsOf(row!.id)).toEqual([]);
  });

  it("imports fifty people across many locations, one event per location", async () => {
    const branches = await Promise.all(Array.from({ length: 10 }, () => place()));
    const id = tag();
    const lines = Array.from({ length: 50 }, (_, i) => {
      const a = branches[i % 10]!;
      const b = branches[(i + 3) % 10]!;
      return `bulk${i}-${id}@import.test,First${i},Last${i},staff,en,,${a.externalId}:D${i};${b.id}`;
    });
    const report = await importStaffCsv(
      ctx(),
      csv("email,first_name,last_name,role,lang,languages,locations", ...lines),
      false,
      { invite: true },
    );
    expect(report).toMatchObject({ rows: 50, created: 50, problem_count: 0, applied: true });
    const created = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.vendorId, world.vendor.id));
    const ours = created.filter((u) => u.email.endsWith(`-${id}@import.test`));
    expect(ours).toHaveLength(50);
    const assigned = await t.db
      .select()
      .from(userLocations)
      .where(
        inArray(
          userLocations.userId,
          ours.map((u) => u.id),
        ),
      );
    expect(assigned).toHaveLength(100);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.subjectId,
          ours.map((u) => u.id),
        ),
      );
    expect(audits.filter((a) => a.subjectType === "staff" && a.action === "invited")).toHaveLength(
      50,
    );
    await vi.waitFor(
      () => {
        for (const b of branches) expect(delivered).toContain(b.id);
      },
      { timeout: 5000 },
    );
    for (const b of branches) expect(delivered.filter((l) => l === b.id)).toHaveLength(1);
    const jobs = await t.app.jobs.boss.findJobs<{ userId: number }>(
      taskQueue(DELIVER_STAFF_INVITATION),
      { limit: 100_000 },
    );
    const invited = new Set(jobs.map((j) => j.data.userId));
    for (const u of ours) expect(invited.has(u.id)).toBe(true);
  });
});

describe("updating staff", () => {
  it("matches by email in any case and by id, changes only the columns present, and audits", async () => {
    const north = await place();
    const south = await place();
    const byEmail = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      locationIds: [north.id],
      email: `Match-${tag()}@Import.test`,
    });
    const byId = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      email: `byid-${tag()}@import.test`,
    });
    await t.db
      .update(users)
      .set({ languages: ["en"] })
      .where(eq(users.id, byEmail.id));
    await t.db.insert(staffShiftPatterns).values({
      vendorId: world.vendor.id,
      userId: byEmail.id,
      locationId: north.id,
      weekday: "monday",
      kind: "shift",
      startMinute: 540,
      endMinute: 1020,
    });
    const stored = await t.db.query.users.findFirst({ where: eq(users.id, byEmail.id) });
    const presentedBefore = auditedStaff(await presentStaff(t.db, stored!));
    const before = delivered.length;
    const revoked: number[] = [];
    const stop = t.app.staffSessionRevocations.listen({
      revoked: (r) => {
        if ("userId" in r) revoked.push(r.userId);
      },
      missed: () => {},
    });
    const file = csv(
      "id,email,first_name,role,languages,locations",
      `,${byEmail.email.toLowerCase()},Marta,,,${south.externalId}:Okienko 1`,
      `${byId.id},${byId.email},Ines,Staff advanced,pt;en,`,
    );
    const report = await importStaffCsv(ctx(), file, false, { invite: true });
    expect(report).toMatchObject({ rows: 2, created: 0, updated: 2, unchanged: 0, applied: true });

    const first = await t.db.query.users.findFirst({ where: eq(users.id, byEmail.id) });
    expect(first).toMatchObject({
      email: byEmail.email,
      firstName: "Marta",
      lastName: String(ROLES.staff),
      roleLevel: ROLES.staff,
      languages: [],
      version: 2,
    });
    expect(await assignmentsOf(byEmail.id)).toEqual([{ locationId: south.id, desk: "Okienko 1" }]);
    const second = await t.db.query.users.findFirst({ where: eq(users.id, byId.id) });
    expect(second).toMatchObject({
      firstName: "Ines",
      roleLevel: ROLES.staff_advanced,
      languages: ["pt", "en"],
      version: 2,
    });
    // The shifts at the location left go with it; both end their realtime subscriptions.
    expect(
      await t.db.select().from(staffShiftPatterns).where(eq(staffShiftPatterns.userId, byEmail.id)),
    ).toEqual([]);
    stop();
    expect(revoked.sort((a, b) => a - b)).toEqual([byEmail.id, byId.id].sort((a, b) => a - b));

    const [audit] = await auditOf(byEmail.id);
    expect(audit).toMatchObject({ action: "updated", actorUserId: admin().id });
    expect(audit?.before).toEqual(presentedBefore);
    expect(audit?.before).toMatchObject({
      first_name: "Role",
      languages: ["en"],
      locations: [{ location_id: String(north.id), desk: null }],
      shifts: { weekly: [{ location_id: String(north.id), weekday: "monday" }] },
    });
    expect(audit?.after).toEqual(auditedStaff(await presentStaff(t.db, first!)));

    // The locations left and joined get their event; a change of names alone moves nobody.
    await vi.waitFor(
      () => {
        expect(delivered.slice(before)).toContain(north.id);
        expect(delivered.slice(before)).toContain(south.id);
      },
      { timeout: 5000 },
    );
    // Updates are never invited.
    expect(await invitationsOf(byEmail.id)).toHaveLength(0);
    expect(await invitationsOf(byId.id)).toHaveLength(0);
  });

  it("leaves a row that changes nothing alone, and deactivates with the sessions ended", async () => {
    const person = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      email: `same-${tag()}@import.test`,
    });
    const leaving = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      email: `leaving-${tag()}@import.test`,
    });
    await t.db.insert(sessions).values({
      id: `import-test-${tag()}`,
      userId: leaving.id,
      vendorId: world.vendor.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const file = csv(
      "email,first_name,last_name,role,active",
      `${person.email},Role,${ROLES.staff},Staff,true`,
      `${leaving.email},Role,${ROLES.staff},staff,no`,
    );
    const report = await importStaffCsv(ctx(), file, false, { invite: true });
    expect(report).toMatchObject({ updated: 1, unchanged: 1, applied: true });
    expect(await t.db.query.users.findFirst({ where: eq(users.id, person.id) })).toMatchObject({
      version: 1,
    });
    expect(await auditOf(person.id)).toHaveLength(0);
    expect(await t.db.query.users.findFirst({ where: eq(users.id, leaving.id) })).toMatchObject({
      active: false,
      version: 2,
    });
    expect(await auditOf(leaving.id)).toMatchObject([{ action: "deactivated" }]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
  });
});

describe("problems", () => {
  it("names the row, column and message of each, and writes nothing while there is one", async () => {
    const north = await place();
    const archived = await place();
    await t.db
      .update(locations)
      .set({ archivedAt: new Date() })
      .where(eq(locations.id, archived.id));
    const id = tag();
    const good = `good-${id}@import.test`;
    const file = csv(
      "id,email,first_name,last_name,role,locations,active",
      `,${good},Good,Row,staff,${north.externalId},true`,
      `,not-an-email,Bad,Email,staff,,`,
      `,nowhere-${id}@import.test,No,Where,staff,NOPE-${id};${north.externalId},`,
      `,gone-${id}@import.test,Archived,Place,staff,${archived.externalId},`,
      `,boss-${id}@import.test,Too,High,platform admin,,`,
      `,${good.toUpperCase()},Twice,Listed,staff,,`,
      `999999999,ghost-${id}@import.test,Ghost,Row,staff,,`,
      `,bool-${id}@import.test,Bad,Boolean,staff,,maybe`,
      `,elsewhere-${id}@import.test,Other,Vendor,staff,,`,
      `,${other.staff[ROLES.staff].email},Other,Vendor,staff,,`,
      `,noname-${id}@import.test,,Nameless,staff,,`,
      `,role-${id}@import.test,Odd,Role,wizard,,`,
    );
    const report = await importStaffCsv(ctx(), file, true, { invite: false });
    expect(report.rows).toBe(12);
    expect(report.problems).toEqual([
      { row: 3, column: "email", message_id: "Office.staff.error.email_invalid" },
      {
        row: 4,
        column: "locations",
        message_id: CSV_MESSAGES.unknownLocation,
        values: { location: `NOPE-${id}` },
      },
      {
        row: 5,
        column: "locations",
        message_id: CSV_MESSAGES.unknownLocation,
        values: { location: archived.externalId },
      },
      { row: 6, column: "role", message_id: "Office.staff.error.role_not_grantable" },
      { row: 7, column: "email", message_id: CSV_MESSAGES.repeatedKey },
      { row: 8, column: "id", message_id: CSV_MESSAGES.unknownId },
      { row: 9, column: "active", message_id: CSV_MESSAGES.boolean },
      { row: 11, column: "email", message_id: "Office.staff.error.email_taken" },
      { row: 12, column: "first_name", message_id: "Errors.required" },
      { row: 13, column: "role", message_id: "Errors.invalid_value" },
    ]);
    expect(report).toMatchObject({ created: 2, problem_count: 10, applied: false });

    const error = await rejection(importStaffCsv(ctx(), file, false, { invite: true }));
    expect(error.items[0]).toMatchObject({ code: "csv_rows_invalid" });
    expect((error.meta as { report: { problems: unknown[] } }).report.problems).toEqual(
      report.problems,
    );
    expect(await staffByEmail(good)).toBeUndefined();
    expect(await staffByEmail(`bool-${id}@import.test`)).toBeUndefined();
  });

  it("refuses an id given twice, and an id whose email is another's", async () => {
    const person = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      email: `twice-${tag()}@import.test`,
    });
    const report = await importStaffCsv(
      ctx(),
      csv(
        "id,email,first_name",
        `${person.id},${person.email},One`,
        `${person.id},other-${tag()}@import.test,Two`,
        `,${person.email.toUpperCase()},Three`,
      ),
      true,
      { invite: false },
    );
    expect(report.problems).toEqual([
      { row: 3, column: "id", message_id: CSV_MESSAGES.repeatedKey },
      { row: 4, column: "email", message_id: CSV_MESSAGES.repeatedKey },
    ]);
    const mismatch = await importStaffCsv(
      ctx(),
      csv("id,email,first_name", `${person.id},other-${tag()}@import.test,One`),
      true,
      { invite: false },
    );
    expect(mismatch.problems).toEqual([
      { row: 2, column: "email", message_id: "Office.import.error.email_mismatch" },
    ]);
    const byIdTwice = await importStaffCsv(
      ctx(),
      csv("id,email", `${person.id},${person.email}`, `${person.id},${person.email.toUpperCase()}`),
      true,
      { invite: false },
    );
    expect(byIdTwice.problems).toEqual([
      { row: 3, column: "id", message_id: CSV_MESSAGES.repeatedKey },
    ]);
  });

  it("refuses a file whose columns are not the staff file's", async () => {
    const error = await rejection(
      importStaffCsv(ctx(), csv("email,nickname", "a@b.test,x"), true, { invite: false }),
    );
    expect(error.items[0]).toMatchObject({
      code: "csv_unreadable",
      messageId: CSV_MESSAGES.unknownColumn,
      values: { column: "nickname" },
    });
  });
});

describe("a manager", () => {
  it("may add staff below them but neither gives a role above nor changes someone above", async () => {
    const id = tag();
    const theirAdmin = world.staff[ROLES.admin];
    const file = csv(
      "id,email,first_name,last_name,role,active",
      `,below-${id}@import.test,Below,Them,Staff advanced,`,
      `,peer-${id}@import.test,Peer,Manager,Manager,`,
      `${theirAdmin.id},${theirAdmin.email},Renamed,Admin,,`,
      `${manager().id},${manager().email},,,,false`,
    );
    const report = await importStaffCsv(ctx(manager()), file, true, { invite: false });
    expect(report.problems).toEqual([
      { row: 3, column: "role", message_id: "Office.staff.error.role_not_grantable" },
      { row: 4, column: null, message_id: "Office.staff.error.role_ceiling" },
      { row: 5, column: "active", message_id: "Office.staff.error.cannot_deactivate_self" },
    ]);
    const fine = await importStaffCsv(ctx(manager()), csv(...file.split("\n").slice(0, 2)), false, {
      invite: false,
    });
    expect(fine).toMatchObject({ created: 1, applied: true });
    expect(await staffByEmail(`below-${id}@import.test`)).toMatchObject({
      roleLevel: ROLES.staff_advanced,
    });
  });

  it("reads back their export unchanged, the people above them included", async () => {
    const exported = await exportStaffCsv(t.db, {
      id: manager().id,
      roleLevel: manager().roleLevel,
      vendorId: world.vendor.id,
    });
    expect(exported).toContain(world.staff[ROLES.admin].email);
    const report = await importStaffCsv(ctx(manager()), exported, true, { invite: false });
    expect(report.problems).toEqual([]);
    expect(report.unchanged).toBe(report.rows);
  });
});

describe("exporting", () => {
  it("writes every staff member of the vendor and reads back unchanged", async () => {
    const north = await place("=Formula, Branch");
    const plain = await createLocation(t.db, world.vendor.id, { name: "No External Id" });
    const archived = await place();
    const id = tag();
    await importStaffCsv(
      ctx(),
      csv(
        "email,first_name,last_name,role,lang,languages,locations,active",
        `round-${id}@import.test,=SUM(A1),"Line
Break",13,pt-BR,pt;es,"${north.externalId}:Desk: 4, left;${plain.id}",false`,
        // A semicolon inside a desk is written \; (and a backslash \\).
        `seo-${id}@import.test,서연,박,Kiosk,ko,ko,${plain.id}:키오스크\\; 2 \\\\ 3,true`,
      ),
      false,
      { invite: false },
    );
    // An assignment at an archived location is neither written nor taken away by the file.
    const seo = await staffByEmail(`seo-${id}@import.test`);
    expect(await assignmentsOf(seo!.id)).toEqual([
      { locationId: plain.id, desk: "키오스크; 2 \\ 3" },
    ]);
    await t.db
      .insert(userLocations)
      .values({ vendorId: world.vendor.id, userId: seo!.id, locationId: archived.id });
    await t.db
      .update(locations)
      .set({ archivedAt: new Date() })
      .where(eq(locations.id, archived.id));

    const exported = await exportStaffCsv(t.db, {
      id: admin().id,
      roleLevel: admin().roleLevel,
      vendorId: world.vendor.id,
    });
    expect(exported.startsWith("\ufeff")).toBe(true);
    const [header] = exported.slice(1).split("\r\n");
    expect(header).toBe(STAFF_CSV_COLUMNS.join(","));
    expect(exported).toContain(`'=SUM(A1)`);
    expect(exported).toContain(`${north.externalId}:Desk: 4, left;${plain.id}`);
    expect(exported).toContain(`${plain.id}:키오스크\\; 2 \\\\ 3`);
    expect(exported).not.toContain(archived.externalId);
    expect(exported).not.toContain(other.staff[ROLES.staff].email);
    const all = await t.db.select().from(users).where(eq(users.vendorId, world.vendor.id));
    for (const u of all) expect(exported).toContain(u.email);

    const report = await importStaffCsv(ctx(), exported, true, { invite: false });
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({
      rows: all.length,
      unchanged: all.length,
      created: 0,
      updated: 0,
    });
    const applied = await importStaffCsv(ctx(), exported, false, { invite: true });
    expect(applied).toMatchObject({ unchanged: all.length, applied: true });
    expect(await assignmentsOf(seo!.id)).toContainEqual({ locationId: archived.id, desk: null });
    const round = await staffByEmail(`round-${id}@import.test`);
    expect(round).toMatchObject({ firstName: "=SUM(A1)", lastName: "Line\nBreak", version: 1 });
  });
});

describe("invitations", () => {
  it("are queued after commit for created rows only, and only with invite", async () => {
    const existing = await createStaffUser(t.db, {
      vendorId: world.vendor.id,
      roleLevel: ROLES.staff,
      email: `known-${tag()}@import.test`,
    });
    const id = tag();
    await importStaffCsv(
      ctx(),
      csv(
        "email,first_name,last_name,active",
        `fresh-${id}@import.test,Fresh,One,`,
        `asleep-${id}@import.test,Not,Yet,false`,
        `${existing.email},Known,Person,`,
      ),
      false,
      { invite: true },
    );
    const fresh = await staffByEmail(`fresh-${id}@import.test`);
    const asleep = await staffByEmail(`asleep-${id}@import.test`);
    const jobs = await invitationsOf(fresh!.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toMatchObject({
      userId: fresh!.id,
      invitedByUserId: admin().id,
      requestHost: world.vendor.host,
    });
    expect(await invitationsOf(asleep!.id)).toHaveLength(0);
    expect(await invitationsOf(existing.id)).toHaveLength(0);
  });

  it("go in batches larger than one insert", async () => {
    const task: JobTaskRef<{ n: number }> = { name: `import-batch-${tag()}`, version: 1 };
    await t.app.jobs.boss.createQueue(taskQueue(task));
    await t.app.jobs.sendMany(
      task,
      Array.from({ length: 1_203 }, (_, n) => ({ n })),
    );
    const jobs = await t.app.jobs.boss.findJobs<{ n: number }>(taskQueue(task), { limit: 5_000 });
    expect(jobs).toHaveLength(1_203);
    expect(new Set(jobs.map((j) => j.data.n)).size).toBe(1_203);
  });
});
