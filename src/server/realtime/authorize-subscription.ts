// Decides whether a socket may join a channel: public location channels need the location in the
// socket's vendor (a private location's, its board link token), appointment channels the confirm
// code, staff channels a bearer token whose session is still valid and whose account (as it is
// now) may view the location's line.
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { ParsedChannel } from "../../shared/realtime-channels.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import { loadStaffSessionById } from "../auth/staff-sessions.ts";
import type { Db } from "../db/client.ts";
import { locations, queueAppointments, vendors } from "../db/schema.ts";
import { can } from "../permissions/permission-table.ts";
import { canActAtLocation } from "../permissions/tenant-scope.ts";
import { mayReadBoard } from "../tv/board-access.ts";
import { bearerFrom, boardTokenFrom, confirmCodeFrom } from "./echo-auth.ts";
import { verifyRealtimeToken } from "./staff-token.ts";

export type Refusal = { ok: false; status: 401 | 403 | 404; code: string; messageId: string };
/** What a staff subscription stands on: the session its token names, and the token's expiry (epoch ms). */
export type StaffGrant = { sessionId: string; userId: number; expiresAt: number };
/**
 * `expiresAt` (epoch ms): when the credential that allowed the subscription runs out (the token or
 * its session, whichever first); `staff`: the grant of a staff subscription.
 */
export type Authorisation = { ok: true; expiresAt?: number; staff?: StaffGrant } | Refusal;

export type SubscriptionContext = {
  db: Db;
  /** the vendor the socket's Host resolves to */
  vendorId: number;
  /** SESSION_SECRET, the key of staff tokens */
  secret: string;
  now?: Date;
};

const refuse = (status: Refusal["status"], code: string, messageId: string): Refusal => ({
  ok: false,
  status,
  code,
  messageId,
});

export async function authorizeSubscription(
  context: SubscriptionContext,
  channel: ParsedChannel,
  auth: unknown,
): Promise<Authorisation> {
  switch (channel.kind) {
    case "location-public":
      return authorizeLocationBoard(context, channel.locationId, auth);
    case "queue-appointment-public":
      return authorizeAppointment(context, channel.queueAppointmentId, auth);
    case "location-staff":
      return authorizeStaff(context, channel.locationId, auth);
  }
}

/** A location's public channel: its vendor's, and for a private location the board link's token. */
async function authorizeLocationBoard(
  context: SubscriptionContext,
  locationId: number,
  auth: unknown,
): Promise<Authorisation> {
  const [row] = await context.db
    .select({
      vendorId: locations.vendorId,
      visibility: locations.visibility,
      boardToken: locations.boardToken,
      settings: vendors.settings,
    })
    .from(locations)
    .innerJoin(vendors, eq(vendors.id, locations.vendorId))
    .where(eq(locations.id, locationId))
    .limit(1);
  if (row?.vendorId !== context.vendorId) return notFoundLocation();
  // Read here, not from the vendor cache, so a board made public is followed at once on every node.
  const board = parseVendorSettings(row.settings).board;
  // A private location without its token answers as a missing one: which exist is not told.
  return mayReadBoard(row, boardTokenFrom(auth, locationId), board)
    ? { ok: true }
    : notFoundLocation();
}

const notFoundLocation = () => refuse(404, "location_not_found", "Realtime.location_not_found");

async function authorizeAppointment(
  context: SubscriptionContext,
  id: number,
  auth: unknown,
): Promise<Authorisation> {
  const given = confirmCodeFrom(auth, id);
  if (!given) return refuse(401, "confirm_code_required", "Realtime.confirm_code_required");
  const [row] = await context.db
    .select({ confirmCode: queueAppointments.confirmCode })
    .from(queueAppointments)
    .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, context.vendorId)))
    .limit(1);
  // A missing appointment and a wrong code answer alike, so ids cannot be probed.
  return row && sameSecret(given, row.confirmCode)
    ? { ok: true }
    : refuse(403, "confirm_code_mismatch", "Realtime.confirm_code_mismatch");
}

async function authorizeStaff(
  context: SubscriptionContext,
  locationId: number,
  auth: unknown,
): Promise<Authorisation> {
  const token = bearerFrom(auth);
  if (!token) return refuse(401, "unauthenticated", "Realtime.sign_in_required");
  const check = verifyRealtimeToken(context.secret, token, context.now);
  if (!check.ok) {
    return check.reason === "expired"
      ? refuse(401, "token_expired", "Realtime.session_expired")
      : refuse(401, "invalid_token", "Realtime.sign_in_required");
  }
  const { claims } = check;
  // A session is valid only on the host of the vendor it was opened for, as over HTTP.
  if (claims.vendorId !== context.vendorId) {
    return refuse(401, "invalid_token", "Realtime.sign_in_required");
  }
  const grant = {
    sessionId: claims.sessionId,
    userId: claims.userId,
    expiresAt: claims.exp * 1000,
  };
  return checkStaffGrant(context, grant, locationId);
}

/**
 * Whether the session behind a staff subscription still allows it: the session exists and has not
 * expired, its account is active, and its role (read now, not from the token) holds queue.view at
 * this location. Every staff subscribe runs it, and held subscriptions run it again when their
 * connection comes back or announcements of revoked sessions may have been missed.
 */
export async function checkStaffGrant(
  context: SubscriptionContext,
  grant: StaffGrant,
  locationId: number,
): Promise<Authorisation> {
  const loaded = await loadStaffSessionById(context.db, {
    sessionId: grant.sessionId,
    vendorId: context.vendorId,
    slide: false,
    ...(context.now ? { now: context.now } : {}),
  });
  if (!loaded || loaded.staff.user.id !== grant.userId) {
    return refuse(401, "session_revoked", "Realtime.sign_in_required");
  }
  const { staff, expiresAt } = loaded;
  if (
    !can(staff.roleLevel, "queue.view") ||
    (await locationVendor(context.db, locationId)) !== staff.vendorId ||
    !canActAtLocation(staff, locationId)
  ) {
    return refuse(403, "forbidden", "Realtime.location_forbidden");
  }
  return {
    ok: true,
    expiresAt: Math.min(grant.expiresAt, expiresAt.getTime()),
    staff: { sessionId: grant.sessionId, userId: grant.userId, expiresAt: grant.expiresAt },
  };
}

async function locationVendor(db: Db, locationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ vendorId: locations.vendorId })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row?.vendorId;
}

/** Constant-time comparison of two secrets of any length (hashing evens the lengths out). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
