// "Staff sessions revoked": the one announcement that ends the realtime subscriptions of a session,
// or of every session of a user, on every node (Redis pub/sub when REDIS_URL is set, in-process
// otherwise, as the cache invalidation bus does). Sign-out, sign-out everywhere and a password
// reset announce it; so must deactivating an account and changing its role or locations. The
// subscriptions' holders subscribe again, which checks the session afresh.
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";
import { z } from "zod";

export const STAFF_SESSIONS_REVOKED_CHANNEL = "nextline:staff-sessions-revoked";

/** One session (sessions.id), or every session of a user. */
export type StaffSessionRevocation = { sessionId: string } | { userId: number };

const revocationSchema: z.ZodType<StaffSessionRevocation> = z.union([
  z.strictObject({ sessionId: z.string().min(1).max(128) }),
  z.strictObject({ userId: z.number().int().positive() }),
]);

export type StaffSessionRevocationListener = {
  /** a revocation announced on any node, this one included */
  revoked(revocation: StaffSessionRevocation): void;
  /** announcements may have been missed (Redis came back): check every held session again */
  missed(): void;
};

export type StaffSessionRevocations = {
  /** Ends the subscriptions of the sessions named, on this node at once and on the others within a Redis round trip. */
  announce(revocation: StaffSessionRevocation): Promise<void>;
  /** This node's listener (the realtime server); returns its removal. */
  listen(listener: StaffSessionRevocationListener): () => void;
  close(): Promise<void>;
};

function listeners() {
  const all = new Set<StaffSessionRevocationListener>();
  return {
    listen(listener: StaffSessionRevocationListener) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    revoked(revocation: StaffSessionRevocation) {
      for (const listener of all) listener.revoked(revocation);
    },
    missed() {
      for (const listener of all) listener.missed();
    },
  };
}

/** A single node, or tests. */
export function localStaffSessionRevocations(): StaffSessionRevocations {
  const local = listeners();
  return {
    async announce(revocation) {
      local.revoked(revocation);
    },
    listen: local.listen,
    async close() {},
  };
}

export async function redisStaffSessionRevocations(
  url: string,
  log: FastifyBaseLogger,
): Promise<StaffSessionRevocations> {
  const local = listeners();
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
    log.error(
      { err: error },
      "staff session revocations: Redis unavailable; other nodes check sessions at the next subscribe",
    );
  };
  publisher.on("error", logError);
  subscriber.on("error", logError);
  let subscribedOnce = false;
  subscriber.on("ready", () => {
    // A reconnection: whatever was announced meanwhile never arrived here.
    if (subscribedOnce) local.missed();
    subscribedOnce = true;
  });
  const onMessage = (message: string) => {
    let parsed: StaffSessionRevocation;
    try {
      parsed = revocationSchema.parse(JSON.parse(message));
    } catch (error) {
      log.warn({ err: error }, "staff session revocations: unreadable message ignored");
      return;
    }
    local.revoked(parsed);
  };
  // Not awaited: with Redis away at start-up the node serves anyway (every subscribe checks the
  // session in the database), and the clients keep reconnecting.
  publisher.connect().catch(logError);
  subscriber.connect().catch(logError);
  const subscribed = subscriber
    .subscribe(STAFF_SESSIONS_REVOKED_CHANNEL, onMessage)
    .catch(logError);
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);

  return {
    async announce(revocation) {
      // This node first; its own message coming back over Redis finds nothing left to end.
      local.revoked(revocation);
      await publisher
        .publish(STAFF_SESSIONS_REVOKED_CHANNEL, JSON.stringify(revocation))
        .catch(logError);
    },
    listen: local.listen,
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
