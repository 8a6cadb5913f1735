// The catalogue of domain events and the one way to record them: inside the transaction of the
// change they describe, into the domain_events outbox, so a crash can never keep the change and
// lose its event. The dispatcher (event-dispatcher.ts) hands them to their handlers after commit.
import type { Tx } from "../db/client.ts";
import { domainEvents } from "../db/schema.ts";

/**
 * Every event type, named `<aggregate>.<what happened>` and versioned by its payload shape: a
 * change of shape gets a new name, so handlers never meet a payload they were not written for.
 */
export const DOMAIN_EVENT_TYPES = [
  "queue_appointment.joined",
  "queue_appointment.called",
  "queue_appointment.started",
  "queue_appointment.returned",
  "queue_appointment.completed",
  "queue_appointment.cancelled",
  "queue_appointment.no_show",
  "queue_appointment.updated",
  "queue_appointment.transferred",
  "appointment.booked",
  "appointment.rescheduled",
  "appointment.cancelled",
  "appointment.arrived",
  "appointment.started",
  "appointment.completed",
  "appointment.no_show",
  "vendor.updated",
  "location.updated",
  "service.updated",
  "question.updated",
  "staff_group.updated",
  "room.updated",
  "cx_snippet.updated",
  "staff.sign_in_failures",
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** A booked appointment's events: the schedule's realtime and the line's lanes follow them. */
export const APPOINTMENT_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((type) =>
  type.startsWith("appointment."),
);

export const QUEUE_APPOINTMENT_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((type) =>
  type.startsWith("queue_appointment."),
);

export type QueueAppointmentEventPayload = {
  locationId: number;
  fromStatus: string | null;
  toStatus: string | null;
  actorUserId: number | null;
  /** a transfer's: the line the visitor left (locationId is the one they joined) */
  fromLocationId?: number;
};

/** A booked appointment's change: where and with whom it is, and when it starts (ISO 8601). */
export type AppointmentEventPayload = {
  locationId: number;
  staffId: number | null;
  startsAt: string;
  /** booked: the queue place it replaced (spec §4 Convert) */
  convertedFromQueueAppointmentId?: number | null;
  /** rescheduled: where it was before */
  fromStartsAt?: string;
  fromStaffId?: number | null;
  /** cancelled: by the client, or a staff member */
  actor?: "client" | "staff";
  /** the staff member who made a staff change (moved, cancelled, arrived, started, …) */
  actorUserId?: number | null;
};

/**
 * Repeated failed sign-ins on a staff account (the aggregate is the user), recorded once per burst:
 * `failures` counts the account's failures when the burst was reported. For the owner to be told
 * once notifications exist.
 */
export type StaffSignInFailuresPayload = { failures: number };

/** The payload each type carries: thin, ids and what a handler needs to decide, never contact data. */
export type DomainEventPayloads = {
  [K in DomainEventType]: K extends `queue_appointment.${string}`
    ? QueueAppointmentEventPayload
    : K extends `appointment.${string}`
      ? AppointmentEventPayload
      : K extends "staff.sign_in_failures"
        ? StaffSignInFailuresPayload
        : Record<string, never>;
};

export type AggregateType =
  | "queue_appointment"
  | "appointment"
  | "vendor"
  | "location"
  | "service"
  | "question"
  | "staff_group"
  | "room"
  | "cx_snippet"
  | "staff";

export type NewDomainEvent<K extends DomainEventType = DomainEventType> = {
  vendorId: number;
  type: K;
  aggregateId: number;
  payload: DomainEventPayloads[K];
  occurredAt: Date;
};

/** An event as the dispatcher hands it on: its sequence number is the idempotency key of handlers. */
export type DispatchedEvent = {
  id: number;
  vendorId: number;
  type: DomainEventType;
  aggregateType: AggregateType;
  aggregateId: number;
  payload: Record<string, unknown>;
  occurredAt: Date;
};

export function aggregateOf(type: DomainEventType): AggregateType {
  return type.slice(0, type.indexOf(".")) as AggregateType;
}

/** Writes events in the caller's transaction; they reach handlers only if it commits. */
export async function recordDomainEvents(tx: Tx, events: readonly NewDomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(domainEvents).values(
    events.map((event) => ({
      vendorId: event.vendorId,
      type: event.type,
      aggregateType: aggregateOf(event.type),
      aggregateId: event.aggregateId,
      payload: event.payload,
      occurredAt: event.occurredAt,
    })),
  );
}

/** The event type of a queue appointment's status change (or of a change of its other fields). */
export function queueAppointmentEventType(
  to: string | undefined,
  queueEventType: string | undefined,
): DomainEventType {
  if (to === undefined || queueEventType === undefined) return "queue_appointment.updated";
  const type = `queue_appointment.${queueEventType}`;
  return (DOMAIN_EVENT_TYPES as readonly string[]).includes(type)
    ? (type as DomainEventType)
    : "queue_appointment.updated";
}
