// The staff file through the real app: a manager checks and imports a file, the new people get
// their invitation jobs (invite defaults to true; false queues none), a bad row is a 422 with the
// report and writes nothing, and the export is a CSV download that imports back unchanged.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffWorld, type StaffWorld } from "../../../test/factories/staff.ts";
import { buildTestApp } from "../../../test/test-app.ts";
import type { CsvImportReport } from "../../shared/contracts/csv-import.ts";
import { ROLES } from "../../shared/domain.ts";
import { DELIVER_STAFF_INVITATION } from "../auth/staff-invitations.ts";
import { users } from "../db/schema.ts";
import { taskQueue } from "../jobs/job-task.ts";
import { type StaffClient, staffClient } from "../lobby/lobby-test-world.ts";

let t: Awaited<ReturnType<typeof buildTestApp>>;
let w: StaffWorld;
let manager: StaffClient;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  w = await createStaffWorld(t.db);
  manager = await staffClient(t.app, w.staff[ROLES.manager], w.vendor.host);
});
afterAll(() => t.close());

const doc = (csv: string, dryRun: boolean, invite?: boolean) => ({
  data: {
    type: "csv-imports",
    attributes: { csv, dry_run: dryRun, ...(invite === undefined ? {} : { invite }) },
  },
});

async function send(csv: string, dryRun: boolean, invite?: boolean): Promise<CsvImportReport> {
  const response = await manager.post("/imports/staff", doc(csv, dryRun, invite));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.attributes;
}

const invitationsOf = (userId: number) =>
  t.app.jobs.boss.findJobs(taskQueue(DELIVER_STAFF_INVITATION), { data: { userId } });

const idsOf = async (emails: string[]) =>
  (
    await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.vendorId, w.vendor.id), inArray(users.email, emails)))
  ).map((row) => row.id);

describe("POST /imports/staff", () => {
  it("checks, then imports and queues an invitation per new person", async () => {
    const location = w.locations[0]!;
    const csv = [
      "email,first_name,last_name,role,locations",
      `ola.route@import.example,Ola,Kowalska,Staff,${location.id}:Okienko 2`,
      `jimin.route@import.example,지민,김,Staff plus,${location.id}`,
    ].join("\n");
    expect(await send(csv, true)).toMatchObject({ rows: 2, created: 2, applied: false });
    expect(await idsOf(["ola.route@import.example", "jimin.route@import.example"])).toEqual([]);
    expect(await send(csv, false)).toMatchObject({ rows: 2, created: 2, applied: true });
    const ids = await idsOf(["ola.route@import.example", "jimin.route@import.example"]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(await invitationsOf(id)).toHaveLength(1);
    // The same file again changes nothing and invites nobody twice.
    expect(await send(csv, false)).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    for (const id of ids) expect(await invitationsOf(id)).toHaveLength(1);
  });

  it("queues no invitation when invite is false", async () => {
    await send(
      "email,first_name,last_name\nquiet.route@import.example,Noor,Haddad\n",
      false,
      false,
    );
    const [id] = await idsOf(["quiet.route@import.example"]);
    expect(id).toBeDefined();
    expect(await invitationsOf(id!)).toHaveLength(0);
  });

  it("writes nothing when a row breaks the manager's ceiling, and says which row", async () => {
    const response = await manager.post(
      "/imports/staff",
      doc(
        "email,first_name,last_name,role\nfine.route@import.example,A,B,Staff\nboss.route@import.example,C,D,Admin\n",
        false,
      ),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors[0].code).toBe("csv_rows_invalid");
    expect(body.meta.report.problems).toEqual([
      { row: 3, column: "role", message_id: "Office.staff.error.role_not_grantable" },
    ]);
    expect(await idsOf(["fine.route@import.example", "boss.route@import.example"])).toEqual([]);
  });
});

describe("GET /exports/staff.csv", () => {
  it("downloads the staff as CSV, which imports back unchanged", async () => {
    const response = await manager.get("/exports/staff.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="staff-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body).toContain("ola.route@import.example");
    const report = await send(response.body, true);
    expect(report).toMatchObject({ created: 0, updated: 0, problem_count: 0 });
    expect(report.unchanged).toBe(report.rows);
  });
});
