// The in-process bus of this node: the dispatcher's live handlers announce committed changes on it
// (realtime and the location-wait cache listen), the wait-time recalculation announces new lists,
// and commands say they committed events to the outbox so the dispatcher reads it at once. Durable
// facts live in the outbox (outbox.ts), never only here.
import { EventEmitter } from "node:events";
import type { WaitTimeEntry } from "../../shared/contracts/realtime.ts";
import type { DispatchedEvent } from "./outbox.ts";

export type DomainEvents = {
  /** the wait-time list of a location changed (spec §7 WaitTimeRecalculated) */
  waitTimesRecalculated: { vendorId: number; locationId: number; entries: WaitTimeEntry[] };
  /** a queue appointment was created or changed (status, staff, meeting link, dial-in, …), as
   *  dispatched from the outbox by the realtime-bridge handler */
  queueAppointmentChanged: {
    vendorId: number;
    locationId: number;
    queueAppointmentId: number;
    change: "created" | "updated";
  };
  /** a booked appointment was booked or changed, as dispatched by the appointment-realtime handler */
  appointmentChanged: {
    vendorId: number;
    locationId: number;
    appointmentId: number;
    /** its start now (ISO 8601) */
    startsAt: string;
  };
  /**
   * a message of a visit was written or changed (sent, delivered, failed, a reply came in): the
   * message sender and the inbound webhook say so after they commit, so the lobby refetches only
   * that visit's messages
   */
  queueAppointmentMessagesChanged: {
    vendorId: number;
    locationId: number;
    queueAppointmentId: number;
  };
  /**
   * the vendor's settings changed (`vendor.updated`, as dispatched by the board-settings-realtime
   * handler): the boards on screen re-read themselves
   */
  boardSettingsChanged: { vendorId: number };
  /**
   * a command of this node committed domain events to the outbox: dispatch them now. `committed`
   * are events written already claimed by this node (the joins'), handed on without reading them
   */
  eventsRecorded: { committed?: DispatchedEvent[] };
};

export type DomainEventName = keyof DomainEvents;

export class DomainEventBus {
  readonly #emitter = new EventEmitter({ captureRejections: false });

  constructor() {
    this.#emitter.setMaxListeners(100);
  }

  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    this.#emitter.emit(name, payload);
  }

  on<K extends DomainEventName>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.#emitter.on(name, listener);
    return () => this.#emitter.off(name, listener);
  }
}
