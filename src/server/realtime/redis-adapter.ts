// The socket.io Redis streams adapter (with REDIS_URL), so an event emitted on one node reaches
// sockets on every node. If Redis goes away the node keeps serving its own sockets: publishing
// fails fast instead of queueing, so local delivery is never held back, and no error escapes.
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";

export type RedisAdapter = {
  adapter: ReturnType<typeof createAdapter>;
  /** true once the publishing connection is up */
  isReady(): boolean;
  close(): Promise<void>;
};

/** How long start-up waits for Redis before serving local sockets only (it keeps reconnecting). */
const CONNECT_WAIT_MS = 3_000;

export async function createRedisAdapter(
  url: string,
  log: FastifyBaseLogger,
): Promise<RedisAdapter> {
  let closing = false;
  const clients: { isReady: boolean; close(): Promise<void>; destroy(): void }[] = [];
  let lastErrorLogged = 0;
  const logError = (error: unknown) => {
    // A Redis outage raises an error per reconnect attempt; one line every 10 s tells the story.
    if (closing || Date.now() - lastErrorLogged < 10_000) return;
    lastErrorLogged = Date.now();
    log.error({ err: error }, "realtime: Redis unavailable; events reach this node's sockets only");
  };

  const open = (disableOfflineQueue: boolean) => {
    const client = createClient({
      url,
      disableOfflineQueue,
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000),
      },
    });
    client.on("error", logError);
    const connect = client.connect.bind(client);
    // Closing while Redis is down: leave the adapter's pending connect unsettled rather than rejected.
    client.connect = () =>
      connect().catch((error) => (closing ? new Promise<never>(() => {}) : Promise.reject(error)));
    clients.push(client);
    return client;
  };

  // Publishing and session commands must fail at once while Redis is down (the adapter then
  // delivers locally); the stream readers and the subscriber may wait for it to come back.
  const publisher = open(true);
  const swallow =
    (command: (...args: never[]) => Promise<unknown>) =>
    (...args: never[]) =>
      command(...args).catch((error: unknown) => {
        logError(error);
        return null;
      });
  // The adapter fires some commands without awaiting them (session saves, pub/sub notices);
  // a rejection there would be unhandled, so those answer null on failure instead.
  const guarded = new Proxy(publisher, {
    get(target, property) {
      if (property === "duplicate") return () => open(false);
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      const bound = (value as (...args: never[]) => Promise<unknown>).bind(target);
      return property === "set" || property === "publish" || property === "sPublish"
        ? swallow(bound)
        : bound;
    },
  });

  const ready = publisher.connect();
  const waited = await Promise.race([
    ready.then(() => true),
    new Promise<false>((resolve) => setTimeout(resolve, CONNECT_WAIT_MS, false).unref()),
  ]).catch((error: unknown) => {
    logError(error);
    return false;
  });
  if (!waited)
    log.warn({ url: redactedUrl(url) }, "realtime: Redis not reachable yet; serving local sockets");
  else log.info({ url: redactedUrl(url) }, "realtime: Redis streams adapter connected");

  return {
    adapter: createAdapter(guarded, { streamName: "nextline:realtime", maxLen: 10_000 }),
    isReady: () => publisher.isReady,
    async close() {
      closing = true;
      // The publisher finishes what it has queued (sessions of the sockets just dropped, so they
      // can resume on another node); the readers sit in a blocking XREAD and are cut at once.
      await Promise.allSettled(
        clients.map((client) =>
          client === publisher && client.isReady ? client.close() : client.destroy(),
        ),
      );
    },
  };
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "redis://…";
  }
}
