// Live handler: a change to what the caches hold (a vendor's settings, a location, a service, a
// question, a visitor-page snippet, a completed visit's duration) drops the stale answers on every node, through the
// invalidation bus (Redis pub/sub when several nodes run).
import { z } from "zod";
import type { CacheChange } from "../caches/cache-change.ts";
import type { CacheInvalidationBus } from "../caches/cache-invalidation-bus.ts";
import type { DispatchedEvent } from "../events/outbox.ts";
import { defineEventHandler } from "./event-handler.ts";

/** The cache change an event stands for. */
export function cacheChangeOf(event: DispatchedEvent): CacheChange | null {
  const { vendorId, aggregateId } = event;
  switch (event.type) {
    case "vendor.updated":
      return { entity: "vendor", vendorId };
    case "location.updated":
      return { entity: "location", vendorId, locationId: aggregateId };
    case "service.updated":
      return { entity: "service", vendorId, serviceId: aggregateId };
    case "question.updated":
      return { entity: "question", vendorId };
    case "cx_snippet.updated":
      return { entity: "cx-snippets", vendorId };
    case "queue_appointment.completed": {
      const locationId = event.payload.locationId;
      return typeof locationId === "number"
        ? { entity: "visit-completed", vendorId, locationId }
        : null;
    }
    default:
      return null;
  }
}

export function invalidateCachesHandler(bus: Pick<CacheInvalidationBus, "publish">) {
  return defineEventHandler({
    name: "invalidate-caches",
    version: 1,
    handles: [
      "vendor.updated",
      "location.updated",
      "service.updated",
      "question.updated",
      "cx_snippet.updated",
      "queue_appointment.completed",
    ],
    delivery: "live",
    payload: z.record(z.string(), z.unknown()),
    async handle(event) {
      const change = cacheChangeOf(event);
      if (change) await bus.publish(change);
    },
  });
}
