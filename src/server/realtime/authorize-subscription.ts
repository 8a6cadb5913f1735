// Decides whether a socket may join a channel: public location channels need the location in the
// socket's vendor, appointment channels the confirm code, staff channels a valid bearer token.
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { ParsedChannel } from "../../shared/realtime-channels.ts";
import type { Db } from "../db/client.ts";
import { locations, queueAppointments, users } from "../db/schema.ts";
import { bearerFrom, confirmCodeFrom } from "./echo-auth.ts";
import { verifyRealtimeToken } from "./staff-token.ts";

export type Refusal = { ok: false; status: 401 | 403 | 404; code: string; messageId: string };
/** `expiresAt` (epoch ms): when the credential that allowed the subscription runs out */
export type Authorisation = { ok: true; expiresAt?: number } | Refusal;

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
      return (await locationVendor(context.db, channel.locationId)) === context.vendorId
        ? { ok: true }
        : refuse(404, "location_not_found", "Realtime.location_not_found");
    case "queue-appointment-public":
      return authorizeAppointment(context, channel.queueAppointmentId, auth);
    case "location-staff":
      return authorizeStaff(context, channel.locationId, auth);
  }
}

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
  const [user] = await context.db
    .select({ active: users.active, vendorId: users.vendorId, roleLevel: users.roleLevel })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  // A deactivated account loses live updates at once, without waiting for its token to expire.
  // Only a platform admin acts in a vendor other than the account's own.
  const actsInOwnVendor = user?.vendorId === claims.vendorId;
  if (!user?.active || !(actsInOwnVendor || user.roleLevel >= ROLES.platform_admin)) {
    return refuse(401, "invalid_token", "Realtime.sign_in_required");
  }
  const ownLocationsOnly = claims.roleLevel < ROLES.manager;
  if (
    (await locationVendor(context.db, locationId)) !== claims.vendorId ||
    (ownLocationsOnly && !claims.locationIds.includes(locationId))
  ) {
    return refuse(403, "forbidden", "Realtime.location_forbidden");
  }
  return { ok: true, expiresAt: claims.exp * 1000 };
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
