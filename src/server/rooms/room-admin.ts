// Rooms as the back office administers them (docs/admin-groups-rooms.md): each belongs to one
// location of the vendor, holds 1 to 500 people, and is created and changed in one transaction with
// its audit record and the `room.updated` event. A room is archived, never deleted; its name is
// taken once per location among current rooms, whatever the letter case. The caller acts only at
// the locations its role reaches (docs/permissions.md): a room elsewhere does not exist for it.
import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import type { RoomChanges, RoomResource } from "../../shared/contracts/room.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { locations, rooms } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import { canActAtLocation, locationScope } from "../permissions/tenant-scope.ts";

type RoomRow = typeof rooms.$inferSelect;
/** user.id null: the system (the demo seed), which acts at every location */
type Caller = Pick<StaffContext, "vendorId" | "allLocations" | "locationIds"> & {
  user: { id: number | null };
};
const pointer = (field: string) => `/data/attributes/${field}`;

export function presentRoom(row: RoomRow): RoomResource {
  return {
    type: "rooms",
    id: String(row.id),
    attributes: {
      location_id: String(row.locationId),
      name: row.name,
      capacity: row.capacity,
      notes: row.notes,
      archived: row.archivedAt !== null,
      version: row.version,
      created_at: row.createdAt.toISOString(),
    },
  };
}

function audited(resource: RoomResource): Record<string, unknown> {
  const { version: _v, created_at: _c, ...rest } = resource.attributes;
  return rest;
}

const scoped = (caller: Caller) =>
  locationScope(caller, { vendorColumn: rooms.vendorId, locationColumn: rooms.locationId });

export async function listRooms(
  db: DbOrTx,
  caller: Caller,
  filter: { locationId?: number | undefined; archived: "true" | "false" | "all" },
): Promise<RoomResource[]> {
  const rows = await db
    .select()
    .from(rooms)
    .where(
      and(
        scoped(caller),
        filter.locationId === undefined ? undefined : eq(rooms.locationId, filter.locationId),
        filter.archived === "all"
          ? undefined
          : filter.archived === "true"
            ? isNotNull(rooms.archivedAt)
            : isNull(rooms.archivedAt),
      ),
    )
    .orderBy(asc(rooms.locationId), asc(sql`lower(${rooms.name})`), asc(rooms.id));
  return rows.map(presentRoom);
}

export async function findRoom(
  db: DbOrTx,
  caller: Caller,
  id: number,
  lock = false,
): Promise<RoomRow> {
  const query = db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), scoped(caller)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

const nameTaken = (): ErrorItem => ({
  code: "name_taken",
  messageId: "Office.rooms.error.name_taken",
  pointer: pointer("name"),
});

async function nameProblems(
  tx: DbOrTx,
  locationId: number,
  name: string,
  exceptId: number | undefined,
): Promise<ErrorItem[]> {
  const [taken] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.locationId, locationId),
        isNull(rooms.archivedAt),
        eq(sql`lower(${rooms.name})`, name.trim().toLowerCase()),
        exceptId === undefined ? undefined : ne(rooms.id, exceptId),
      ),
    );
  return taken ? [nameTaken()] : [];
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Two saves racing for one name: the index refuses the second, answered as the check would. */
async function unlessNameRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("unprocessable", nameTaken());
    throw error;
  }
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

async function finish(
  tx: Tx,
  caller: Caller,
  roomId: number,
  action: AuditAction,
  before: RoomResource | null,
  now: Date,
): Promise<RoomResource> {
  const after = presentRoom(await findRoom(tx, caller, roomId));
  await recordAudit(tx, {
    vendorId: caller.vendorId,
    actorUserId: caller.user.id,
    subjectType: "room",
    subjectId: roomId,
    action,
    before: before ? audited(before) : null,
    after: audited(after),
  });
  await recordDomainEvents(tx, [
    {
      vendorId: caller.vendorId,
      type: "room.updated",
      aggregateId: roomId,
      payload: {},
      occurredAt: now,
    },
  ]);
  return after;
}

export async function createRoom(
  db: DbOrTx,
  caller: Caller,
  input: RoomChanges & { location_id: number; name: string; capacity: number },
): Promise<RoomResource> {
  const now = new Date();
  return unlessNameRace(() =>
    db.transaction(async (tx) => {
      const [location] = await tx
        .select({ id: locations.id, archivedAt: locations.archivedAt })
        .from(locations)
        .where(and(eq(locations.id, input.location_id), eq(locations.vendorId, caller.vendorId)));
      if (!location || location.archivedAt !== null || !canActAtLocation(caller, location.id)) {
        throw new AppError("unprocessable", {
          code: "location_unknown",
          messageId: "Office.rooms.error.location_unknown",
          pointer: pointer("location_id"),
        });
      }
      if (!input.archived) {
        const problems = await nameProblems(tx, location.id, input.name, undefined);
        if (problems.length > 0) throw new AppError("unprocessable", problems);
      }
      const [row] = await tx
        .insert(rooms)
        .values({
          vendorId: caller.vendorId,
          locationId: location.id,
          name: input.name.trim(),
          capacity: input.capacity,
          notes: blankToNull(input.notes),
          archivedAt: input.archived ? now : null,
        })
        .returning({ id: rooms.id });
      return finish(tx, caller, row!.id, "created", null, now);
    }),
  );
}

export async function updateRoom(
  db: DbOrTx,
  caller: Caller,
  id: number,
  changes: RoomChanges,
  expectedVersion: number | undefined,
): Promise<RoomResource> {
  const now = new Date();
  return unlessNameRace(() =>
    db.transaction(async (tx) => {
      const row = await findRoom(tx, caller, id, true);
      const before = presentRoom(row);
      assertVersion(expectedVersion, row.version, () => before);
      const archived = changes.archived ?? row.archivedAt !== null;
      if (!archived) {
        const problems = await nameProblems(tx, row.locationId, changes.name ?? row.name, id);
        if (problems.length > 0) throw new AppError("unprocessable", problems);
      }
      const set: Partial<typeof rooms.$inferInsert> = { version: row.version + 1 };
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (changes.capacity !== undefined) set.capacity = changes.capacity;
      if (changes.notes !== undefined) set.notes = blankToNull(changes.notes);
      if (changes.archived !== undefined)
        set.archivedAt = changes.archived ? (row.archivedAt ?? now) : null;
      await tx
        .update(rooms)
        .set(set)
        .where(and(eq(rooms.id, id), eq(rooms.vendorId, caller.vendorId)));
      const action: AuditAction =
        changes.archived === true && !before.attributes.archived
          ? "archived"
          : changes.archived === false && before.attributes.archived
            ? "restored"
            : "updated";
      return finish(tx, caller, id, action, before, now);
    }),
  );
}
