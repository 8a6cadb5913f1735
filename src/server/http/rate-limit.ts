// Per-IP rate limits on joins and on confirm-code look-ups (config RATE_LIMIT_JOIN_PER_MINUTE,
// RATE_LIMIT_LOOKUP_PER_MINUTE), answered with 429 and Retry-After. With REDIS_URL the counters
// live in Redis so every node counts together; otherwise in memory.
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import type { Config } from "../config.ts";
import { AppError } from "./app-error.ts";

const WINDOW_MS = 60_000;
const CONNECT_WAIT_MS = 2_000;

// Fixed window: the first hit of a window sets its expiry; PTTL says when the window ends.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** The one command the store needs, so any node-redis client (or cluster) will do. */
type ScriptRunner = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
};
type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];

/**
 * A store for @fastify/rate-limit on node-redis (its built-in Redis store needs ioredis). The
 * plugin constructs the class itself, so the client comes in through a closure.
 */
export function redisRateLimitStore(client: ScriptRunner, namespace = "nl-rate-limit:") {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_params?: unknown, prefix = namespace) {
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      client
        .eval(INCREMENT, { keys: [this.prefix + key], arguments: [String(timeWindow)] })
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current: Number(current), ttl: Number(ttl) });
        })
        .catch((error: Error) => callback(error));
    }
    // The plugin hands the merged route limits, with the route under `routeInfo`.
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new RedisRateLimitStore(
        undefined,
        `${this.prefix}${String(route?.method)}${String(route?.url)}:`,
      );
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, config: Pick<Config, "REDIS_URL">) {
  let store: ReturnType<typeof redisRateLimitStore> | undefined;
  if (config.REDIS_URL) {
    // Commands fail at once while disconnected (no offline queue), and a failing store lets
    // requests through (skipOnError): a Redis outage must not take joins down with it.
    const client = createClient({
      url: config.REDIS_URL,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 2_000,
        reconnectStrategy: (retries) => Math.min(retries * 200, 5_000),
      },
    });
    client.on("error", (error) => app.log.warn({ err: error }, "rate-limit redis error"));
    // Wait briefly for the connection so the first requests are counted too, but never block
    // start-up on Redis: the client keeps reconnecting in the background.
    const connected = client.connect().then(
      () => true,
      (error: unknown) => {
        app.log.warn({ err: error }, "rate-limit redis unavailable");
        return false;
      },
    );
    await Promise.race([
      connected,
      new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref()),
    ]);
    app.addHook("onClose", async () => {
      if (client.isOpen) await client.close();
    });
    store = redisRateLimitStore(client);
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    skipOnError: true,
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        "rate_limited",
        { code: "rate_limited", messageId: "Errors.rate_limited" },
        { headers: { "retry-after": String(Math.max(1, Math.ceil(context.ttl / 1000))) } },
      ),
  });
}

/** Route config for the join call. */
export const joinRateLimit = (config: Pick<Config, "RATE_LIMIT_JOIN_PER_MINUTE">) => ({
  rateLimit: { max: config.RATE_LIMIT_JOIN_PER_MINUTE, timeWindow: WINDOW_MS },
});

/** Route config for calls that take a confirm code. */
export const lookupRateLimit = (config: Pick<Config, "RATE_LIMIT_LOOKUP_PER_MINUTE">) => ({
  rateLimit: { max: config.RATE_LIMIT_LOOKUP_PER_MINUTE, timeWindow: WINDOW_MS },
});
