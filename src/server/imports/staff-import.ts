// Bulk onboarding of staff by CSV (docs/admin-import-staff.md): a file of staff members, matched to
// the vendor's accounts by id or email, checked row by row with the staff endpoints' own rules and
// role ceiling, then written all or nothing in one transaction — new accounts in multi-row inserts,
// with their assignments, audit records and one `location.updated` per location concerned — and
// the export that writes the file back. Thousands of rows: everything is loaded once and checked
// in memory, and written in a few statements per 500 rows rather than a command per row.
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuditAction } from "../../shared/audit.ts";
import { CSV_MESSAGES, type CsvImportReport } from "../../shared/contracts/csv-import.ts";
import {
  grantableRoles,
  minutesClock,
  type StaffAttributes,
  staffAssignmentsBodySchema,
  staffEmail,
  staffInviteBodySchema,
} from "../../shared/contracts/staff.ts";
import { LOCALES, ROLES } from "../../shared/domain.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { type AuditRecord, recordAudit } from "../audit/record-audit.ts";
import { queueStaffInvitations } from "../auth/staff-invitations.ts";
import type { Db, DbOrTx, Tx } from "../db/client.ts";
import {
  locations,
  sessions,
  staffShiftExceptions,
  staffShiftPatterns,
  staffShifts,
  userLocations,
  userServices,
  users,
  vendors,
} from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError } from "../http/app-error.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { StaffSessionRevocations } from "../realtime/staff-session-revocations.ts";
import { assignedLocations, auditedStaff, type StaffRow } from "../staff/load-staff.ts";
import { materialiseStaffShifts } from "../staff/materialise-shifts.ts";
import type { Actor } from "../staff/staff-commands.ts";
import { mayManage } from "../staff/staff-rules.ts";
import {
  type CsvFile,
  CsvProblems,
  type CsvRecord,
  importReport,
  readBoolean,
  readCsv,
  rowsInvalid,
  writeCsv,
} from "./csv.ts";

/** The columns of the staff file, in the order the export writes them. */
export const STAFF_CSV_COLUMNS: readonly string[] = [
  "id",
  "email",
  "first_name",
  "last_name",
  "role",
  "lang",
  "languages",
  "locations",
  "active",
];

/** The id names a staff member whose email is not the row's (staff-import-messages.json). */
const STAFF_IMPORT_MESSAGES = {
  emailMismatch: "Office.import.error.email_mismatch",
} as const;

const INVALID = "Errors.invalid_value";
const REQUIRED = "Errors.required";
/** Rows per multi-row insert: a few thousand bind parameters each, far below PostgreSQL's limit. */
const CHUNK = 500;

// The very schemas of the invite and assignment bodies, so a cell is refused with the message the
// staff endpoints give for the same value.
const inviteFields = staffInviteBodySchema.shape.data.shape.attributes.shape;
const locationsField = staffAssignmentsBodySchema.shape.data.shape.attributes.shape.locations;

export type StaffImportContext = {
  db: Db;
  events: Pick<DomainEventBus, "emit">;
  /** the invitations of created members are queued in a few inserts */
  jobs: Pick<JobQueue, "sendMany">;
  /** a change of role, locations or active ends the person's realtime subscriptions */
  sessions: Pick<StaffSessionRevocations, "announce">;
  /** an import is always made by a signed-in member, who is named on the invitations */
  actor: Actor & { id: number };
  /** the host the import was made on: the invitation links use it */
  requestHost: string;
  now: Date;
};

type Assignment = { locationId: number; desk: string | null };

type LocationRow = {
  id: number;
  externalId: string | null;
  name: string;
  sortOrder: number;
  archived: boolean;
};

type Loaded = {
  vendorLang: string;
  byId: Map<number, StaffRow>;
  byEmail: Map<string, StaffRow>;
  /** the live assignments of each of the vendor's staff (archived locations left out) */
  assigned: Map<number, Assignment[]>;
  /** the locations each works at that are archived: kept as they are */
  assignedArchived: Map<number, number[]>;
  locationById: Map<number, LocationRow>;
  locationByExternalId: Map<string, LocationRow>;
  /** emails (lower case) of the file that belong to another vendor's account */
  takenElsewhere: Set<string>;
};

type Fields = {
  firstName: string;
  lastName: string;
  roleLevel: number;
  lang: string;
  languages: string[];
  active: boolean;
};

type Creation = {
  row: number;
  email: string;
  fields: Fields;
  assignments: Assignment[];
};

type Change = {
  row: number;
  stored: StaffRow;
  fields: Partial<Fields>;
  /** the new live assignments; undefined: as they are */
  assignments: Assignment[] | undefined;
};

type Plan = {
  problems: CsvProblems;
  rows: number;
  creations: Creation[];
  changes: Change[];
  unchanged: number;
};

const lower = (email: string) => email.toLowerCase();

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

/** "Contact centre staff", "staff_plus", "Staff-Advanced", "10": the level, else undefined. */
function roleLevelOf(cell: string): number | undefined {
  if (/^\d{1,2}$/.test(cell)) {
    const level = Number(cell);
    return (Object.values(ROLES) as number[]).includes(level) ? level : undefined;
  }
  const key = cell
    .toLowerCase()
    .replace(/[^a-z]+/g, "_")
    .replace(/^_|_$/g, "")
    .replace("center", "centre");
  return (ROLES as Record<string, number>)[key];
}

/** The role's English name as the back office shows it: "Staff plus", "Contact centre staff". */
function roleName(level: number): string {
  const key = Object.entries(ROLES).find(([, value]) => value === level)?.[0] ?? String(level);
  const spaced = key.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The first message of a failed parse (the schemas' messages are message ids). */
function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? INVALID;
}

function sameAssignments(a: readonly Assignment[], b: readonly Assignment[]): boolean {
  if (a.length !== b.length) return false;
  const desks = new Map(a.map((x) => [x.locationId, x.desk]));
  return b.every((x) => desks.has(x.locationId) && desks.get(x.locationId) === x.desk);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Everything a file is checked against, in a few queries; `lock` holds the staff rows until commit. */
async function load(
  db: DbOrTx,
  vendorId: number,
  emails: string[],
  options: { lock: boolean },
): Promise<Loaded> {
  // One after another: inside a transaction the queries share one connection.
  const vendorRows = await db
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  const staffQuery = db.select().from(users).where(eq(users.vendorId, vendorId));
  const staffRows = options.lock ? await staffQuery.for("update") : await staffQuery;
  const assignmentRows = await db
    .select({
      userId: userLocations.userId,
      locationId: userLocations.locationId,
      desk: userLocations.desk,
    })
    .from(userLocations)
    .where(eq(userLocations.vendorId, vendorId));
  const locationRows = await db
    .select({
      id: locations.id,
      externalId: locations.externalId,
      name: locations.name,
      sortOrder: locations.sortOrder,
      archived: sql<boolean>`${locations.archivedAt} is not null`,
    })
    .from(locations)
    .where(eq(locations.vendorId, vendorId));
  let vendorLang = "en";
  try {
    vendorLang = parseVendorSettings(vendorRows[0]?.settings).client_view.default_language;
  } catch {
    // settings a newer release wrote: the invite's default
  }
  const takenElsewhere = new Set<string>();
  for (const part of chunks([...new Set(emails)], 1_000)) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, part), ne(users.vendorId, vendorId)));
    for (const row of rows) takenElsewhere.add(row.email);
  }
  const locationById = new Map<number, LocationRow>();
  const locationByExternalId = new Map<string, LocationRow>();
  for (const row of locationRows) {
    const location = { ...row, archived: Boolean(row.archived) };
    locationById.set(row.id, location);
    if (row.externalId !== null) locationByExternalId.set(row.externalId, location);
  }
  const assigned = new Map<number, Assignment[]>();
  const assignedArchived = new Map<number, number[]>();
  for (const row of assignmentRows) {
    if (locationById.get(row.locationId)?.archived) {
      assignedArchived.set(row.userId, [
        ...(assignedArchived.get(row.userId) ?? []),
        row.locationId,
      ]);
      continue;
    }
    const list = assigned.get(row.userId) ?? [];
    list.push({ locationId: row.locationId, desk: row.desk });
    assigned.set(row.userId, list);
  }
  return {
    vendorLang,
    byId: new Map(staffRows.map((row) => [row.id, row])),
    byEmail: new Map(staffRows.map((row) => [lower(row.email), row])),
    assigned,
    assignedArchived,
    locationById,
    locationByExternalId,
    takenElsewhere,
  };
}

/** A location named in a file: its external id first, else its id. */
function findLocation(loaded: Loaded, key: string): LocationRow | undefined {
  const external = loaded.locationByExternalId.get(key);
  if (external) return external;
  if (!/^[1-9]\d{0,9}$/.test(key)) return undefined;
  return loaded.locationById.get(Number(key));
}

/**
 * The entries of a `;`-separated cell, where `\;` is a `;` inside an entry and `\\` a backslash
 * (any other backslash is itself): a desk or an external id may hold a semicolon.
 */
export function splitEntries(cell: string): string[] {
  const entries: string[] = [];
  let current = "";
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i]!;
    const next = cell[i + 1];
    if (char === "\\" && (next === ";" || next === "\\")) {
      current += next;
      i++;
    } else if (char === ";") {
      entries.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  entries.push(current);
  return entries;
}

/** An entry as splitEntries reads it back: its semicolons and backslashes escaped. */
export function escapeEntry(entry: string): string {
  return entry.replace(/[\\;]/g, (char) => `\\${char}`);
}

/**
 * The `locations` cell: `EXT-1:Desk 3; EXT-2; 17`. Each entry is a location's external id (or id),
 * optionally followed by `:` and the desk. An entry that names a location as a whole has no desk,
 * so an external id may itself hold a colon; `\;` is a semicolon in a desk or an external id.
 */
function readLocations(
  record: CsvRecord,
  loaded: Loaded,
  problems: CsvProblems,
): Assignment[] | undefined {
  const cell = record.cells.get("locations");
  if (cell === undefined) return undefined;
  const entries = splitEntries(cell)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const found: { location_id: string; desk: string | null }[] = [];
  let bad = false;
  for (const entry of entries) {
    let location = findLocation(loaded, entry);
    let desk: string | null = null;
    for (let at = entry.indexOf(":"); !location && at >= 0; at = entry.indexOf(":", at + 1)) {
      location = findLocation(loaded, entry.slice(0, at).trim());
      if (location) desk = entry.slice(at + 1);
    }
    if (!location || location.archived) {
      const named = entry.includes(":") ? entry.slice(0, entry.indexOf(":")).trim() : entry;
      problems.add(record.row, "locations", CSV_MESSAGES.unknownLocation, { location: named });
      bad = true;
      continue;
    }
    found.push({ location_id: String(location.id), desk });
  }
  if (bad) return undefined;
  const parsed = locationsField.safeParse(found);
  if (!parsed.success) {
    problems.add(record.row, "locations", firstMessage(parsed.error));
    return undefined;
  }
  return parsed.data.map((l) => ({ locationId: Number(l.location_id), desk: l.desk ?? null }));
}

/** A cell read with one of the invite body's schemas: undefined when absent, empty or refused. */
function readField<T>(
  record: CsvRecord,
  column: string,
  schema: z.ZodType<T>,
  problems: CsvProblems,
  value: (cell: string) => unknown = (cell) => cell,
): T | undefined {
  const cell = record.cells.get(column);
  if (cell === undefined || cell === "") return undefined;
  const parsed = schema.safeParse(value(cell));
  if (!parsed.success) {
    problems.add(record.row, column, firstMessage(parsed.error));
    return undefined;
  }
  return parsed.data;
}

function plan(file: CsvFile, loaded: Loaded, actor: Actor, problems: CsvProblems): Plan {
  const has = (column: string) => file.columns.includes(column);
  const grantable = grantableRoles(actor.roleLevel);
  const seenEmails = new Set<string>();
  const seenStaff = new Set<number>();
  const result: Plan = {
    problems,
    rows: file.records.length,
    creations: [],
    changes: [],
    unchanged: 0,
  };

  for (const record of file.records) {
    const before = problems.list.length;
    const rowProblem = (
      column: string | null,
      messageId: string,
      values?: Record<string, string>,
    ) => problems.add(record.row, column, messageId, values);

    // Who the row is about.
    const idCell = record.cells.get("id") ?? "";
    let matched: StaffRow | undefined;
    if (idCell !== "") {
      matched = /^[1-9]\d{0,9}$/.test(idCell) ? loaded.byId.get(Number(idCell)) : undefined;
      if (!matched) rowProblem("id", CSV_MESSAGES.unknownId);
      else if (seenStaff.has(matched.id)) {
        rowProblem("id", CSV_MESSAGES.repeatedKey);
        continue;
      }
    }
    const emailCell = record.cells.get("email") ?? "";
    const email = emailCell === "" ? undefined : readField(record, "email", staffEmail, problems);
    if (emailCell === "") rowProblem("email", REQUIRED);
    if (email !== undefined) {
      const key = lower(email);
      if (seenEmails.has(key)) {
        rowProblem("email", CSV_MESSAGES.repeatedKey);
        continue;
      }
      seenEmails.add(key);
      if (matched && lower(matched.email) !== key) {
        rowProblem("email", STAFF_IMPORT_MESSAGES.emailMismatch);
      } else if (!matched && idCell === "") {
        matched = loaded.byEmail.get(key);
        if (!matched && loaded.takenElsewhere.has(key))
          rowProblem("email", "Office.staff.error.email_taken");
      }
    }
    if (matched) {
      if (idCell === "" && seenStaff.has(matched.id)) {
        rowProblem("email", CSV_MESSAGES.repeatedKey);
        continue;
      }
      seenStaff.add(matched.id);
    }

    // What the row says.
    const firstName = readField(record, "first_name", inviteFields.first_name, problems);
    const lastName = readField(record, "last_name", inviteFields.last_name, problems);
    const roleCell = record.cells.get("role") ?? "";
    const roleLevel = roleCell === "" ? undefined : roleLevelOf(roleCell);
    if (roleCell !== "" && roleLevel === undefined) rowProblem("role", INVALID);
    const lang = readField(
      record,
      "lang",
      inviteFields.lang,
      problems,
      (cell) => LOCALES.find((locale) => locale.toLowerCase() === cell.toLowerCase()) ?? cell,
    );
    const languagesCell = record.cells.get("languages");
    const languages =
      languagesCell === undefined
        ? undefined
        : languagesCell === ""
          ? []
          : readField(record, "languages", inviteFields.languages, problems, (cell) =>
              cell.split(/[\s;,]+/).filter((tag) => tag !== ""),
            );
    const active = readBoolean(record, "active", problems);
    const assignments = readLocations(record, loaded, problems);

    if (!matched) {
      if (idCell !== "") continue;
      if (has("first_name") ? record.cells.get("first_name") === "" : true)
        rowProblem("first_name", REQUIRED);
      if (has("last_name") ? record.cells.get("last_name") === "" : true)
        rowProblem("last_name", REQUIRED);
      const level = roleLevel ?? ROLES.staff;
      if (roleCell === "" || roleLevel !== undefined) {
        if (!grantable.includes(level))
          rowProblem(has("role") ? "role" : null, "Office.staff.error.role_not_grantable");
      }
      if (problems.list.length > before || email === undefined) continue;
      result.creations.push({
        row: record.row,
        email,
        fields: {
          firstName: firstName as string,
          lastName: lastName as string,
          roleLevel: level,
          lang: lang ?? loaded.vendorLang,
          languages: languages ?? [],
          active: active ?? true,
        },
        assignments: assignments ?? [],
      });
      continue;
    }

    // An existing member: only what differs is a change.
    const fields: Partial<Fields> = {};
    if (firstName !== undefined && firstName !== matched.firstName) fields.firstName = firstName;
    if (lastName !== undefined && lastName !== matched.lastName) fields.lastName = lastName;
    if (roleLevel !== undefined && roleLevel !== matched.roleLevel) fields.roleLevel = roleLevel;
    if (lang !== undefined && lang !== matched.lang) fields.lang = lang;
    if (languages !== undefined && !sameList(languages, matched.languages))
      fields.languages = languages;
    if (active !== undefined && active !== matched.active) fields.active = active;
    const current = loaded.assigned.get(matched.id) ?? [];
    const moved = assignments !== undefined && !sameAssignments(current, assignments);
    if (problems.list.length > before) continue;
    if (Object.keys(fields).length === 0 && !moved) {
      result.unchanged++;
      continue;
    }
    if (!mayManage(actor, matched)) {
      rowProblem(null, "Office.staff.error.role_ceiling");
      continue;
    }
    if (fields.roleLevel !== undefined && !grantable.includes(fields.roleLevel))
      rowProblem("role", "Office.staff.error.role_not_grantable");
    if (actor.id === matched.id) {
      if (fields.active === false)
        rowProblem("active", "Office.staff.error.cannot_deactivate_self");
      if (fields.roleLevel !== undefined && fields.roleLevel < matched.roleLevel)
        rowProblem("role", "Office.staff.error.cannot_lower_own_role");
    }
    if (problems.list.length > before) continue;
    result.changes.push({
      row: record.row,
      stored: matched,
      fields,
      assignments: moved ? assignments : undefined,
    });
  }
  return result;
}

/**
 * Staff members as presentStaff presents them, many at once: a query per table per thousand
 * members rather than four per member, in the same orders (the database's, names included).
 */
async function presentMany(
  tx: Tx,
  vendorId: number,
  rows: StaffRow[],
): Promise<Map<number, StaffAttributes>> {
  const located = new Map<number, StaffAttributes["locations"]>();
  const served = new Map<number, string[]>();
  const weekly = new Map<number, StaffAttributes["shifts"]["weekly"]>();
  const excepted = new Map<number, StaffAttributes["shifts"]["exceptions"]>();
  const push = <T>(map: Map<number, T[]>, userId: number, item: T) => {
    const list = map.get(userId) ?? [];
    list.push(item);
    map.set(userId, list);
  };
  for (const part of chunks(
    rows.map((row) => row.id),
    1_000,
  )) {
    for (const [userId, list] of await assignedLocations(tx, vendorId, part))
      located.set(userId, list);
    const services = await tx
      .select({ userId: userServices.userId, id: userServices.serviceId })
      .from(userServices)
      .where(and(eq(userServices.vendorId, vendorId), inArray(userServices.userId, part)))
      .orderBy(asc(userServices.serviceId));
    for (const s of services) push(served, s.userId, String(s.id));
    const patterns = await tx
      .select()
      .from(staffShiftPatterns)
      .where(inArray(staffShiftPatterns.userId, part))
      .orderBy(
        asc(staffShiftPatterns.locationId),
        sql`array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], ${staffShiftPatterns.weekday})`,
        asc(staffShiftPatterns.startMinute),
        asc(staffShiftPatterns.kind),
      );
    for (const p of patterns) {
      push(weekly, p.userId, {
        location_id: String(p.locationId),
        weekday: p.weekday,
        kind: p.kind,
        start: minutesClock(p.startMinute),
        end: minutesClock(p.endMinute),
      });
    }
    const exceptions = await tx
      .select()
      .from(staffShiftExceptions)
      .where(inArray(staffShiftExceptions.userId, part))
      .orderBy(asc(staffShiftExceptions.day), asc(staffShiftExceptions.locationId));
    for (const e of exceptions) {
      push(excepted, e.userId, {
        location_id: String(e.locationId),
        date: e.day,
        intervals: e.intervals.map((i) => ({
          kind: i.kind,
          start: minutesClock(i.start),
          end: minutesClock(i.end),
        })),
        note: e.note,
      });
    }
  }
  return new Map(
    rows.map((row) => [
      row.id,
      {
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        role_level: row.roleLevel,
        lang: row.lang,
        languages: row.languages,
        active: row.active,
        invitation_pending: row.passwordHash === null,
        locations: located.get(row.id) ?? [],
        service_ids: served.get(row.id) ?? [],
        shifts: { weekly: weekly.get(row.id) ?? [], exceptions: excepted.get(row.id) ?? [] },
        version: row.version,
        created_at: row.createdAt.toISOString(),
      },
    ]),
  );
}

type Written = { created: StaffRow[]; revoke: number[] };

function auditRecord(
  actor: Actor,
  userId: number,
  action: AuditAction,
  before: StaffAttributes | null,
  after: StaffAttributes,
): AuditRecord {
  return {
    vendorId: actor.vendorId,
    actorUserId: actor.id,
    subjectType: "staff",
    subjectId: userId,
    action,
    before: before ? auditedStaff(before) : null,
    after: auditedStaff(after),
  };
}

async function write(
  ctx: StaffImportContext,
  tx: Tx,
  planned: Plan,
  loaded: Loaded,
): Promise<Written> {
  const { actor, now } = ctx;
  const vendorId = actor.vendorId;
  const touched = new Set<number>();
  const audits: AuditRecord[] = [];
  const revoke: number[] = [];

  // New members: a multi-row insert per chunk, then their assignments.
  const created: StaffRow[] = [];
  const newAssignments: (typeof userLocations.$inferInsert)[] = [];
  for (const part of chunks(planned.creations)) {
    const rows = (await tx
      .insert(users)
      .values(
        part.map((c) => ({
          vendorId,
          email: c.email,
          firstName: c.fields.firstName,
          lastName: c.fields.lastName,
          roleLevel: c.fields.roleLevel,
          lang: c.fields.lang,
          languages: c.fields.languages,
          active: c.fields.active,
          passwordHash: null,
          createdAt: now,
        })),
      )
      .returning()) as StaffRow[];
    const byEmail = new Map(rows.map((row) => [lower(row.email), row]));
    for (const creation of part) {
      const row = byEmail.get(lower(creation.email)) as StaffRow;
      created.push(row);
      for (const a of creation.assignments) {
        newAssignments.push({ vendorId, userId: row.id, locationId: a.locationId, desk: a.desk });
        touched.add(a.locationId);
      }
    }
  }
  for (const part of chunks(newAssignments, 1_000)) await tx.insert(userLocations).values(part);
  const createdNow = await presentMany(tx, vendorId, created);
  for (const row of created)
    audits.push(
      auditRecord(actor, row.id, "invited", null, createdNow.get(row.id) as StaffAttributes),
    );

  // Changed members: the staff rows one by one (each its own values), the rest in batches. The
  // rows were locked when loaded, so what was checked is what is changed.
  const changes = planned.changes;
  const before = await presentMany(
    tx,
    vendorId,
    changes.map((c) => c.stored),
  );
  // One statement per chunk: each row's new values, null where the row keeps its value (no
  // column it may change is nullable).
  const updatedById = new Map<number, StaffRow>();
  for (const part of chunks(changes)) {
    const values = sql.join(
      part.map(({ stored, fields }) => {
        const languages = fields.languages === undefined ? null : JSON.stringify(fields.languages);
        return sql`(${stored.id}::integer, ${fields.firstName ?? null}::text, ${fields.lastName ?? null}::text, ${fields.roleLevel ?? null}::smallint, ${fields.lang ?? null}::text, ${languages}::jsonb, ${fields.active ?? null}::boolean)`;
      }),
      sql`, `,
    );
    const rows = await tx
      .update(users)
      .set({
        firstName: sql`coalesce(changed.first_name, ${users.firstName})`,
        lastName: sql`coalesce(changed.last_name, ${users.lastName})`,
        roleLevel: sql`coalesce(changed.role_level, ${users.roleLevel})`,
        lang: sql`coalesce(changed.lang, ${users.lang})`,
        languages: sql`coalesce(changed.languages, ${users.languages})`,
        active: sql`coalesce(changed.active, ${users.active})`,
        version: sql`${users.version} + 1`,
      })
      .from(
        sql`(values ${values}) as changed(id, first_name, last_name, role_level, lang, languages, active)`,
      )
      .where(eq(users.id, sql`changed.id`))
      .returning(getTableColumns(users));
    for (const row of rows) updatedById.set(row.id, row as StaffRow);
  }
  const updated = changes.map((c) => updatedById.get(c.stored.id) as StaffRow);
  // Deactivated: signed out everywhere at once.
  const deactivated = changes.filter((c) => c.fields.active === false).map((c) => c.stored.id);
  for (const part of chunks(deactivated, 1_000))
    await tx.delete(sessions).where(inArray(sessions.userId, part));
  // New assignments replace the live ones; those at archived locations stay.
  const moved = changes.filter((c) => c.assignments !== undefined);
  for (const part of chunks(
    moved.map((c) => c.stored.id),
    1_000,
  )) {
    await tx.delete(userLocations).where(
      and(
        inArray(userLocations.userId, part),
        inArray(
          userLocations.locationId,
          tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.vendorId, vendorId), isNull(locations.archivedAt))),
        ),
      ),
    );
  }
  const movedAssignments = moved.flatMap((c) =>
    (c.assignments ?? []).map((a) => ({
      vendorId,
      userId: c.stored.id,
      locationId: a.locationId,
      desk: a.desk,
    })),
  );
  for (const part of chunks(movedAssignments, 1_000)) await tx.insert(userLocations).values(part);
  for (const change of changes) {
    const userId = change.stored.id;
    const previous = (loaded.assigned.get(userId) ?? []).map((a) => a.locationId);
    const next = change.assignments?.map((a) => a.locationId) ?? previous;
    // No shifts where they no longer work: the week and its exceptions there go with the location.
    const removed = previous.filter((id) => !next.includes(id));
    if (removed.length > 0) {
      await tx
        .delete(staffShiftPatterns)
        .where(
          and(
            eq(staffShiftPatterns.userId, userId),
            inArray(staffShiftPatterns.locationId, removed),
          ),
        );
      await tx
        .delete(staffShiftExceptions)
        .where(
          and(
            eq(staffShiftExceptions.userId, userId),
            inArray(staffShiftExceptions.locationId, removed),
          ),
        );
      await tx
        .delete(staffShifts)
        .where(
          and(
            eq(staffShifts.userId, userId),
            inArray(staffShifts.locationId, removed),
            sql`${staffShifts.startsAt} >= ${now}`,
          ),
        );
    }
    const activeChanges = change.fields.active !== undefined;
    const roleChanges = change.fields.roleLevel !== undefined;
    if (change.assignments !== undefined) for (const id of [...previous, ...next]) touched.add(id);
    if (activeChanges || roleChanges) {
      // Where they work now, archived locations included, as updateStaff reads it.
      for (const id of loaded.assignedArchived.get(userId) ?? []) touched.add(id);
      for (const id of next) touched.add(id);
      if (activeChanges) {
        for (const id of await materialiseStaffShifts(tx, { vendorId, userId, now }))
          touched.add(id);
      }
    }
    if (activeChanges || roleChanges || change.assignments !== undefined) revoke.push(userId);
  }
  const after = await presentMany(tx, vendorId, updated);
  changes.forEach((change, index) => {
    const row = updated[index] as StaffRow;
    const action: AuditAction =
      change.fields.active === undefined
        ? "updated"
        : change.fields.active
          ? "reactivated"
          : "deactivated";
    audits.push(
      auditRecord(
        actor,
        row.id,
        action,
        before.get(row.id) as StaffAttributes,
        after.get(row.id) as StaffAttributes,
      ),
    );
  });

  for (const part of chunks(audits)) await recordAudit(tx, part);
  for (const part of chunks([...touched])) {
    await recordDomainEvents(
      tx,
      part.map((id) => ({
        vendorId,
        type: "location.updated" as const,
        aggregateId: id,
        payload: {},
        occurredAt: now,
      })),
    );
  }
  return { created, revoke };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Checks (`dryRun`) or applies a staff file for the actor's vendor. Applying writes every row or
 * none: any problem answers 422 csv_rows_invalid with the report. After commit the outbox is
 * dispatched, changed members' realtime subscriptions end and, with `invite`, every member created
 * is sent an invitation (created inactive: none).
 */
export async function importStaffCsv(
  ctx: StaffImportContext,
  text: string,
  dryRun: boolean,
  options: { invite: boolean },
): Promise<CsvImportReport> {
  const file = readCsv(text, STAFF_CSV_COLUMNS, ["email"]);
  const emails = file.records
    .map((record) => (record.cells.get("email") ?? "").toLowerCase())
    .filter((email) => email !== "");
  const report = (planned: Plan, applied: boolean) =>
    importReport(
      {
        rows: planned.rows,
        created: planned.creations.length,
        updated: planned.changes.length,
        unchanged: planned.unchanged,
      },
      planned.problems,
      applied,
    );

  if (dryRun) {
    const loaded = await load(ctx.db, ctx.actor.vendorId, emails, { lock: false });
    return report(plan(file, loaded, ctx.actor, new CsvProblems(file.columns)), false);
  }

  let outcome: { planned: Plan; written: Written };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      // Loaded and checked inside the transaction that writes: what is checked is what is changed.
      const loaded = await load(tx, ctx.actor.vendorId, emails, { lock: true });
      const planned = plan(file, loaded, ctx.actor, new CsvProblems(file.columns));
      if (!planned.problems.empty) throw rowsInvalid(report(planned, false));
      return { planned, written: await write(ctx, tx, planned, loaded) };
    });
  } catch (error) {
    // An address taken by someone else between the check and the insert.
    if (isUniqueViolation(error)) {
      throw new AppError("unprocessable", {
        code: "email_taken",
        messageId: "Office.staff.error.email_taken",
        pointer: "/data/attributes/csv",
      });
    }
    throw error;
  }

  const { planned, written } = outcome;
  ctx.events.emit("eventsRecorded", {});
  for (const userId of written.revoke) await ctx.sessions.announce({ userId });
  if (options.invite) {
    await queueStaffInvitations(
      ctx.jobs,
      written.created
        .filter((row) => row.active)
        .map((row) => ({
          userId: row.id,
          vendorId: ctx.actor.vendorId,
          invitedByUserId: ctx.actor.id,
          requestHost: ctx.requestHost,
        })),
    );
  }
  return report(planned, true);
}

/**
 * The vendor's staff as a staff file — everyone the staff list shows the actor, active or not —
 * by last name, first name and id. Read back unchanged, every row is `unchanged`.
 */
export async function exportStaffCsv(db: DbOrTx, actor: Actor): Promise<string> {
  const vendorId = actor.vendorId;
  const staffRows = await db
    .select()
    .from(users)
    .where(eq(users.vendorId, vendorId))
    .orderBy(
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(users.id),
    );
  const assignmentRows = await db
    .select({
      userId: userLocations.userId,
      locationId: userLocations.locationId,
      externalId: locations.externalId,
      desk: userLocations.desk,
    })
    .from(userLocations)
    .innerJoin(locations, eq(locations.id, userLocations.locationId))
    .where(and(eq(userLocations.vendorId, vendorId), isNull(locations.archivedAt)))
    .orderBy(asc(locations.sortOrder), asc(locations.name), asc(locations.id));
  const cells = new Map<number, string[]>();
  for (const a of assignmentRows) {
    const list = cells.get(a.userId) ?? [];
    const key = a.externalId ?? String(a.locationId);
    list.push(escapeEntry(a.desk === null ? key : `${key}:${a.desk}`));
    cells.set(a.userId, list);
  }
  return writeStaff(staffRows, cells);
}

function writeStaff(rows: StaffRow[], cells: Map<number, string[]>): string {
  return writeCsv(
    STAFF_CSV_COLUMNS,
    rows.map((row) => [
      String(row.id),
      row.email,
      row.firstName,
      row.lastName,
      roleName(row.roleLevel),
      row.lang,
      row.languages.join(";"),
      (cells.get(row.id) ?? []).join(";"),
      row.active,
    ]),
  );
}
