// Staff groups as the back office administers them (docs/admin-groups-rooms.md): listed, created and
// changed whole-or-nothing in one transaction with their members, their audit record and the
// `staff_group.updated` event. A group is archived, never deleted; its name is taken once per vendor
// among current groups, whatever the letter case.
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import type { StaffGroupChanges, StaffGroupResource } from "../../shared/contracts/staff-group.ts";
import { ROLES } from "../../shared/domain.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { DbOrTx, Tx } from "../db/client.ts";
import { staffGroupMembers, staffGroups, users } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";

type GroupRow = typeof staffGroups.$inferSelect;
/** actorUserId null: the system (the demo seed) */
type Scope = { vendorId: number; actorUserId: number | null };
const pointer = (field: string, index?: number) =>
  `/data/attributes/${field}${index === undefined ? "" : `/${index}`}`;

export function presentGroup(row: GroupRow, memberIds: readonly number[]): StaffGroupResource {
  return {
    type: "groups",
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      member_ids: [...memberIds].sort((a, b) => a - b).map(String),
      archived: row.archivedAt !== null,
      version: row.version,
      created_at: row.createdAt.toISOString(),
    },
  };
}

/** The audited picture of a group: its attributes without the bookkeeping ones. */
function audited(resource: StaffGroupResource): Record<string, unknown> {
  const { version: _v, created_at: _c, ...rest } = resource.attributes;
  return rest;
}

async function membersOf(db: DbOrTx, vendorId: number, groupIds: number[]) {
  const members = new Map(groupIds.map((id) => [id, [] as number[]]));
  if (groupIds.length === 0) return members;
  const rows = await db
    .select({ groupId: staffGroupMembers.groupId, userId: staffGroupMembers.userId })
    .from(staffGroupMembers)
    .where(
      and(eq(staffGroupMembers.vendorId, vendorId), inArray(staffGroupMembers.groupId, groupIds)),
    );
  for (const row of rows) members.get(row.groupId)?.push(row.userId);
  return members;
}

export async function listGroups(
  db: DbOrTx,
  vendorId: number,
  archived: "true" | "false" | "all",
): Promise<StaffGroupResource[]> {
  const rows = await db
    .select()
    .from(staffGroups)
    .where(
      and(
        eq(staffGroups.vendorId, vendorId),
        archived === "all"
          ? undefined
          : archived === "true"
            ? isNotNull(staffGroups.archivedAt)
            : isNull(staffGroups.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${staffGroups.name})`), asc(staffGroups.id));
  const members = await membersOf(
    db,
    vendorId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentGroup(row, members.get(row.id)!));
}

export async function findGroup(
  db: DbOrTx,
  vendorId: number,
  id: number,
  lock = false,
): Promise<{ row: GroupRow; resource: StaffGroupResource }> {
  const query = db
    .select()
    .from(staffGroups)
    .where(and(eq(staffGroups.id, id), eq(staffGroups.vendorId, vendorId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  const members = await membersOf(db, vendorId, [row.id]);
  return { row, resource: presentGroup(row, members.get(row.id)!) };
}

/**
 * Refuses (422, one pointer each) a name another current group of the vendor has, and members who
 * are not people of the vendor: unknown ids, other vendors' accounts and kiosk devices. A
 * deactivated account may stay a member but is not added anew.
 */
async function check(
  tx: DbOrTx,
  vendorId: number,
  after: { name: string; archived: boolean; memberIds: number[] | undefined },
  current: { id: number; memberIds: readonly number[] } | null,
): Promise<ErrorItem[]> {
  const problems: ErrorItem[] = [];
  if (!after.archived) {
    const [taken] = await tx
      .select({ id: staffGroups.id })
      .from(staffGroups)
      .where(
        and(
          eq(staffGroups.vendorId, vendorId),
          isNull(staffGroups.archivedAt),
          eq(sql`lower(${staffGroups.name})`, after.name.trim().toLowerCase()),
          current ? ne(staffGroups.id, current.id) : undefined,
        ),
      );
    if (taken) problems.push(nameTaken());
  }
  const wanted = after.memberIds;
  if (wanted && wanted.length > 0) {
    const found = await tx
      .select({ id: users.id, roleLevel: users.roleLevel, active: users.active })
      .from(users)
      .where(and(eq(users.vendorId, vendorId), inArray(users.id, [...new Set(wanted)])));
    const kept = new Set(current?.memberIds ?? []);
    const allowed = new Set(
      found
        .filter((user) => user.roleLevel !== ROLES.kiosk && (user.active || kept.has(user.id)))
        .map((user) => user.id),
    );
    const seen = new Set<number>();
    wanted.forEach((id, index) => {
      if (!allowed.has(id)) {
        problems.push({
          code: "member_unknown",
          messageId: "Office.groups.error.member_unknown",
          pointer: pointer("member_ids", index),
        });
      } else if (seen.has(id)) {
        problems.push({
          code: "duplicate",
          messageId: "Errors.invalid_value",
          pointer: pointer("member_ids", index),
        });
      }
      seen.add(id);
    });
  }
  return problems;
}

const nameTaken = (): ErrorItem => ({
  code: "name_taken",
  messageId: "Office.groups.error.name_taken",
  pointer: pointer("name"),
});

function throwIfAny(problems: ErrorItem[]) {
  if (problems.length > 0) throw new AppError("unprocessable", problems);
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

async function replaceMembers(tx: Tx, vendorId: number, groupId: number, ids: number[]) {
  await tx
    .delete(staffGroupMembers)
    .where(and(eq(staffGroupMembers.vendorId, vendorId), eq(staffGroupMembers.groupId, groupId)));
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    await tx
      .insert(staffGroupMembers)
      .values(unique.map((userId) => ({ vendorId, groupId, userId })));
  }
}

async function finish(
  tx: Tx,
  scope: Scope,
  groupId: number,
  action: AuditAction,
  before: StaffGroupResource | null,
  now: Date,
): Promise<StaffGroupResource> {
  const { resource: after } = await findGroup(tx, scope.vendorId, groupId);
  await recordAudit(tx, {
    vendorId: scope.vendorId,
    actorUserId: scope.actorUserId,
    subjectType: "staff_group",
    subjectId: groupId,
    action,
    before: before ? audited(before) : null,
    after: audited(after),
  });
  await recordDomainEvents(tx, [
    {
      vendorId: scope.vendorId,
      type: "staff_group.updated",
      aggregateId: groupId,
      payload: {},
      occurredAt: now,
    },
  ]);
  return after;
}

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

export async function createGroup(
  db: DbOrTx,
  scope: Scope,
  input: StaffGroupChanges & { name: string },
): Promise<StaffGroupResource> {
  const now = new Date();
  return unlessNameRace(() =>
    db.transaction(async (tx) => {
      throwIfAny(
        await check(
          tx,
          scope.vendorId,
          { name: input.name, archived: input.archived ?? false, memberIds: input.member_ids },
          null,
        ),
      );
      const [row] = await tx
        .insert(staffGroups)
        .values({
          vendorId: scope.vendorId,
          name: input.name.trim(),
          description: blankToNull(input.description),
          archivedAt: input.archived ? now : null,
        })
        .returning({ id: staffGroups.id });
      if (input.member_ids) await replaceMembers(tx, scope.vendorId, row!.id, input.member_ids);
      return finish(tx, scope, row!.id, "created", null, now);
    }),
  );
}

export async function updateGroup(
  db: DbOrTx,
  scope: Scope,
  id: number,
  changes: StaffGroupChanges,
  expectedVersion: number | undefined,
): Promise<StaffGroupResource> {
  const now = new Date();
  return unlessNameRace(() =>
    db.transaction(async (tx) => {
      const { row, resource: before } = await findGroup(tx, scope.vendorId, id, true);
      assertVersion(expectedVersion, row.version, () => before);
      const memberIds = before.attributes.member_ids.map(Number);
      throwIfAny(
        await check(
          tx,
          scope.vendorId,
          {
            name: changes.name ?? row.name,
            archived: changes.archived ?? row.archivedAt !== null,
            memberIds: changes.member_ids,
          },
          { id, memberIds },
        ),
      );
      const set: Partial<typeof staffGroups.$inferInsert> = { version: row.version + 1 };
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (changes.description !== undefined) set.description = blankToNull(changes.description);
      if (changes.archived !== undefined)
        set.archivedAt = changes.archived ? (row.archivedAt ?? now) : null;
      await tx
        .update(staffGroups)
        .set(set)
        .where(and(eq(staffGroups.id, id), eq(staffGroups.vendorId, scope.vendorId)));
      if (changes.member_ids !== undefined)
        await replaceMembers(tx, scope.vendorId, id, changes.member_ids);
      const action: AuditAction =
        changes.archived === true && !before.attributes.archived
          ? "archived"
          : changes.archived === false && before.attributes.archived
            ? "restored"
            : "updated";
      return finish(tx, scope, id, action, before, now);
    }),
  );
}
