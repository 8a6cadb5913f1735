// transferVisitor, the lobby's transfer: a waiting visitor moves to another service or another
// location's line. Their place by arrival time is kept (queued_at is not touched), and so is their
// ticket while they stay at the location; at another location they take its next ticket, since
// theirs may already be someone's there (decision 0022). One transaction with its history row and
// domain event; then both lines are recalculated, which announces them to every screen.
import { and, eq, isNull } from "drizzle-orm";
import type { TransferAttributes } from "../../shared/contracts/queue-appointment-transfer.ts";
import { MAX_ID } from "../../shared/contracts/resource-id.ts";
import { FULFILLMENT_METHODS } from "../../shared/domain.ts";
import { LOBBY_MESSAGES } from "../../shared/lobby/lobby-messages.ts";
import { serviceOffersMethod } from "../../shared/services/meeting-methods.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  locationServices,
  locations,
  queueAppointments,
  queueEvents,
  services,
} from "../db/schema.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError, notFound } from "../http/app-error.ts";
import { canActAtLocation } from "../permissions/tenant-scope.ts";
import { type QueueAppointmentRow, UNCALLED } from "../queue/apply-queue-status-change.ts";
import { takeTicket } from "../queue/take-ticket.ts";
import { localDateAt } from "../scheduling/local-day.ts";
import { announceQueueChange } from "./announce-queue-change.ts";

export type TransferVisitorOptions = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void };
  staff: StaffContext;
  queueAppointmentId: number;
  to: TransferAttributes;
  now?: Date;
};

const refused = (code: string, messageId: string, field: "location_id" | "service_id") =>
  new AppError("unprocessable", { code, messageId, pointer: `/data/attributes/${field}` });

export async function transferVisitor(
  options: TransferVisitorOptions,
): Promise<{ row: QueueAppointmentRow; fromLocationId: number }> {
  const { db, staff, to } = options;
  const id = options.queueAppointmentId;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound();
  const now = options.now ?? new Date();

  const moved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(queueAppointments)
      .where(and(eq(queueAppointments.id, id), eq(queueAppointments.vendorId, staff.vendorId)))
      .for("update");
    // The scope of both lines: the one the visitor leaves and the one they join.
    if (!row || !canActAtLocation(staff, row.locationId)) throw notFound();
    if (row.status !== "waiting")
      throw new AppError("conflict", {
        code: "not_waiting",
        messageId: LOBBY_MESSAGES.transferNotWaiting,
      });
    if (to.location_id === row.locationId && to.service_id === row.serviceId)
      throw refused("same_line", LOBBY_MESSAGES.transferSameLine, "service_id");
    const target = await targetLine(tx, staff, row, to);

    const ticket =
      target.location.id === row.locationId
        ? row.ticket
        : await takeTicket(tx, {
            vendorId: staff.vendorId,
            locationId: target.location.id,
            localDate: localDateAt(now, target.location.timezone),
            prefix: target.service.ticketPrefix,
          });
    const [updated] = await tx
      .update(queueAppointments)
      .set({
        locationId: target.location.id,
        serviceId: target.service.id,
        ticket,
        // Whoever was assigned, or had called them to a desk, works at the old line; the new line's
        // estimate comes with its recalculation.
        ...UNCALLED,
        userId: null,
        expectedStart: null,
        updatedAt: now,
      })
      .where(and(eq(queueAppointments.id, row.id), eq(queueAppointments.vendorId, row.vendorId)))
      .returning();
    await tx.insert(queueEvents).values({
      vendorId: row.vendorId,
      queueAppointmentId: row.id,
      type: "transferred",
      fromStatus: row.status,
      toStatus: row.status,
      actorUserId: staff.user.id,
      at: now,
    });
    await recordDomainEvents(tx, [
      {
        vendorId: row.vendorId,
        type: "queue_appointment.transferred",
        aggregateId: row.id,
        payload: {
          locationId: target.location.id,
          fromLocationId: row.locationId,
          fromStatus: row.status,
          toStatus: row.status,
          actorUserId: staff.user.id,
        },
        occurredAt: now,
      },
    ]);
    return { row: updated!, fromLocationId: row.locationId };
  });

  const change = { vendorId: staff.vendorId, queueAppointmentId: id };
  if (moved.fromLocationId !== moved.row.locationId)
    await announceQueueChange(options, { ...change, locationId: moved.fromLocationId });
  await announceQueueChange(options, { ...change, locationId: moved.row.locationId });
  return moved;
}

/**
 * The line asked for, refused unless the caller may act at its location and the service is offered
 * there (current, and by the visitor's meeting method and fulfilment).
 */
async function targetLine(
  tx: Tx,
  staff: StaffContext,
  row: QueueAppointmentRow,
  to: TransferAttributes,
) {
  const [location] = canActAtLocation(staff, to.location_id)
    ? await tx
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.id, to.location_id),
            eq(locations.vendorId, staff.vendorId),
            isNull(locations.archivedAt),
          ),
        )
    : [];
  if (!location)
    throw refused("location_unknown", LOBBY_MESSAGES.transferLocationUnknown, "location_id");
  const [service] = await tx
    .select({ service: services })
    .from(services)
    .innerJoin(
      locationServices,
      and(
        eq(locationServices.serviceId, services.id),
        eq(locationServices.locationId, location.id),
        eq(locationServices.vendorId, staff.vendorId),
      ),
    )
    .where(
      and(
        eq(services.id, to.service_id),
        eq(services.vendorId, staff.vendorId),
        isNull(services.archivedAt),
      ),
    );
  const curbside = row.fulfillmentMethod === FULFILLMENT_METHODS.curbside;
  const offered =
    service &&
    serviceOffersMethod(location, row.meetingMethod) &&
    serviceOffersMethod(service.service, row.meetingMethod) &&
    (curbside
      ? service.service.supportsCurbsidePickup && location.supportsCurbsidePickup
      : service.service.supportsWalkin);
  if (!offered)
    throw refused("service_unavailable", LOBBY_MESSAGES.transferServiceUnavailable, "service_id");
  return { location, service: service.service };
}
