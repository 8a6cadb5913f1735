// callNextVisitor, the lobby's "call next": in one transaction, takes the first waiting visitor (not
// yet called) this staff member can serve at the location and calls them to the desk. "First" is the
// vendor's call order (`board.call_order`): by arrival, or by the services' order (the service
// listed first before the others), by arrival within a service;
// staff start the meeting when the visitor arrives. The row is
// chosen with SELECT … FOR UPDATE SKIP LOCKED, so staff pressing at once each get a different visitor.
import { and, asc, eq, inArray, isNotNull, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { LOBBY_MESSAGES } from "../../shared/lobby/lobby-messages.ts";
import type { LobbyCallOrder } from "../../shared/vendor-settings.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import { queueAppointments, services, userServices } from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { AppError, notFound } from "../http/app-error.ts";
import type { QueueAppointmentRow } from "../queue/apply-queue-status-change.ts";
import { applyVisitorCall } from "../queue/apply-visitor-call.ts";
import { announceQueueChange } from "./announce-queue-change.ts";
import { mayActAtLocationId } from "./find-staff-location.ts";
import { lockServingAtLocation } from "./serving-locks.ts";

export type CallNextOptions = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void };
  staff: StaffContext;
  locationId: number;
  /** the desk or counter the visitor is called to; else the caller's desk at the location */
  desk?: string | null | undefined;
  /** the vendor's call order (`board.call_order`); by arrival when not given */
  callOrder?: LobbyCallOrder;
  now?: Date;
};

export const alreadyServing = () =>
  new AppError("conflict", { code: "already_serving", messageId: LOBBY_MESSAGES.alreadyServing });

/** The visitor now called by the caller, or null when nobody the caller can serve waits. */
export async function callNextVisitor(
  options: CallNextOptions,
): Promise<QueueAppointmentRow | null> {
  const { db, staff } = options;
  const locationId = options.locationId;
  if (!mayActAtLocationId(staff, locationId)) throw notFound();
  const userId = staff.user.id;
  const q = queueAppointments;

  const taken = await db.transaction(async (tx) => {
    const now = options.now ?? new Date();
    if (!(await lockServingAtLocation(tx, userId, { vendorId: staff.vendorId, id: locationId })))
      throw notFound();
    await refuseIfServing(tx, staff, userId);
    const served = tx
      .select({ serviceId: userServices.serviceId })
      .from(userServices)
      .where(and(eq(userServices.userId, userId), eq(userServices.vendorId, staff.vendorId)));
    const [next] = await tx
      .select()
      .from(q)
      .where(
        and(
          eq(q.vendorId, staff.vendorId),
          eq(q.locationId, locationId),
          eq(q.status, "waiting"),
          // a visitor called by a colleague is on their way to that desk
          isNull(q.calledAt),
          // a visitor assigned to a colleague waits for that colleague
          or(isNull(q.userId), eq(q.userId, userId)),
          // no services listed: the staff member serves every service
          or(notExists(served), inArray(q.serviceId, served)),
        ),
      )
      .orderBy(...callOrderBy(options.callOrder ?? "arrival"))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!next) return null;
    return applyVisitorCall(tx, {
      row: next,
      action: "call",
      now,
      callerUserId: userId,
      desk: options.desk,
    });
  });

  if (taken) {
    await announceQueueChange(options, {
      vendorId: staff.vendorId,
      locationId: taken.locationId,
      queueAppointmentId: taken.id,
    });
  }
  return taken;
}

/**
 * The order "call next" takes visitors in. By service: the service's place in the vendor's list
 * (sort order, then id, as the services page lists them), read by a subquery so that FOR UPDATE
 * locks the visitor's row alone.
 */
function callOrderBy(order: LobbyCallOrder) {
  const q = queueAppointments;
  const arrival = [asc(q.queuedAt), asc(q.id)];
  if (order === "arrival") return arrival;
  const serviceRank = (column: typeof services.sortOrder | typeof services.id) =>
    sql`(select ${column} from ${services} where ${services.id} = ${q.serviceId})`;
  return [asc(serviceRank(services.sortOrder)), asc(serviceRank(services.id)), ...arrival];
}

/**
 * A staff member serves one visitor at a time, from the call on: complete, return or mark a no-show
 * the visitor they called or serve first. Looked up
 * through the locations the caller works at, so the line index answers it, however long the history.
 */
export async function refuseIfServing(
  tx: Pick<Db, "select">,
  staff: Pick<StaffContext, "vendorId" | "locationIds">,
  userId: number,
  exceptId?: number,
): Promise<void> {
  const q = queueAppointments;
  if (staff.locationIds.length === 0) return;
  const [busy] = await tx
    .select({ id: q.id })
    .from(q)
    .where(
      and(
        eq(q.vendorId, staff.vendorId),
        inArray(q.locationId, [...staff.locationIds]),
        or(eq(q.status, "in_progress"), and(eq(q.status, "waiting"), isNotNull(q.calledAt))),
        eq(q.userId, userId),
        exceptId === undefined ? undefined : ne(q.id, exceptId),
      ),
    )
    .limit(1);
  if (busy) throw alreadyServing();
}
