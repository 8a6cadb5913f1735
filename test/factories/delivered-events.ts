// A live event handler that records the domain events reaching the handlers, for tests of
// commands that record events (pass `handler` to buildTestApp's extraEventHandlers). The outbox is
// no place to look: a dispatched event is deleted from it, at the next poll if nothing woke the
// dispatcher sooner.
import { expect, vi } from "vitest";
import { z } from "zod";
import type { DomainEventType } from "../../src/server/events/outbox.ts";
import { defineEventHandler } from "../../src/server/jobs/event-handler.ts";

export function recordDeliveredEvents(name: string, types: readonly DomainEventType[]) {
  const events: { type: DomainEventType; id: number }[] = [];
  /** the aggregate id of every event delivered, in order */
  const ids: number[] = [];
  const handler = defineEventHandler({
    name,
    version: 1,
    handles: [...types],
    delivery: "live",
    payload: z.record(z.string(), z.unknown()),
    async handle(event) {
      events.push({ type: event.type, id: event.aggregateId });
      ids.push(event.aggregateId);
    },
  });
  return {
    handler,
    events,
    ids,
    /** Waits until an event of `type` about `id` has been delivered, and answers all of them. */
    async of(type: DomainEventType, id: number) {
      const matching = () => events.filter((e) => e.type === type && e.id === id);
      await vi.waitFor(() => expect(matching().length).toBeGreaterThan(0), { timeout: 5000 });
      return matching();
    },
  };
}
