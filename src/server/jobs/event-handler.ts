// What an event handler is: a name, a version, the event types it takes, how it is delivered, the
// zod schema of its payload and the function that has the effect. One handler per file in this
// folder; the dispatcher and the job queue run them.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, executeRows, type Tx } from "../db/client.ts";
import type { DispatchedEvent, DomainEventType } from "../events/outbox.ts";

export type EventHandler<P = unknown> = {
  /** kebab-case, unique; with the version it names the handler's job queue and idempotency key */
  name: string;
  /** raised when the handler's effect or payload changes meaning, so old jobs are never misread */
  version: number;
  handles: readonly DomainEventType[];
  /**
   * live: runs on the node that dispatches the event, right after it is committed (realtime,
   * caches, wait-time recalculation): cheap and idempotent, run again if the node dies first.
   * durable: one job per event on the job queue, retried with backoff and then listed as dead;
   * messages, webhooks and rollups are durable.
   */
  delivery: "live" | "durable";
  payload: z.ZodType<P>;
  handle(event: DispatchedEvent, payload: P): Promise<void>;
};

/** Declares a handler; typed so that `handle` receives the parsed payload. */
export function defineEventHandler<P>(handler: EventHandler<P>): EventHandler<P> {
  return handler;
}

export const handlerKey = (handler: Pick<EventHandler, "name" | "version">) =>
  `${handler.name}.v${handler.version}`;

/** The job queue's name for a durable handler. */
export const handlerQueue = (handler: Pick<EventHandler, "name" | "version">) =>
  `event.${handlerKey(handler)}`;

/**
 * The job id of one handler's job for one event: the same on every dispatch of that event, so an
 * event dispatched twice (its node died before marking it) never queues a second job.
 */
export function handlerJobId(handler: Pick<EventHandler, "name" | "version">, eventId: number) {
  const hex = createHash("sha256")
    .update(`${handlerKey(handler)}:${eventId}`)
    .digest("hex");
  // A version-5-shaped UUID: the job queue's ids are UUIDs.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Runs a durable handler's database effect at most once per event: the effect and the record that
 * it happened commit together, so a job retried after a crash finds it done and skips it.
 * Resolves true when the effect ran now, false when it had already happened.
 */
export async function onceForEvent(
  db: Db,
  handler: Pick<EventHandler, "name" | "version">,
  eventId: number,
  effect: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await executeRows(
      tx,
      sql`insert into handled_events (handler, event_id) values (${handlerKey(handler)}, ${eventId})
          on conflict do nothing returning event_id`,
    );
    if (claimed.length === 0) return false;
    await effect(tx);
    return true;
  });
}
