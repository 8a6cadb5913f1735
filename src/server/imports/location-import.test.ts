// Locations by CSV: a check reports what would change and every problem by row and column and
// writes nothing; an import writes every row or none, with audit rows and one location.updated
// event per location; the export reads back as unchanged; quoted cells, a byte order mark and
// formula-looking text survive the round trip; another vendor's ids are unknown.
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordDeliveredEvents } from "../../../test/factories/delivered-events.ts";
import { createStaffWorld, type StaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type { CsvImportReport } from "../../shared/contracts/csv-import.ts";
import { ROLES } from "../../shared/domain.ts";
import en from "../../shared/i18n/en.json" with { type: "json" };
import { auditLog, locations } from "../db/schema.ts";
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let other: StaffWorld;
let admin: StaffClient;

// The location.updated events handed to handlers (the cache invalidation gets the same).
const deliveredEvents = recordDeliveredEvents("test-import-location-updated", ["location.updated"]);
const delivered = deliveredEvents.ids;

beforeAll(async () => {
  t = await buildTestApp({ seed: false, deps: { extraEventHandlers: [deliveredEvents.handler] } });
  w = await createStaffWorld(t.db);
  other = await createStaffWorld(t.db);
  admin = await staffClient(t.app, w.staff[ROLES.admin], w.vendor.host);
});
afterAll(() => t.close());

const HEADER =
  "external_id,name,address,city,country,latitude,longitude,timezone,phone,region,monday,saturday,sunday";

const doc = (csv: string, dryRun: boolean) => ({
  data: { type: "csv-imports", attributes: { csv, dry_run: dryRun } },
});

async function check(csv: string): Promise<CsvImportReport> {
  const response = await admin.post("/imports/locations", doc(csv, true));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes;
}

async function importFile(csv: string): Promise<CsvImportReport> {
  const response = await admin.post("/imports/locations", doc(csv, false));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes;
}

const vendorLocations = () =>
  t.db
    .select()
    .from(locations)
    .where(eq(locations.vendorId, w.vendor.id))
    .orderBy(asc(locations.id));

describe("checking a file", () => {
  it("reports what would be created and writes nothing", async () => {
    const before = await vendorLocations();
    const report = await check(
      [
        HEADER,
        'CSV-1,Quay Branch,"12 Quay Street, Unit 4",Halifax,CA,44.6488,-63.5752,America/Halifax,+1 902 555 0142,Atlantic,08:30-16:00,,closed',
        "CSV-2,Hill Branch,1 Hill Road,Halifax,CA,44.65,-63.58,America/Halifax,,,9:00 – 17:00,10:00-14:00,",
      ].join("\n"),
    );
    expect(report).toEqual({
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      problem_count: 0,
      problems: [],
      applied: false,
    });
    expect(await vendorLocations()).toEqual(before);
  });

  it("names the row, the column and the rule of every problem", async () => {
    const report = await check(
      [
        HEADER,
        "BAD-1,,1 Road,Halifax,CA,44.6,-63.5,America/Halifax,,,09:00-17:00,,",
        "BAD-2,North,1 Road,Halifax,XX,91,-63.5,Mars/Olympus,555,,17:00-09:00,,",
        "BAD-2,South,1 Road,Halifax,CA,forty,-63.5,America/Halifax,,,nine to five,09:00-12:00 11:00-14:00,09:00-12:00 and 13:00-17:00",
      ].join("\n"),
    );
    expect(report.applied).toBe(false);
    // By row, then in the order of the file's columns.
    expect(report.problems).toEqual([
      { row: 2, column: "name", message_id: "Errors.required" },
      { row: 3, column: "country", message_id: "Office.locations.error.country" },
      { row: 3, column: "latitude", message_id: "Office.locations.error.latitude" },
      { row: 3, column: "timezone", message_id: "Office.locations.error.timezone" },
      { row: 3, column: "phone", message_id: "CallbackService.phone_plus" },
      {
        row: 3,
        column: "monday",
        message_id: "Office.import.error.hours",
        values: { value: "17:00-09:00" },
      },
      { row: 4, column: "external_id", message_id: "Office.import.error.repeated_key" },
      { row: 4, column: "latitude", message_id: "Office.import.error.number" },
      {
        row: 4,
        column: "monday",
        message_id: "Office.import.error.hours",
        values: { value: "nine to five" },
      },
      // Overlapping periods, and words between periods, are refused like any bad hours.
      {
        row: 4,
        column: "saturday",
        message_id: "Office.import.error.hours",
        values: { value: "09:00-12:00 11:00-14:00" },
      },
      {
        row: 4,
        column: "sunday",
        message_id: "Office.import.error.hours",
        values: { value: "09:00-12:00 and 13:00-17:00" },
      },
    ]);
    expect(report).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 0 });
    expect(report.problem_count).toBe(11);
    for (const problem of report.problems) expect(en).toHaveProperty([problem.message_id]);
  });

  it("refuses a file whose header names an unknown column, or that is not CSV, with a 422", async () => {
    const unknown = await admin.post("/imports/locations", doc("name,colour\nA,red\n", true));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({
      code: "csv_unreadable",
      source: { pointer: "/data/attributes/csv" },
    });
    const broken = await admin.post("/imports/locations", doc('name,city\n"A,Halifax\n', true));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors[0].code).toBe("csv_unreadable");
    const empty = await admin.post("/imports/locations", doc("\n\n", true));
    expect(empty.statusCode).toBe(422);
    // A NUL byte or a lone surrogate: not text, and not storable.
    for (const text of ["name\nA\n\u0000B\n", "name\nA\nB\ud800\n"]) {
      const binary = await admin.post("/imports/locations", doc(text, true));
      expect(binary.statusCode).toBe(422);
      expect(binary.json().errors[0]).toMatchObject({
        code: "csv_unreadable",
        detail:
          "Line 3 holds a character that is not text (such as a NUL byte): is this the right file, saved as CSV?",
      });
    }
  });
});

describe("importing a file", () => {
  it("creates every location with its hours, an audit row each and one event each", async () => {
    const report = await importFile(
      [
        `\ufeff${HEADER}`,
        'IMP-1,Quay Branch,"12 Quay Street, Unit 4",Halifax,ca,44.6488,-63.5752,America/Halifax,+1 902 555 0142,Atlantic,08:30-16:00,,closed',
        '"IMP-2","Gdańsk Oliwa","ul. Grunwaldzka 1",Gdańsk,PL,54.41,18.56,Europe/Warsaw,,,9:00 – 17:00,"13:00-15:00, 9:00-12:00",',
      ].join("\r\n"),
    );
    expect(report).toMatchObject({ rows: 2, created: 2, updated: 0, unchanged: 0, applied: true });
    const rows = await t.db
      .select()
      .from(locations)
      .where(
        and(eq(locations.vendorId, w.vendor.id), inArray(locations.externalId, ["IMP-1", "IMP-2"])),
      )
      .orderBy(asc(locations.externalId));
    expect(rows.map((r) => [r.name, r.address, r.country, r.phone, r.region])).toEqual([
      ["Quay Branch", "12 Quay Street, Unit 4", "CA", "+19025550142", "Atlantic"],
      ["Gdańsk Oliwa", "ul. Grunwaldzka 1", "PL", null, null],
    ]);
    expect(rows[0]?.hours).toMatchObject({
      monday: [{ open: "08:30", closed: "16:00" }],
      tuesday: [{ open: "09:00", closed: "17:00" }],
      saturday: null,
      sunday: null,
    });
    // Several periods in one cell, in any order: stored sorted.
    expect(rows[1]?.hours).toMatchObject({
      monday: [{ open: "09:00", closed: "17:00" }],
      saturday: [
        { open: "09:00", closed: "12:00" },
        { open: "13:00", closed: "15:00" },
      ],
      sunday: null,
    });
    const ids = rows.map((r) => r.id);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "location"), inArray(auditLog.subjectId, ids)));
    expect(audits.map((a) => a.action).sort()).toEqual(["created", "created"]);
    expect(audits.every((a) => a.actorUserId === w.staff[ROLES.admin].id)).toBe(true);
    await vi.waitFor(
      () => expect(delivered.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort()),
      { timeout: 5000 },
    );
  });

  it("changes a location found by external id or id; an unchanged row writes nothing", async () => {
    const [first] = await t.db
      .select()
      .from(locations)
      .where(and(eq(locations.vendorId, w.vendor.id), eq(locations.externalId, "IMP-1")));
    if (!first) throw new Error("IMP-1 missing");
    const report = await importFile(
      [
        "id,external_id,name,sunday,archived",
        `${first.id},IMP-1,Quay Branch (renamed),11:00-15:00,`,
        ",IMP-2,Gdańsk Oliwa,,no",
      ].join("\n"),
    );
    expect(report).toMatchObject({ rows: 2, created: 0, updated: 1, unchanged: 1, applied: true });
    const [after] = await t.db.select().from(locations).where(eq(locations.id, first.id));
    expect(after?.name).toBe("Quay Branch (renamed)");
    expect(after?.address).toBe("12 Quay Street, Unit 4");
    expect(after?.hours.sunday).toEqual([{ open: "11:00", closed: "15:00" }]);
    expect(after?.hours.monday).toEqual([{ open: "08:30", closed: "16:00" }]);
    expect(after?.version).toBe(first.version + 1);
    const audits = await t.db
      .select({ subjectType: auditLog.subjectType, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, first.id))
      .orderBy(asc(auditLog.id));
    expect(audits.slice(-2)).toEqual([
      { subjectType: "location", action: "updated" },
      { subjectType: "location_hours", action: "updated" },
    ]);
  });

  it("writes nothing when one row is wrong, and says which with 422 csv_rows_invalid", async () => {
    const before = await vendorLocations();
    const response = await admin.post(
      "/imports/locations",
      doc(
        [
          HEADER,
          "ALL-1,Good Branch,1 Road,Halifax,CA,44.6,-63.5,America/Halifax,,,09:00-17:00,,",
          "ALL-2,Bad Branch,1 Road,Halifax,CA,44.6,-63.5,America/Halifax,,,25:00-26:00,,",
        ].join("\n"),
        false,
      ),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors[0]).toMatchObject({ code: "csv_rows_invalid" });
    expect(body.meta.report).toMatchObject({
      rows: 2,
      problem_count: 1,
      applied: false,
      problems: [{ row: 3, column: "monday", message_id: "Office.import.error.hours" }],
    });
    expect(await vendorLocations()).toEqual(before);
  });

  it("refuses an id of another vendor and an external id another location keeps", async () => {
    const report = await check(
      [
        "id,external_id,name",
        `${other.locations[0]?.id},,Not Mine`,
        ",IMP-1,Taken",
        `${w.locations[0]?.id},IMP-2,Steals IMP-2`,
      ].join("\n"),
    );
    expect(report.problems).toEqual([
      {
        row: 2,
        column: "id",
        message_id: "Office.import.error.unknown_id",
        values: { value: String(other.locations[0]?.id) },
      },
      { row: 4, column: "external_id", message_id: "Office.locations.error.external_id_taken" },
    ]);
  });

  it("archives and restores through the archived column", async () => {
    await importFile("external_id,archived\nIMP-2,true\n");
    const [archived] = await t.db.select().from(locations).where(eq(locations.externalId, "IMP-2"));
    expect(archived?.archivedAt).not.toBeNull();
    await importFile("external_id,archived\nIMP-2,false\n");
    const [restored] = await t.db.select().from(locations).where(eq(locations.externalId, "IMP-2"));
    expect(restored?.archivedAt).toBeNull();
  });
});

describe("exporting", () => {
  it("writes every location of the vendor, which imports back unchanged", async () => {
    await importFile(
      [
        "external_id,name,address,city,country,latitude,longitude,timezone,instructions",
        'EXP-1,=Formula Branch,"1 Road, ""Corner""",Halifax,CA,44.6,-63.5,America/Halifax,"Ring twice\nthen wait"',
      ].join("\n"),
    );
    const response = await admin.get("/exports/locations.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="locations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = response.body;
    expect(csv.startsWith("\ufeffid,external_id,name,")).toBe(true);
    // A spreadsheet never runs a cell as a formula; the import takes the apostrophe off again.
    expect(csv).toContain("'=Formula Branch");
    expect(csv).not.toContain("Not Mine");
    // A day's periods in one cell, apart by a space (IMP-2's Saturday).
    expect(csv).toContain(",09:00-12:00 13:00-15:00,");
    const lines = csv.split("\r\n").filter((line) => line !== "");
    const count = (await vendorLocations()).length;
    expect(count).toBeGreaterThan(4);
    const report = await check(csv);
    expect(report).toMatchObject({
      rows: count,
      created: 0,
      updated: 0,
      unchanged: count,
      problem_count: 0,
    });
    expect(lines.length).toBeGreaterThan(count);
    const [formula] = await t.db.select().from(locations).where(eq(locations.externalId, "EXP-1"));
    expect(formula?.name).toBe("=Formula Branch");
  });
});

describe("who may", () => {
  it("turns away a manager, and a signed-out caller", async () => {
    const manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
    expect((await manager.post("/imports/locations", doc("name\nA\n", true))).statusCode).toBe(403);
    expect((await manager.get("/exports/locations.csv")).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "GET",
      url: "/api/internal/v1/exports/locations.csv",
      headers: { host: w.vendor.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
