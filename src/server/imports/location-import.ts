// Locations by CSV (docs/admin-import.md): one row per location, the columns named after the
// attributes of GET /api/internal/v1/locations plus one per weekday for the weekly hours. A row
// with an `id`, or with the `external_id` of an existing location, changes that location; any
// other row creates one. Every row is checked by the same rules as the location form, and the
// file is written all or nothing, in one transaction with its audit records and one
// `location.updated` event per location touched.
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LOCATION_MESSAGES,
  type LocationPatchAttributes,
  locationCreateAttributesSchema,
  locationPatchAttributesSchema,
} from "../../shared/contracts/admin-location.ts";
import { CSV_MESSAGES, type CsvImportReport } from "../../shared/contracts/csv-import.ts";
import { dayPeriodsInputSchema } from "../../shared/contracts/location-hours.ts";
import { WEEKDAYS, type Weekday } from "../../shared/domain.ts";
import { dayIntervals } from "../../shared/opening-hours.ts";
import { type AuditRecord, changedAttributes, recordAudit } from "../audit/record-audit.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { type DayHours, locations, type WeeklyHours } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { type NewDomainEvent, recordDomainEvents } from "../events/outbox.ts";
import { editableAttributes, type LocationRow } from "../locations/admin/present-admin-location.ts";
import {
  defaultWeeklyHours,
  columnsOf as locationColumns,
} from "../locations/admin/save-location.ts";
import {
  type CsvCell,
  CsvProblems,
  type CsvRecord,
  importReport,
  readBoolean,
  readCsv,
  readNumber,
  rowsInvalid,
  writeCsv,
} from "./csv.ts";

type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };

const TEXT_COLUMNS = [
  "external_id",
  "name",
  "address",
  "city",
  "prov_state",
  "postal_zip",
  "country",
  "timezone",
  "phone",
  "region",
  "visibility",
  "instructions",
  "google_review_url",
  "lang",
  "mailing_code",
] as const;
const NUMBER_COLUMNS = ["latitude", "longitude", "sort_order"] as const;
const BOOLEAN_COLUMNS = [
  "physical",
  "supports_curbside_pickup",
  "restrict_callback_request_hours",
  "supports_in_person",
  "supports_phone",
  "supports_video",
] as const;
/** Text columns whose empty cell means "none" (null). */
const NULLABLE_TEXT = new Set([
  "external_id",
  "phone",
  "region",
  "instructions",
  "google_review_url",
  "lang",
  "mailing_code",
]);

/** The columns of the file, in the order the export writes them. */
export const LOCATION_CSV_COLUMNS = [
  "id",
  "external_id",
  "name",
  "address",
  "city",
  "prov_state",
  "postal_zip",
  "country",
  "latitude",
  "longitude",
  "timezone",
  "phone",
  "region",
  "visibility",
  "physical",
  "supports_curbside_pickup",
  "restrict_callback_request_hours",
  "supports_in_person",
  "supports_phone",
  "supports_video",
  "instructions",
  "google_review_url",
  "sort_order",
  "lang",
  "mailing_code",
  "archived",
  ...WEEKDAYS,
] as const;

export type LocationImportContext = {
  db: Db;
  events: DomainEventBus;
  vendorId: number;
  /** the staff member importing: the actor of every audit record */
  userId: number;
  now: Date;
};

const PERIOD = /(\d{1,2}:\d{2})\s*[-–—]\s*(\d{1,2}:\d{2})/g;
const BETWEEN_PERIODS = /^[\s,;]*$/;

/**
 * The day's periods from a cell: "09:00-17:00" (a hyphen or a dash, spaces allowed), several
 * apart by spaces, commas or semicolons ("09:00-12:00 13:00-17:00"); empty or "closed": closed
 * all day. The periods go through the hours page's rules (close after open, none overlapping).
 */
function readDayHours(
  record: CsvRecord,
  day: Weekday,
  problems: CsvProblems,
): DayHours | undefined | "invalid" {
  const cell = record.cells.get(day);
  if (cell === undefined) return undefined;
  if (cell === "" || cell.toLowerCase() === "closed") return null;
  const pad = (time: string) => time.padStart(5, "0");
  const periods: { open: string; closed: string }[] = [];
  let rest = "";
  let end = 0;
  for (const match of cell.matchAll(PERIOD)) {
    rest += cell.slice(end, match.index);
    end = match.index + match[0].length;
    periods.push({ open: pad(match[1] ?? ""), closed: pad(match[2] ?? "") });
  }
  rest += cell.slice(end);
  const parsed =
    periods.length > 0 && BETWEEN_PERIODS.test(rest)
      ? dayPeriodsInputSchema.safeParse(periods)
      : null;
  if (!parsed?.success) {
    problems.add(record.row, day, CSV_MESSAGES.hours, { value: cell });
    return "invalid";
  }
  return parsed.data;
}

/** The cell a day exports as, read back the same: "09:00-12:00 13:00-17:00" or "closed". */
function formatDayHours(hours: DayHours): string {
  const periods = dayIntervals(hours);
  return periods.length > 0
    ? periods.map((period) => `${period.open}-${period.closed}`).join(" ")
    : "closed";
}

/** The attributes a row states (absent columns and empty optional cells state nothing). */
function rowAttributes(record: CsvRecord, problems: CsvProblems): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const column of TEXT_COLUMNS) {
    const cell = record.cells.get(column);
    if (cell === undefined || (cell === "" && column === "visibility")) continue;
    // Any other empty cell is "": the required fields refuse it, province and postal code keep it.
    attributes[column] = cell === "" && NULLABLE_TEXT.has(column) ? null : cell;
  }
  for (const column of NUMBER_COLUMNS) {
    const value = readNumber(record, column, problems);
    if (value !== undefined) attributes[column] = value;
  }
  for (const column of BOOLEAN_COLUMNS) {
    const value = readBoolean(record, column, problems);
    if (value !== undefined) attributes[column] = value;
  }
  return attributes;
}

/** The schema's problems of a row, but none on a column whose cell was already refused. */
function addIssues(
  record: CsvRecord,
  issues: readonly z.core.$ZodIssue[],
  problems: CsvProblems,
  firstOfRow: number,
) {
  const refused = new Set(problems.list.slice(firstOfRow).map((problem) => problem.column));
  for (const issue of issues) {
    const column = typeof issue.path[0] === "string" ? issue.path[0] : null;
    if (!refused.has(column)) problems.add(record.row, column, issue.message);
  }
}

type Planned =
  | { kind: "create"; row: number; columns: Record<string, unknown>; hours: WeeklyHours }
  | {
      kind: "update";
      row: number;
      before: LocationRow;
      columns: Record<string, unknown>;
      hours: WeeklyHours;
      archived: boolean | undefined;
      /** the attributes the row changes (archived included); none and same hours: unchanged */
      changed: string[];
      hoursChanged: boolean;
    };

/** The table's columns of a row's validated attributes, as the location form writes them. */
const columnsOf = (attributes: Record<string, unknown>) =>
  locationColumns(attributes as Omit<LocationPatchAttributes, "archived">);

/** Reads and checks the whole file against the vendor's locations as they are in `db`. */
async function plan(db: DbOrTx, vendorId: number, text: string) {
  const file = readCsv(text, LOCATION_CSV_COLUMNS);
  const problems = new CsvProblems(file.columns);
  const existing = await db.select().from(locations).where(eq(locations.vendorId, vendorId));
  const byId = new Map(existing.map((row) => [row.id, row]));
  const byExternalId = new Map(
    existing.filter((row) => row.externalId !== null).map((row) => [row.externalId, row]),
  );
  const seenIds = new Set<number>();
  const seenExternalIds = new Map<string, number>();
  const planned: Planned[] = [];

  for (const record of file.records) {
    const before = problems.list.length;
    const idCell = record.cells.get("id") ?? "";
    const externalIdCell = record.cells.get("external_id") ?? "";
    let target: LocationRow | undefined;
    if (idCell !== "") {
      const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : Number.NaN;
      target = byId.get(id);
      if (!target) problems.add(record.row, "id", CSV_MESSAGES.unknownId, { value: idCell });
      else if (seenIds.has(id)) problems.add(record.row, "id", CSV_MESSAGES.repeatedKey);
      seenIds.add(id);
    } else if (externalIdCell !== "") {
      target = byExternalId.get(externalIdCell);
      if (target) {
        if (seenIds.has(target.id))
          problems.add(record.row, "external_id", CSV_MESSAGES.repeatedKey);
        seenIds.add(target.id);
      }
    }
    if (externalIdCell !== "") {
      const key = externalIdCell.toLowerCase();
      if (seenExternalIds.has(key))
        problems.add(record.row, "external_id", CSV_MESSAGES.repeatedKey);
      else seenExternalIds.set(key, record.row);
    }

    const attributes = rowAttributes(record, problems);
    let archived: boolean | undefined;
    const archivedValue = readBoolean(record, "archived", problems);
    if (archivedValue !== undefined) archived = archivedValue;

    const weekly: Partial<Record<Weekday, DayHours>> = {};
    for (const day of WEEKDAYS) {
      const hours = readDayHours(record, day, problems);
      if (hours !== undefined && hours !== "invalid") weekly[day] = hours;
    }

    if (!target && idCell === "") {
      // A new location cannot start archived.
      if (archived) problems.add(record.row, "archived", "Errors.invalid_value");
      const parsed = locationCreateAttributesSchema.safeParse(attributes);
      if (!parsed.success) addIssues(record, parsed.error.issues, problems, before);
      if (problems.list.length === before && parsed.success)
        planned.push({
          kind: "create",
          row: record.row,
          columns: parsed.data,
          hours: { ...defaultWeeklyHours(), ...weekly },
        });
    } else if (target) {
      const parsed = locationPatchAttributesSchema.safeParse(attributes);
      if (!parsed.success) addIssues(record, parsed.error.issues, problems, before);
      if (problems.list.length === before && parsed.success) {
        const hours = { ...target.hours, ...weekly };
        planned.push({
          kind: "update",
          row: record.row,
          before: target,
          columns: parsed.data,
          hours,
          archived,
          changed: changedNames(target, parsed.data, archived),
          hoursChanged: JSON.stringify(target.hours) !== JSON.stringify(hours),
        });
      }
    }
  }

  // An external id may not end up on two locations: one the file gives to a location that keeps
  // another location's id (not in the file, or changed by it) is taken.
  const finalExternalIds = new Map<string, number | string>();
  for (const row of existing)
    if (row.externalId !== null) finalExternalIds.set(row.externalId.toLowerCase(), row.id);
  for (const item of planned)
    if (item.kind === "update" && item.columns.external_id !== undefined && item.before.externalId)
      finalExternalIds.delete(item.before.externalId.toLowerCase());
  for (const item of planned) {
    const value = item.columns.external_id;
    if (typeof value !== "string") continue;
    const key = value.toLowerCase();
    const owner = finalExternalIds.get(key);
    const self = item.kind === "update" ? item.before.id : `row ${item.row}`;
    if (owner !== undefined && owner !== self)
      problems.add(item.row, "external_id", LOCATION_MESSAGES.externalIdTaken);
    else finalExternalIds.set(key, self);
  }

  return { records: file.records.length, planned, problems };
}

/** The attributes a row changes, as the audit log compares them (archived included). */
function changedNames(
  before: LocationRow,
  attributes: Record<string, unknown>,
  archived: boolean | undefined,
): string[] {
  const probe = { ...before, ...columnsOf(attributes) } as LocationRow;
  if (archived !== undefined)
    probe.archivedAt = archived ? (before.archivedAt ?? new Date()) : null;
  return changedAttributes(editableAttributes(before), editableAttributes(probe));
}

const CHUNK = 250;

/**
 * Checks (dryRun) or imports a locations file. An import with any problem writes nothing and
 * throws 422 csv_rows_invalid with the report; a check only reports.
 */
export async function importLocationsCsv(
  ctx: LocationImportContext,
  text: string,
  dryRun: boolean,
): Promise<CsvImportReport> {
  if (dryRun) {
    const { records, planned, problems } = await plan(ctx.db, ctx.vendorId, text);
    return importReport(counts(records, planned), problems, false);
  }
  const report = await ctx.db.transaction(async (tx) => {
    // One import at a time per vendor, and no location edited between the check and the write.
    // (NO KEY UPDATE: a visitor joining one of them still takes its key share lock.)
    await tx.execute(
      sql`select id from ${locations} where ${locations.vendorId} = ${ctx.vendorId} for no key update`,
    );
    const { records, planned, problems } = await plan(tx, ctx.vendorId, text);
    const result = importReport(counts(records, planned), problems, problems.empty);
    if (!problems.empty) throw rowsInvalid(result);
    await write(tx, ctx, planned);
    return result;
  });
  if (report.created + report.updated > 0) ctx.events.emit("eventsRecorded", {});
  return report;
}

function counts(records: number, planned: Planned[]) {
  // Rows with a problem are in none of the three counts.
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const item of planned) {
    if (item.kind === "create") created++;
    else if (item.changed.length > 0 || item.hoursChanged) updated++;
    else unchanged++;
  }
  return { rows: records, created, updated, unchanged };
}

async function write(tx: Tx, ctx: LocationImportContext, planned: Planned[]) {
  const audits: AuditRecord[] = [];
  const events: NewDomainEvent[] = [];
  const event = (id: number): NewDomainEvent => ({
    vendorId: ctx.vendorId,
    type: "location.updated",
    aggregateId: id,
    payload: {},
    occurredAt: ctx.now,
  });
  const audit = (
    subjectType: "location" | "location_hours",
    subjectId: number,
    action: AuditRecord["action"],
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): AuditRecord => ({
    vendorId: ctx.vendorId,
    actorUserId: ctx.userId,
    subjectType,
    subjectId,
    action,
    before,
    after,
  });

  const creates = planned.filter((item) => item.kind === "create");
  for (let i = 0; i < creates.length; i += CHUNK) {
    const chunk = creates.slice(i, i + CHUNK);
    const rows = await tx
      .insert(locations)
      .values(
        chunk.map((item) => ({
          ...(columnsOf(item.columns) as typeof locations.$inferInsert),
          vendorId: ctx.vendorId,
          hours: item.hours,
          createdAt: ctx.now,
        })),
      )
      .returning();
    rows.forEach((row, index) => {
      audits.push(audit("location", row.id, "created", null, editableAttributes(row)));
      audits.push(
        audit("location_hours", row.id, "updated", null, { weekly: chunk[index]?.hours }),
      );
      events.push(event(row.id));
    });
  }

  for (const item of planned) {
    if (item.kind !== "update") continue;
    const { changed, hoursChanged } = item;
    if (changed.length === 0 && !hoursChanged) continue;
    const columns: Record<string, unknown> = columnsOf(item.columns);
    if (changed.includes("archived")) columns.archivedAt = item.archived ? ctx.now : null;
    if (hoursChanged) columns.hours = item.hours;
    const [after] = await tx
      .update(locations)
      .set({ ...columns, version: sql`${locations.version} + 1` })
      .where(and(eq(locations.id, item.before.id), eq(locations.vendorId, ctx.vendorId)))
      .returning();
    if (!after) continue;
    if (changed.length > 0) {
      const action = changed.includes("archived")
        ? after.archivedAt
          ? "archived"
          : "restored"
        : "updated";
      audits.push(
        audit(
          "location",
          after.id,
          action,
          editableAttributes(item.before),
          editableAttributes(after),
        ),
      );
    }
    if (hoursChanged)
      audits.push(
        audit(
          "location_hours",
          after.id,
          "updated",
          { weekly: item.before.hours },
          { weekly: after.hours },
        ),
      );
    events.push(event(after.id));
  }

  for (let i = 0; i < audits.length; i += CHUNK) await recordAudit(tx, audits.slice(i, i + CHUNK));
  for (let i = 0; i < events.length; i += CHUNK)
    await recordDomainEvents(tx, events.slice(i, i + CHUNK));
}

/** Every location of the vendor, archived ones too, in the columns the import reads. */
export async function exportLocationsCsv(db: DbOrTx, vendorId: number): Promise<string> {
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.vendorId, vendorId))
    .orderBy(locations.sortOrder, locations.name, locations.id);
  return writeCsv(
    LOCATION_CSV_COLUMNS,
    rows.map((row) => {
      const a = editableAttributes(row);
      const { translations: _translations, ...plain } = a;
      const cells: Record<string, CsvCell> = { ...plain, id: row.id };
      for (const day of WEEKDAYS) cells[day] = formatDayHours(row.hours[day] ?? null);
      return LOCATION_CSV_COLUMNS.map((column) => cells[column]);
    }),
  );
}
