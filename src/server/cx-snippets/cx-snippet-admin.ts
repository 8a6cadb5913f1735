// The visitor pages' snippets as the back office administers them (docs/cx-snippets.md): each
// belongs to the vendor, is shown at every location or at one of its locations, and holds
// sanitised HTML per language, English or the vendor's default language at least. A save checks
// the version the page edited (If-Match) and commits with its audit record and the
// `cx_snippet.updated` event, whose handler drops every node's cached snippets of the vendor.
import { and, asc, eq } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import type {
  CxSnippetChanges,
  CxSnippetCreate,
  CxSnippetResource,
} from "../../shared/contracts/cx-snippet.ts";
import { snippetHasText } from "../../shared/cx-snippet-html.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { cxSnippets, locations, vendors } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import { sanitiseSnippetContent } from "./sanitise.ts";

type Row = typeof cxSnippets.$inferSelect;
type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };
type Caller = Pick<StaffContext, "vendorId"> & { user: { id: number | null } };

const pointer = (field: string) => `/data/attributes/${field}`;

export function presentCxSnippet(row: Row): CxSnippetResource {
  const content: Record<string, string> = {};
  for (const [locale, html] of Object.entries(row.content ?? {}))
    if (typeof html === "string") content[locale] = html;
  return {
    type: "cx-snippets",
    id: String(row.id),
    attributes: {
      name: row.name,
      kind: row.kind,
      tone: row.tone,
      content,
      location_id: row.locationId === null ? null : String(row.locationId),
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      active: row.active,
      sort_order: row.sortOrder,
      version: row.version,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

function audited(resource: CxSnippetResource): Record<string, unknown> {
  const { version: _v, created_at: _c, updated_at: _u, ...rest } = resource.attributes;
  return rest;
}

export async function listCxSnippets(db: DbOrTx, caller: Caller): Promise<CxSnippetResource[]> {
  const rows = await db
    .select()
    .from(cxSnippets)
    .where(eq(cxSnippets.vendorId, caller.vendorId))
    .orderBy(asc(cxSnippets.sortOrder), asc(cxSnippets.id));
  return rows.map(presentCxSnippet);
}

export async function findCxSnippet(
  db: DbOrTx,
  caller: Caller,
  id: number,
  lock = false,
): Promise<Row> {
  const query = db
    .select()
    .from(cxSnippets)
    .where(and(eq(cxSnippets.id, id), eq(cxSnippets.vendorId, caller.vendorId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** What a snippet is once a save's changes are applied to it, before its rules are checked. */
type Draft = {
  name: string;
  kind: Row["kind"];
  tone: Row["tone"];
  content: Partial<Record<string, string>>;
  locationId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  sortOrder: number;
};

const instantOf = (value: string | null | undefined, kept: Date | null): Date | null =>
  value === undefined ? kept : value === null ? null : new Date(value);

function draftOf(row: Row | null, changes: CxSnippetChanges): Draft {
  return {
    name: changes.name?.trim() ?? row?.name ?? "",
    kind: changes.kind ?? row?.kind ?? "announcement",
    tone: changes.tone ?? row?.tone ?? "info",
    content: changes.content ?? row?.content ?? {},
    locationId: changes.location_id === undefined ? (row?.locationId ?? null) : changes.location_id,
    startsAt: instantOf(changes.starts_at, row?.startsAt ?? null),
    endsAt: instantOf(changes.ends_at, row?.endsAt ?? null),
    active: changes.active ?? row?.active ?? true,
    sortOrder: changes.sort_order ?? row?.sortOrder ?? 0,
  };
}

/**
 * The draft's content sanitised, or the reasons it cannot be saved: a language with no text left
 * is dropped; English or the vendor's default language must remain; the end comes after the
 * start; the location is the vendor's and current.
 */
async function checked(tx: Tx, caller: Caller, draft: Draft): Promise<Draft> {
  const problems: ErrorItem[] = [];
  const sanitised = await sanitiseSnippetContent(draft.content);
  const content = Object.fromEntries(
    Object.entries(sanitised).filter(([, html]) => snippetHasText(html)),
  );
  const [vendor] = await tx
    .select({ settings: vendors.settings })
    .from(vendors)
    .where(eq(vendors.id, caller.vendorId));
  const defaultLanguage = parseVendorSettings(vendor?.settings).client_view.default_language;
  if (content.en === undefined && content[defaultLanguage] === undefined) {
    problems.push({
      code: "content_required",
      messageId: "Office.cxSnippets.error.content_required",
      pointer: pointer(`content/${defaultLanguage}`),
    });
  }
  if (draft.startsAt && draft.endsAt && draft.endsAt <= draft.startsAt) {
    problems.push({
      code: "ends_before_start",
      messageId: "Office.cxSnippets.error.ends_before_start",
      pointer: pointer("ends_at"),
    });
  }
  if (draft.locationId !== null) {
    const [location] = await tx
      .select({ id: locations.id, archivedAt: locations.archivedAt })
      .from(locations)
      .where(and(eq(locations.id, draft.locationId), eq(locations.vendorId, caller.vendorId)));
    if (!location || location.archivedAt !== null) {
      problems.push({
        code: "location_unknown",
        messageId: "Office.cxSnippets.error.location_unknown",
        pointer: pointer("location_id"),
      });
    }
  }
  if (problems.length > 0) throw new AppError("unprocessable", problems);
  return { ...draft, content };
}

const columnsOf = (draft: Draft) => ({
  name: draft.name,
  kind: draft.kind,
  tone: draft.tone,
  content: draft.content,
  locationId: draft.locationId,
  startsAt: draft.startsAt,
  endsAt: draft.endsAt,
  active: draft.active,
  sortOrder: draft.sortOrder,
});

async function record(
  tx: Tx,
  caller: Caller,
  id: number,
  action: AuditAction,
  before: CxSnippetResource | null,
  after: CxSnippetResource | null,
  now: Date,
): Promise<void> {
  await recordAudit(tx, {
    vendorId: caller.vendorId,
    actorUserId: caller.user.id,
    subjectType: "cx_snippet",
    subjectId: id,
    action,
    before: before ? audited(before) : null,
    after: after ? audited(after) : null,
  });
  await recordDomainEvents(tx, [
    {
      vendorId: caller.vendorId,
      type: "cx_snippet.updated",
      aggregateId: id,
      payload: {},
      occurredAt: now,
    },
  ]);
}

export async function createCxSnippet(
  db: Db,
  events: DomainEventBus,
  caller: Caller,
  input: CxSnippetCreate,
  now = new Date(),
): Promise<CxSnippetResource> {
  const created = await db.transaction(async (tx) => {
    const draft = await checked(tx, caller, draftOf(null, input));
    const [row] = await tx
      .insert(cxSnippets)
      .values({ vendorId: caller.vendorId, ...columnsOf(draft), createdAt: now, updatedAt: now })
      .returning();
    const after = presentCxSnippet(row!);
    await record(tx, caller, row!.id, "created", null, after, now);
    return after;
  });
  events.emit("eventsRecorded", {});
  return created;
}

export async function updateCxSnippet(
  db: Db,
  events: DomainEventBus,
  caller: Caller,
  id: number,
  changes: CxSnippetChanges,
  expectedVersion: number | undefined,
  now = new Date(),
): Promise<CxSnippetResource> {
  const updated = await db.transaction(async (tx) => {
    const row = await findCxSnippet(tx, caller, id, true);
    const before = presentCxSnippet(row);
    assertVersion(expectedVersion, row.version, () => before);
    const draft = await checked(tx, caller, draftOf(row, changes));
    const [saved] = await tx
      .update(cxSnippets)
      .set({ ...columnsOf(draft), version: row.version + 1, updatedAt: now })
      .where(and(eq(cxSnippets.id, id), eq(cxSnippets.vendorId, caller.vendorId)))
      .returning();
    const after = presentCxSnippet(saved!);
    await record(tx, caller, id, "updated", before, after, now);
    return after;
  });
  events.emit("eventsRecorded", {});
  return updated;
}

export async function deleteCxSnippet(
  db: Db,
  events: DomainEventBus,
  caller: Caller,
  id: number,
  expectedVersion: number | undefined,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findCxSnippet(tx, caller, id, true);
    const before = presentCxSnippet(row);
    assertVersion(expectedVersion, row.version, () => before);
    await tx
      .delete(cxSnippets)
      .where(and(eq(cxSnippets.id, id), eq(cxSnippets.vendorId, caller.vendorId)));
    await record(tx, caller, id, "deleted", before, null, now);
  });
  events.emit("eventsRecorded", {});
}
