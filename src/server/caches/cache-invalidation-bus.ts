// Carries cache invalidations to every node: over Redis pub/sub when REDIS_URL is set (every node
// subscribes, the publishing node included), in-process otherwise. A node that lost Redis cannot
// know what it missed, so when its subscription comes back it drops every cached answer.
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";
import { z } from "zod";
import type { CacheChange } from "./cache-change.ts";

export const CACHE_INVALIDATION_CHANNEL = "nextline:cache-invalidation";

const cacheChange: z.ZodType<CacheChange> = z.discriminatedUnion("entity", [
  z.object({ entity: z.literal("vendor"), vendorId: z.number().int() }),
  z.object({
    entity: z.literal("location"),
    vendorId: z.number().int(),
    locationId: z.number().int(),
  }),
  z.object({
    entity: z.literal("service"),
    vendorId: z.number().int(),
    serviceId: z.number().int(),
  }),
  z.object({ entity: z.literal("question"), vendorId: z.number().int() }),
  z.object({ entity: z.literal("cx-snippets"), vendorId: z.number().int() }),
  z.object({
    entity: z.literal("visit-completed"),
    vendorId: z.number().int(),
    locationId: z.number().int(),
  }),
]);

export type InvalidationTarget = {
  invalidate(change: CacheChange): void;
  clear(): void;
};

export type CacheInvalidationBus = {
  /** Invalidates on every node (this one at once, the others within a Redis round trip). */
  publish(change: CacheChange): Promise<void>;
  close(): Promise<void>;
};

/** Every node's own caches, in this process only: a single node, or tests. */
export function localInvalidationBus(target: InvalidationTarget): CacheInvalidationBus {
  return {
    async publish(change) {
      target.invalidate(change);
    },
    async close() {},
  };
}

export async function redisInvalidationBus(
  url: string,
  target: InvalidationTarget,
  log: FastifyBaseLogger,
): Promise<CacheInvalidationBus> {
  const options = {
    url,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5_000),
    },
  };
  const publisher = createClient({ ...options, disableOfflineQueue: true });
  const subscriber = createClient(options);
  let lastErrorLogged = 0;
  const logError = (error: unknown) => {
    if (Date.now() - lastErrorLogged < 10_000) return;
    lastErrorLogged = Date.now();
    log.error({ err: error }, "cache invalidation: Redis unavailable; other nodes' caches expire");
  };
  publisher.on("error", logError);
  subscriber.on("error", logError);
  let subscribedOnce = false;
  subscriber.on("ready", () => {
    // A reconnection: whatever was published meanwhile never arrived here.
    if (subscribedOnce) target.clear();
    subscribedOnce = true;
  });
  const onMessage = (message: string) => {
    let parsed: CacheChange;
    try {
      parsed = cacheChange.parse(JSON.parse(message));
    } catch (error) {
      log.warn({ err: error }, "cache invalidation: unreadable message ignored");
      return;
    }
    target.invalidate(parsed);
  };
  // Not awaited: with Redis away at start-up the node serves anyway (its caches expire on their
  // own), and the clients keep reconnecting; the subscription is sent once the connection is up.
  publisher.connect().catch(logError);
  subscriber.connect().catch(logError);
  const subscribed = subscriber.subscribe(CACHE_INVALIDATION_CHANNEL, onMessage).catch(logError);
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);

  return {
    async publish(change) {
      // This node first: its next answer must not wait for Redis.
      target.invalidate(change);
      await publisher.publish(CACHE_INVALIDATION_CHANNEL, JSON.stringify(change)).catch(logError);
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
