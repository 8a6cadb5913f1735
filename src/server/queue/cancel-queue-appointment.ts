// cancelQueueAppointment: a visitor withdraws from the line with their confirm code (spec §4 Cancel).
// Allowed from waiting or in progress only; anything else is a 409 from changeQueueStatus.
import type { QueueStatus } from "../../shared/domain.ts";
import type { AppCaches } from "../caches/app-caches.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { transitionRefused } from "./apply-queue-status-change.ts";
import { changeQueueStatus } from "./change-queue-status.ts";
import { findQueueAppointmentByCode } from "./find-queue-appointment-by-code.ts";

export type CancelQueueAppointmentOptions = {
  db: Db;
  events: DomainEventBus;
  caches: AppCaches;
  logger?: { error(details: object, message: string): void };
  now?: Date;
  vendorId: number;
  queueAppointmentId: number;
  confirmCode: string;
  /** the status the visitor asked for; only "cancelled" is a visitor's change */
  status?: QueueStatus;
};

export async function cancelQueueAppointment(options: CancelQueueAppointmentOptions) {
  const row = await findQueueAppointmentByCode(options.db, {
    vendorId: options.vendorId,
    id: options.queueAppointmentId,
    code: options.confirmCode,
  });
  if (options.status !== undefined && options.status !== "cancelled")
    throw transitionRefused(row.status);
  return changeQueueStatus({
    db: options.db,
    events: options.events,
    caches: options.caches,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.now ? { now: options.now } : {}),
    vendorId: options.vendorId,
    queueAppointmentId: row.id,
    to: "cancelled",
    actor: { kind: "visitor" },
  });
}
