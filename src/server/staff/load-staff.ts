// Reading staff members as the administration API presents them: one with everything (its
// locations with desks, services, weekly shifts and exceptions), or a page of the list. Always
// within the caller's vendor; another vendor's staff member does not exist (404).
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  minutesClock,
  type StaffAttributes,
  type StaffListItem,
} from "../../shared/contracts/staff.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  locations,
  staffShiftExceptions,
  staffShiftPatterns,
  userLocations,
  userServices,
  users,
} from "../db/schema.ts";
import { notFound } from "../http/app-error.ts";

export type StaffRow = typeof users.$inferSelect;

/** The staff member of the vendor, locked for the rest of the transaction when `lock`. */
export async function findStaffRow(
  db: DbOrTx,
  vendorId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<StaffRow> {
  if (!Number.isSafeInteger(userId) || userId < 1) throw notFound();
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.vendorId, vendorId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/** Each staff member's locations with their desks, in the order the pages list locations. */
export async function assignedLocations(db: DbOrTx, vendorId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, StaffAttributes["locations"]>();
  const rows = await db
    .select({
      userId: userLocations.userId,
      locationId: userLocations.locationId,
      name: locations.name,
      desk: userLocations.desk,
    })
    .from(userLocations)
    .innerJoin(locations, eq(locations.id, userLocations.locationId))
    .where(and(eq(userLocations.vendorId, vendorId), inArray(userLocations.userId, userIds)))
    .orderBy(asc(locations.sortOrder), asc(locations.name), asc(locations.id));
  const byUser = new Map<number, StaffAttributes["locations"]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ location_id: String(row.locationId), name: row.name, desk: row.desk });
    byUser.set(row.userId, list);
  }
  return byUser;
}

/** The whole staff member as GET /staff/{id} presents it (never their password hash). */
export async function presentStaff(db: DbOrTx, row: StaffRow): Promise<StaffAttributes> {
  const [located, services, patterns, exceptions] = await Promise.all([
    assignedLocations(db, row.vendorId, [row.id]),
    db
      .select({ id: userServices.serviceId })
      .from(userServices)
      .where(and(eq(userServices.userId, row.id), eq(userServices.vendorId, row.vendorId)))
      .orderBy(asc(userServices.serviceId)),
    db
      .select()
      .from(staffShiftPatterns)
      .where(eq(staffShiftPatterns.userId, row.id))
      .orderBy(
        asc(staffShiftPatterns.locationId),
        sql`array_position(array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], ${staffShiftPatterns.weekday})`,
        asc(staffShiftPatterns.startMinute),
        asc(staffShiftPatterns.kind),
      ),
    db
      .select()
      .from(staffShiftExceptions)
      .where(eq(staffShiftExceptions.userId, row.id))
      .orderBy(asc(staffShiftExceptions.day), asc(staffShiftExceptions.locationId)),
  ]);
  return {
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role_level: row.roleLevel,
    lang: row.lang,
    languages: row.languages,
    active: row.active,
    invitation_pending: row.passwordHash === null,
    locations: located.get(row.id) ?? [],
    service_ids: services.map((s) => String(s.id)),
    shifts: {
      weekly: patterns.map((p) => ({
        location_id: String(p.locationId),
        weekday: p.weekday,
        kind: p.kind,
        start: minutesClock(p.startMinute),
        end: minutesClock(p.endMinute),
      })),
      exceptions: exceptions.map((e) => ({
        location_id: String(e.locationId),
        date: e.day,
        intervals: e.intervals.map((i) => ({
          kind: i.kind,
          start: minutesClock(i.start),
          end: minutesClock(i.end),
        })),
        note: e.note,
      })),
    },
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a staff member: the presented object without its version. */
export function auditedStaff(attributes: StaffAttributes): Record<string, unknown> {
  const { version: _version, created_at: _created, ...rest } = attributes;
  return rest;
}

export type StaffListFilter = {
  vendorId: number;
  q?: string | undefined;
  locationId?: number | undefined;
  roleLevel?: number | undefined;
  status: "active" | "deactivated" | "all";
  page: number;
  limit: number;
};

/** A page of the vendor's staff, by last name then first name, with the total matching. */
export async function listStaff(
  db: DbOrTx,
  filter: StaffListFilter,
): Promise<{ items: StaffListItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(users.vendorId, filter.vendorId)];
  if (filter.status === "active") conditions.push(eq(users.active, true));
  if (filter.status === "deactivated") conditions.push(eq(users.active, false));
  if (filter.roleLevel !== undefined) conditions.push(eq(users.roleLevel, filter.roleLevel));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  if (filter.locationId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${userLocations} where ${userLocations.userId} = ${users.id} and ${userLocations.locationId} = ${filter.locationId})`,
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(
        asc(sql`lower(${users.lastName})`),
        asc(sql`lower(${users.firstName})`),
        asc(users.id),
      )
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const located = await assignedLocations(
    db,
    filter.vendorId,
    rows.map((r) => r.id),
  );
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({
      type: "staff" as const,
      id: String(row.id),
      attributes: {
        email: row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        role_level: row.roleLevel,
        lang: row.lang,
        active: row.active,
        invitation_pending: row.passwordHash === null,
        locations: located.get(row.id) ?? [],
      },
    })),
  };
}
