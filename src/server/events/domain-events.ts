// Domain events raised by commands after their transaction commits; realtime and jobs consume
// them. A route never talks to the socket server directly: it runs a command, the command emits.
import { EventEmitter } from "node:events";
import type { WaitTimeEntry } from "../../shared/realtime-channels.ts";

export type DomainEvents = {
  /** the wait-time list of a location changed (spec §7 WaitTimeRecalculated) */
  waitTimesRecalculated: { vendorId: number; locationId: number; entries: WaitTimeEntry[] };
  /** a queue appointment was created or changed (status, staff, meeting link, dial-in, …) */
  queueAppointmentChanged: {
    vendorId: number;
    locationId: number;
    queueAppointmentId: number;
    change: "created" | "updated";
  };
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
