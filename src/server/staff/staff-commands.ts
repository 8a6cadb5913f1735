// The changes staff administration makes, each in one transaction with its audit record and the
// `location.updated` events of the locations whose waits it moves (who serves there changed), and
// each bumping the staff member's version. What must happen after commit (ending realtime
// subscriptions, sending the invitation) is returned to the route as `after`.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AuditAction } from "../../shared/audit.ts";
import { clockMinutes, type StaffAttributes } from "../../shared/contracts/staff.ts";
import type { Weekday } from "../../shared/domain.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  locations,
  services,
  sessions,
  staffShiftExceptions,
  staffShiftPatterns,
  staffShifts,
  userLocations,
  userServices,
  users,
} from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, type ErrorItem } from "../http/app-error.ts";
import { assertVersion } from "../http/versioning.ts";
import { auditedStaff, findStaffRow, presentStaff, type StaffRow } from "./load-staff.ts";
import { materialiseStaffShifts } from "./materialise-shifts.ts";
import { type ExceptionInput, shiftProblems, type WeeklyInput } from "./shift-problems.ts";
import { assertMayGrant, assertMayManage, assertSelfChangeAllowed } from "./staff-rules.ts";

/** id null: the system (the demo seed), with the role it acts as. */
export type Actor = { id: number | null; roleLevel: number; vendorId: number };
type AssignedLocation = { location_id: number; desk?: string | null | undefined };

export type StaffChangeResult = {
  row: StaffRow;
  attributes: StaffAttributes;
  /** end the staff member's realtime subscriptions on every node */
  revokeSessions: boolean;
};

const emailTaken = () =>
  new AppError("unprocessable", {
    code: "email_taken",
    messageId: "Office.staff.error.email_taken",
    pointer: "/data/attributes/email",
  });

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function locationEvents(tx: Tx, vendorId: number, locationIds: Iterable<number>, now: Date) {
  const ids = [...new Set(locationIds)];
  await recordDomainEvents(
    tx,
    ids.map((id) => ({
      vendorId,
      type: "location.updated" as const,
      aggregateId: id,
      payload: {},
      occurredAt: now,
    })),
  );
}

async function currentLocationIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, userId));
  return rows.map((r) => r.id);
}

/** 422 items for location ids that are not live locations of the vendor. */
async function unknownLocations(
  tx: Tx,
  vendorId: number,
  list: AssignedLocation[],
  pointer: (index: number) => string,
): Promise<ErrorItem[]> {
  const ids = list.map((l) => l.location_id);
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.vendorId, vendorId),
        inArray(locations.id, ids),
        isNull(locations.archivedAt),
      ),
    );
  const known = new Set(found.map((f) => f.id));
  return list.flatMap((l, index) =>
    known.has(l.location_id)
      ? []
      : [
          {
            code: "location_unknown",
            messageId: "Office.staff.error.location_unknown",
            pointer: pointer(index),
          },
        ],
  );
}

/** 422 items for service ids that are not live services of the vendor. */
async function unknownServices(tx: Tx, vendorId: number, ids: number[]): Promise<ErrorItem[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: services.id })
    .from(services)
    .where(
      and(eq(services.vendorId, vendorId), inArray(services.id, ids), isNull(services.archivedAt)),
    );
  const known = new Set(found.map((f) => f.id));
  return ids.flatMap((id, index) =>
    known.has(id)
      ? []
      : [
          {
            code: "service_unknown",
            messageId: "Office.staff.error.service_unknown",
            pointer: `/data/attributes/service_ids/${index}`,
          },
        ],
  );
}

async function bumpVersion(tx: Tx, row: StaffRow): Promise<StaffRow> {
  const [updated] = await tx
    .update(users)
    .set({ version: sql`${users.version} + 1` })
    .where(eq(users.id, row.id))
    .returning();
  return updated as StaffRow;
}

async function audit(
  tx: Tx,
  actor: Actor,
  userId: number,
  action: AuditAction,
  before: StaffAttributes | null,
  after: StaffAttributes,
) {
  await recordAudit(tx, {
    vendorId: actor.vendorId,
    actorUserId: actor.id,
    subjectType: "staff",
    subjectId: userId,
    action,
    before: before ? auditedStaff(before) : null,
    after: auditedStaff(after),
  });
}

export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: {
    email: string;
    first_name: string;
    last_name: string;
    role_level: number;
    lang: string;
    languages: string[];
    locations: AssignedLocation[];
    /** the services they serve; absent: every service (as replaceAssignments sets them) */
    service_ids?: number[] | undefined;
    /**
     * Never from a request (the invite body has no such field): the demo seed's known password,
     * hashed. The member is then created signed-in-able, not invited.
     */
    password_hash?: string | undefined;
  },
  now: Date = new Date(),
): Promise<StaffChangeResult> {
  assertMayGrant(actor, input.role_level);
  const serviceIds = input.service_ids ?? [];
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
        .limit(1);
      if (taken) throw emailTaken();
      const problems = await unknownLocations(
        tx,
        actor.vendorId,
        input.locations,
        (i) => `/data/attributes/locations/${i}/location_id`,
      );
      problems.push(...(await unknownServices(tx, actor.vendorId, serviceIds)));
      if (problems.length > 0) throw new AppError("unprocessable", problems);
      const [created] = await tx
        .insert(users)
        .values({
          vendorId: actor.vendorId,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          roleLevel: input.role_level,
          lang: input.lang,
          languages: input.languages,
          passwordHash: input.password_hash ?? null,
          createdAt: now,
        })
        .returning();
      const row = created as StaffRow;
      if (input.locations.length > 0) {
        await tx.insert(userLocations).values(
          input.locations.map((l) => ({
            vendorId: actor.vendorId,
            userId: row.id,
            locationId: l.location_id,
            desk: l.desk ?? null,
          })),
        );
      }
      if (serviceIds.length > 0) {
        await tx.insert(userServices).values(
          serviceIds.map((serviceId) => ({
            vendorId: actor.vendorId,
            userId: row.id,
            serviceId,
          })),
        );
      }
      const attributes = await presentStaff(tx, row);
      await audit(tx, actor, row.id, input.password_hash ? "created" : "invited", null, attributes);
      await locationEvents(
        tx,
        actor.vendorId,
        input.locations.map((l) => l.location_id),
        now,
      );
      return { row, attributes, revokeSessions: false };
    });
  } catch (error) {
    // Two invitations of one address at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateStaff(
  db: Db,
  actor: Actor,
  userId: number,
  expectedVersion: number | undefined,
  input: {
    first_name?: string | undefined;
    last_name?: string | undefined;
    role_level?: number | undefined;
    lang?: string | undefined;
    languages?: string[] | undefined;
    active?: boolean | undefined;
  },
  now: Date = new Date(),
): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const stored = await findStaffRow(tx, actor.vendorId, userId, { lock: true });
    const before = await presentStaff(tx, stored);
    assertVersion(expectedVersion, stored.version, () => ({
      type: "staff",
      id: String(stored.id),
      attributes: before,
    }));
    assertMayManage(actor, stored);
    const roleChanges = input.role_level !== undefined && input.role_level !== stored.roleLevel;
    const activeChanges = input.active !== undefined && input.active !== stored.active;
    if (roleChanges) assertMayGrant(actor, input.role_level as number);
    assertSelfChangeAllowed(actor, stored, {
      active: input.active,
      roleLevel: roleChanges ? input.role_level : undefined,
    });
    const [updated] = await tx
      .update(users)
      .set({
        ...(input.first_name === undefined ? {} : { firstName: input.first_name }),
        ...(input.last_name === undefined ? {} : { lastName: input.last_name }),
        ...(input.role_level === undefined ? {} : { roleLevel: input.role_level }),
        ...(input.lang === undefined ? {} : { lang: input.lang }),
        ...(input.languages === undefined ? {} : { languages: input.languages }),
        ...(input.active === undefined ? {} : { active: input.active }),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, stored.id))
      .returning();
    const row = updated as StaffRow;
    if (activeChanges && input.active === false) {
      // Signed out everywhere at once; the route ends their realtime subscriptions after commit.
      await tx.delete(sessions).where(eq(sessions.userId, row.id));
    }
    let touched: number[] = [];
    if (activeChanges || roleChanges) {
      touched = await currentLocationIds(tx, row.id);
      if (activeChanges) {
        touched.push(
          ...(await materialiseStaffShifts(tx, { vendorId: actor.vendorId, userId: row.id, now })),
        );
      }
    }
    const after = await presentStaff(tx, row);
    const action: AuditAction = activeChanges
      ? input.active
        ? "reactivated"
        : "deactivated"
      : "updated";
    await audit(tx, actor, row.id, action, before, after);
    await locationEvents(tx, actor.vendorId, touched, now);
    return { row, attributes: after, revokeSessions: activeChanges || roleChanges };
  });
}

export async function replaceAssignments(
  db: Db,
  actor: Actor,
  userId: number,
  expectedVersion: number | undefined,
  input: { locations: AssignedLocation[]; service_ids: number[] },
  now: Date = new Date(),
): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const stored = await findStaffRow(tx, actor.vendorId, userId, { lock: true });
    const before = await presentStaff(tx, stored);
    assertVersion(expectedVersion, stored.version, () => ({
      type: "staff",
      id: String(stored.id),
      attributes: before,
    }));
    assertMayManage(actor, stored);
    const problems = await unknownLocations(
      tx,
      actor.vendorId,
      input.locations,
      (i) => `/data/attributes/locations/${i}/location_id`,
    );
    problems.push(...(await unknownServices(tx, actor.vendorId, input.service_ids)));
    if (problems.length > 0) throw new AppError("unprocessable", problems);

    const previous = await currentLocationIds(tx, stored.id);
    const next = input.locations.map((l) => l.location_id);
    await tx.delete(userLocations).where(eq(userLocations.userId, stored.id));
    if (input.locations.length > 0) {
      await tx.insert(userLocations).values(
        input.locations.map((l) => ({
          vendorId: actor.vendorId,
          userId: stored.id,
          locationId: l.location_id,
          desk: l.desk ?? null,
        })),
      );
    }
    await tx.delete(userServices).where(eq(userServices.userId, stored.id));
    if (input.service_ids.length > 0) {
      await tx.insert(userServices).values(
        input.service_ids.map((serviceId) => ({
          vendorId: actor.vendorId,
          userId: stored.id,
          serviceId,
        })),
      );
    }
    // No shifts where they no longer work: the week and its exceptions there go with the location.
    const removed = previous.filter((id) => !next.includes(id));
    if (removed.length > 0) {
      await tx
        .delete(staffShiftPatterns)
        .where(
          and(
            eq(staffShiftPatterns.userId, stored.id),
            inArray(staffShiftPatterns.locationId, removed),
          ),
        );
      await tx
        .delete(staffShiftExceptions)
        .where(
          and(
            eq(staffShiftExceptions.userId, stored.id),
            inArray(staffShiftExceptions.locationId, removed),
          ),
        );
      await tx
        .delete(staffShifts)
        .where(
          and(
            eq(staffShifts.userId, stored.id),
            inArray(staffShifts.locationId, removed),
            sql`${staffShifts.startsAt} >= ${now}`,
          ),
        );
    }
    const row = await bumpVersion(tx, stored);
    const after = await presentStaff(tx, row);
    await audit(tx, actor, row.id, "updated", before, after);
    await locationEvents(tx, actor.vendorId, [...previous, ...next], now);
    const locationsChanged =
      previous.length !== next.length || previous.some((id) => !next.includes(id));
    return { row, attributes: after, revokeSessions: locationsChanged };
  });
}

export async function replaceShifts(
  db: Db,
  actor: Actor,
  userId: number,
  expectedVersion: number | undefined,
  input: { weekly: WeeklyInput[]; exceptions: ExceptionInput[] },
  now: Date = new Date(),
): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    const stored = await findStaffRow(tx, actor.vendorId, userId, { lock: true });
    const before = await presentStaff(tx, stored);
    assertVersion(expectedVersion, stored.version, () => ({
      type: "staff",
      id: String(stored.id),
      attributes: before,
    }));
    assertMayManage(actor, stored);
    const assigned = new Set(await currentLocationIds(tx, stored.id));
    const problems = shiftProblems(input, assigned);
    if (problems.length > 0) throw new AppError("unprocessable", problems);

    await tx.delete(staffShiftPatterns).where(eq(staffShiftPatterns.userId, stored.id));
    await tx.delete(staffShiftExceptions).where(eq(staffShiftExceptions.userId, stored.id));
    if (input.weekly.length > 0) {
      await tx.insert(staffShiftPatterns).values(
        input.weekly.map((w) => ({
          vendorId: actor.vendorId,
          userId: stored.id,
          locationId: w.location_id,
          weekday: w.weekday as Weekday,
          kind: w.kind,
          startMinute: clockMinutes(w.start),
          endMinute: clockMinutes(w.end),
        })),
      );
    }
    if (input.exceptions.length > 0) {
      await tx.insert(staffShiftExceptions).values(
        input.exceptions.map((e) => ({
          vendorId: actor.vendorId,
          userId: stored.id,
          locationId: e.location_id,
          day: e.date,
          intervals: e.intervals.map((i) => ({
            kind: i.kind,
            start: clockMinutes(i.start),
            end: clockMinutes(i.end),
          })),
          note: e.note ?? null,
        })),
      );
    }
    const touched = await materialiseStaffShifts(tx, {
      vendorId: actor.vendorId,
      userId: stored.id,
      now,
      replaceAll: true,
    });
    const row = await bumpVersion(tx, stored);
    const after = await presentStaff(tx, row);
    await audit(tx, actor, row.id, "updated", before, after);
    await locationEvents(tx, actor.vendorId, touched, now);
    return { row, attributes: after, revokeSessions: false };
  });
}
