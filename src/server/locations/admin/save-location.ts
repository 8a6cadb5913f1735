// Creating and changing a location from the back office: the row, its audit record and its
// `location.updated` event commit in one transaction, so every node's caches (join catalog, waits)
// drop it and nothing is half-saved. A location is never deleted: archiving sets archived_at, which
// takes it out of every list a visitor or staff member picks from while its history stays.
import { and, count, eq, ne, notInArray, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit.ts";
import {
  LOCATION_MESSAGES,
  type LocationCreateAttributes,
  type LocationPatchAttributes,
} from "../../../shared/contracts/admin-location.ts";
import { FINAL_QUEUE_STATUSES, WEEKDAYS } from "../../../shared/domain.ts";
import { changedAttributes, recordAudit } from "../../audit/record-audit.ts";
import type { StaffContext } from "../../auth/staff-context.ts";
import type { DbOrTx, Tx } from "../../db/client.ts";
import { locations, queueAppointments, type WeeklyHours } from "../../db/schema.ts";
import type { DomainEventBus } from "../../events/domain-events.ts";
import { recordDomainEvents } from "../../events/outbox.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { assertVersion } from "../../http/versioning.ts";
import {
  editableAttributes,
  type LocationRow,
  presentAdminLocation,
} from "./present-admin-location.ts";

type Db = DbOrTx & { transaction: <T>(run: (tx: Tx) => Promise<T>) => Promise<T> };

/** Who makes the change: a signed-in member, or the system (user id null: the demo seed). */
export type LocationActor = Pick<StaffContext, "vendorId"> & { user: { id: number | null } };

/**
 * The weekly hours a new location starts with, Monday to Friday 09:00–17:00, closed at the
 * weekend: the hours page (PUT /locations/{id}/hours) edits them.
 */
export function defaultWeeklyHours(): WeeklyHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      day === "saturday" || day === "sunday" ? null : [{ open: "09:00", closed: "17:00" }],
    ]),
  ) as WeeklyHours;
}

type Columns = Partial<typeof locations.$inferInsert>;

/** The columns a validated set of attributes writes (absent attributes write nothing). */
export function columnsOf(attributes: Omit<LocationPatchAttributes, "archived">): Columns {
  const a = attributes;
  const columns: Columns = {
    name: a.name,
    externalId: a.external_id,
    address: a.address,
    city: a.city,
    provState: a.prov_state,
    postalZip: a.postal_zip,
    country: a.country,
    latitude: a.latitude,
    longitude: a.longitude,
    timezone: a.timezone,
    phone: a.phone,
    region: a.region,
    visibility: a.visibility,
    physical: a.physical,
    supportsCurbsidePickup: a.supports_curbside_pickup,
    restrictCallbackRequestHours: a.restrict_callback_request_hours,
    supportsInPerson: a.supports_in_person,
    supportsPhone: a.supports_phone,
    supportsVideo: a.supports_video,
    instructions: a.instructions,
    googleReviewUrl: a.google_review_url,
    sortOrder: a.sort_order,
    lang: a.lang,
    mailingCode: a.mailing_code,
    translations: a.translations,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Columns;
}

const externalIdTaken = () =>
  new AppError("unprocessable", {
    code: "external_id_taken",
    messageId: LOCATION_MESSAGES.externalIdTaken,
    pointer: "/data/attributes/external_id",
  });

/**
 * A location is archived only once nobody is in its line: archived, it disappears from the
 * lobby, the TV and the visitor's finder, and those still waiting would be stranded there.
 */
async function assertNobodyInLine(tx: DbOrTx, locationId: number): Promise<void> {
  const [row] = await tx
    .select({ count: count() })
    .from(queueAppointments)
    .where(
      and(
        eq(queueAppointments.locationId, locationId),
        notInArray(queueAppointments.status, [...FINAL_QUEUE_STATUSES]),
      ),
    );
  const inLine = Number(row?.count ?? 0);
  if (inLine > 0)
    throw new AppError("unprocessable", {
      code: "visitors_in_line",
      messageId: LOCATION_MESSAGES.visitorsInLine,
      values: { count: inLine },
      pointer: "/data/attributes/archived",
    });
}

async function assertExternalIdFree(
  tx: DbOrTx,
  vendorId: number,
  externalId: string | null | undefined,
  exceptId?: number,
): Promise<void> {
  if (externalId === null || externalId === undefined) return;
  const [taken] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.vendorId, vendorId),
        eq(locations.externalId, externalId),
        exceptId === undefined ? undefined : ne(locations.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw externalIdTaken();
}

/** A unique violation of the external id index (a concurrent save that won the race). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function committed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdTaken();
    throw error;
  }
}

async function recordChange(
  tx: Tx,
  staff: LocationActor,
  action: AuditAction,
  before: LocationRow | null,
  after: LocationRow,
  now: Date,
) {
  await recordAudit(tx, {
    vendorId: after.vendorId,
    actorUserId: staff.user.id,
    subjectType: "location",
    subjectId: after.id,
    action,
    before: before ? editableAttributes(before) : null,
    after: editableAttributes(after),
  });
  await recordDomainEvents(tx, [
    {
      vendorId: after.vendorId,
      type: "location.updated",
      aggregateId: after.id,
      payload: {},
      occurredAt: now,
    },
  ]);
}

/**
 * `weekly`: the hours it opens with instead of the default week (the demo seed's branches open
 * with their own; the caller validated them as the hours endpoint does).
 */
export async function createLocation(
  db: Db,
  events: DomainEventBus,
  staff: LocationActor,
  attributes: LocationCreateAttributes,
  now: Date = new Date(),
  weekly: WeeklyHours = defaultWeeklyHours(),
): Promise<LocationRow> {
  const row = await committed(() =>
    db.transaction(async (tx) => {
      await assertExternalIdFree(tx, staff.vendorId, attributes.external_id);
      const [created] = await tx
        .insert(locations)
        .values({
          ...(columnsOf(attributes) as typeof locations.$inferInsert),
          vendorId: staff.vendorId,
          hours: weekly,
          createdAt: now,
        })
        .returning();
      if (!created) throw new Error("insert returned no row");
      await recordChange(tx, staff, "created", null, created, now);
      return created;
    }),
  );
  events.emit("eventsRecorded", {});
  return row;
}

export async function findAdminLocation(
  db: DbOrTx,
  vendorId: number,
  id: number,
): Promise<LocationRow> {
  if (id < 1) throw notFound();
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.vendorId, vendorId)));
  if (!row) throw notFound();
  return row;
}

export async function updateLocation(
  db: Db,
  events: DomainEventBus,
  staff: StaffContext,
  id: number,
  attributes: LocationPatchAttributes,
  expectedVersion: number | undefined,
  now: Date = new Date(),
): Promise<LocationRow> {
  const { archived, ...rest } = attributes;
  let changed = false;
  const row = await committed(() =>
    db.transaction(async (tx) => {
      if (id < 1) throw notFound();
      const [before] = await tx
        .select()
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.vendorId, staff.vendorId)))
        .for("update");
      if (!before) throw notFound();
      assertVersion(expectedVersion, before.version, () => presentAdminLocation(before));
      const columns = columnsOf(rest);
      if (archived !== undefined && archived !== (before.archivedAt !== null)) {
        if (archived) await assertNobodyInLine(tx, before.id);
        columns.archivedAt = archived ? now : null;
      }
      const probe = { ...before, ...columns } as LocationRow;
      const names = changedAttributes(editableAttributes(before), editableAttributes(probe));
      if (names.length === 0) return before;
      if (names.includes("external_id"))
        await assertExternalIdFree(tx, staff.vendorId, probe.externalId, before.id);
      const [after] = await tx
        .update(locations)
        .set({ ...columns, version: sql`${locations.version} + 1` })
        .where(eq(locations.id, before.id))
        .returning();
      if (!after) throw notFound();
      const action: AuditAction = names.includes("archived")
        ? after.archivedAt
          ? "archived"
          : "restored"
        : "updated";
      await recordChange(tx, staff, action, before, after, now);
      changed = true;
      return after;
    }),
  );
  if (changed) events.emit("eventsRecorded", {});
  return row;
}
