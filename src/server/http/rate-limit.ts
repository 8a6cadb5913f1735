// Per-IP rate limits on joins and on confirm-code look-ups (config RATE_LIMIT_JOIN_PER_MINUTE,
// RATE_LIMIT_LOOKUP_PER_MINUTE), answered with 429 and Retry-After. With REDIS_URL the counters
// live in Redis so every node counts together; otherwise in memory. A HEAD request counts on its
// GET route's counter.
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { createClient } from "redis";
import type { Config } from "../config.ts";
import { AppError } from "./app-error.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** the rate-limit store's Redis client when REDIS_URL is set, for counters of other shapes (sign-in attempts) */
    rateLimitRedis: ScriptRunner | null;
  }
}

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
export type ScriptRunner = {
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
      return new RedisRateLimitStore(undefined, `${this.prefix}${counterOf(routeOptions)}:`);
    }
  };
}

/**
 * The counter a route's requests count on: its method and path, HEAD counted as GET. Fastify adds
 * a HEAD twin to every GET route, and the plugin gives each route a store of its own; without
 * this a client would get the limit twice, once per method.
 */
export function counterOf(routeOptions: object): string {
  const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  const method = Array.isArray(route?.method) ? route.method.join(",") : String(route?.method);
  return `${method === "HEAD" ? "GET" : method}${String(route?.url)}`;
}

type Window = { current: number; endsAt: number };
/** At most this many live windows are kept; past it, windows that have ended are dropped. */
const MEMORY_WINDOWS = 10_000;

/**
 * The in-memory store: fixed windows like the Redis one, in one map for every route, so routes that
 * share a counter (a GET and its HEAD) share a window. `now` is the clock (tests pass their own).
 */
export function memoryRateLimitStore(now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  const prune = (at: number) => {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    // Still full of live windows: drop the oldest, as the plugin's own LRU store would.
    for (const key of windows.keys()) {
      if (windows.size < MEMORY_WINDOWS) break;
      windows.delete(key);
    }
  };
  return class MemoryRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_params?: unknown, prefix = "") {
      this.prefix = prefix;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      const at = now();
      const name = this.prefix + key;
      let window = windows.get(name);
      if (!window || window.endsAt <= at) {
        if (!window && windows.size >= MEMORY_WINDOWS) prune(at);
        window = { current: 0, endsAt: at + timeWindow };
        windows.set(name, window);
      }
      window.current += 1;
      callback(null, { current: window.current, ttl: window.endsAt - at });
    }
    child(routeOptions: object) {
      return new MemoryRateLimitStore(undefined, `${this.prefix}${counterOf(routeOptions)}:`);
    }
  };
}

/**
 * Fixed-window counts outside the HTTP plugin (realtime refusals), in the same place as the
 * plugin's: Redis when REDIS_URL is set, so every node counts together; memory otherwise.
 */
export type RateCounter = {
  /** counts one hit of `key` in its window and says how many the window holds */
  hit(key: string, windowMs: number): Promise<number>;
  /** the hits of `key` in its current window, without adding one */
  count(key: string): Promise<number>;
};

declare module "fastify" {
  interface FastifyInstance {
    rateCounter: RateCounter;
  }
}

const COUNTER_PREFIX = "nl-rate-count:";

export function redisRateCounter(
  client: ScriptRunner & { get(key: string): Promise<unknown> },
): RateCounter {
  return {
    async hit(key, windowMs) {
      const reply = await client.eval(INCREMENT, {
        keys: [COUNTER_PREFIX + key],
        arguments: [String(windowMs)],
      });
      return Number((reply as [number, number])[0]);
    },
    async count(key) {
      return Number((await client.get(COUNTER_PREFIX + key)) ?? 0);
    },
  };
}

export function memoryRateCounter(now: () => number = Date.now): RateCounter {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) windows.delete(key);
    return windows.get(key);
  };
  return {
    async hit(key, windowMs) {
      // Ended windows go when a new one starts, so the map holds only keys counted recently.
      if (windows.size > 10_000) for (const k of [...windows.keys()]) live(k);
      const window = live(key) ?? { hits: 0, endsAt: now() + windowMs };
      window.hits += 1;
      windows.set(key, window);
      return window.hits;
    },
    async count(key) {
      return live(key)?.hits ?? 0;
    },
  };
}

export async function registerRateLimits(app: FastifyInstance, config: Pick<Config, "REDIS_URL">) {
  let store: ReturnType<typeof redisRateLimitStore> | ReturnType<typeof memoryRateLimitStore> =
    memoryRateLimitStore();
  let redis: ScriptRunner | null = null;
  let counter: RateCounter = memoryRateCounter();
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
    redis = client;
    counter = redisRateCounter(client);
  }
  app.decorate("rateLimitRedis", redis);
  app.decorate("rateCounter", counter);
  await app.register(rateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    skipOnError: true,
    store,
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
