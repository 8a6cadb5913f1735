// Server-side staff sessions in PostgreSQL: create on sign-in, load (and slide) on each request,
// revoke one or all. The cookie holds the token; sessions.id holds its sha256.
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { ROLES, type RoleLevel } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
import { locations, sessions, userLocations, users } from "../db/schema.ts";
import { VENDOR_WIDE_FROM } from "../permissions/permission-table.ts";
import { hashToken, newToken, SESSION_TOUCH_INTERVAL_MS, sessionExpiry } from "./session-token.ts";
import type { StaffContext } from "./staff-context.ts";

export async function createStaffSession(
  db: DbOrTx,
  options: { userId: number; vendorId: number; userAgent?: string | undefined; now?: Date },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = options.now ?? new Date();
  const token = newToken();
  const sessionId = hashToken(token);
  const expiresAt = sessionExpiry(now, now);
  // Sign-in is a good moment to drop this user's dead sessions: no sweeper job is needed for them.
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, options.userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    id: sessionId,
    vendorId: options.vendorId,
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 512) ?? null,
  });
  return { token, sessionId, expiresAt };
}

/**
 * The staff context of a session token on the vendor's host, or null when the token is unknown,
 * expired (its row is then deleted), of another vendor, or of a deactivated account.
 */
export async function loadStaffSession(
  db: DbOrTx,
  options: { token: string; vendorId: number; now?: Date },
): Promise<StaffContext | null> {
  const { token, ...rest } = options;
  const loaded = await loadStaffSessionById(db, { ...rest, sessionId: hashToken(token) });
  return loaded?.staff ?? null;
}

/**
 * The same check by sessions.id, as the realtime token names the session: the role and locations
 * are read afresh. `slide: false` (realtime subscribes) leaves the idle deadline where it is.
 */
export async function loadStaffSessionById(
  db: DbOrTx,
  options: { sessionId: string; vendorId: number; now?: Date; slide?: boolean },
): Promise<{ staff: StaffContext; expiresAt: Date } | null> {
  const now = options.now ?? new Date();
  const { sessionId } = options;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const roleLevel = user.roleLevel as RoleLevel;
  const ownVendor = user.vendorId === session.vendorId || roleLevel === ROLES.platform_admin;
  if (session.vendorId !== options.vendorId || !ownVendor || !user.active) return null;

  let expiresAt = session.expiresAt;
  const slide = options.slide !== false;
  if (slide && now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = sessionExpiry(session.createdAt, now);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
  }
  const allLocations = roleLevel >= VENDOR_WIDE_FROM;
  const staff: StaffContext = {
    user: {
      id: user.id,
      vendorId: user.vendorId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      lang: user.lang,
    },
    vendorId: session.vendorId,
    roleLevel,
    locationIds: await locationIdsOf(db, {
      userId: user.id,
      vendorId: session.vendorId,
      allLocations,
    }),
    allLocations,
    sessionId,
  };
  return { staff, expiresAt };
}

/** The locations a staff member works at (all of the vendor's from Manager up), archived ones left out. */
async function locationIdsOf(
  db: DbOrTx,
  options: { userId: number; vendorId: number; allLocations: boolean },
): Promise<number[]> {
  if (options.allLocations) return loadVendorLocationIds(db, options.vendorId);
  const rows = await db
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .innerJoin(locations, eq(locations.id, userLocations.locationId))
    .where(
      and(
        eq(userLocations.userId, options.userId),
        eq(userLocations.vendorId, options.vendorId),
        isNull(locations.archivedAt),
      ),
    )
    .orderBy(asc(userLocations.locationId));
  return rows.map((r) => r.id);
}

/** Every current location of a vendor, as the vendor-wide roles (and API keys) act on them. */
export async function loadVendorLocationIds(db: DbOrTx, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.vendorId, vendorId), isNull(locations.archivedAt)))
    .orderBy(asc(locations.sortOrder), asc(locations.name));
  return rows.map((r) => r.id);
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere: after "sign out of every session" and after a password reset. */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return deleted.length;
}
