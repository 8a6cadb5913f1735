// Sheds load instead of letting it turn into timeouts for everyone: new requests get a JSON:API
// 503 with Retry-After at once while too many are already in flight for the latency they get
// (with PostgreSQL the database saturates before the CPU does), the event loop lags or memory
// runs high (@fastify/under-pressure samples those), so the requests admitted finish quickly.
import { totalmem } from "node:os";
import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createConcurrencyLimit } from "./adaptive-concurrency-limit.ts";
import { AppError } from "./app-error.ts";

export type LoadSheddingLimits = {
  /** requests admitted at once: where the adaptive limit starts, its floor and its ceiling */
  requestsInFlight: { initial: number; min: number; max: number };
  /** the latency (p90) of admitted requests the limit on requests in flight steers towards */
  targetLatencyMs: number;
  /** mean event-loop delay (ms) over one sample above which new requests are refused; 0: no limit */
  maxEventLoopDelayMs: number;
  /** share of V8's heap limit in use above which new requests are refused */
  maxHeapFraction: number;
  /** share of the memory the process may use (cgroup limit, else the machine's) above which new requests are refused */
  maxRssFraction: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
};

/**
 * Chosen on a 2-core machine. With PostgreSQL the pool saturates long before the loop lags:
 * beyond a few requests per connection, more in flight only queue for a connection, so latency
 * grows and throughput does not (the overload test measured 10 s waits without a limit). The
 * limit on requests in flight starts at four per connection and adapts so admitted requests get a
 * p90 of 500 ms, on a fast machine or a busy one; it is the main defence. It never goes below one
 * per connection: fewer would leave the database idle while requests are refused. The event-loop
 * limit is a backstop for work that holds the loop itself: a mean lag of 250 ms over half a second
 * means every await of every request costs that much; it also refuses new WebSocket connections
 * (attach-realtime.ts). The embedded database runs its queries on the loop, so there the lag is
 * simply its queue, which the limit on requests in flight already steers; a loop limit only shed
 * joins at four concurrent visitors on a busy machine (a sample in which one query held the loop
 * throughout counts as an infinite lag), so it is off.
 */
export function loadSheddingLimits(
  database: "pglite" | "postgres",
  poolSize: number,
  /** LOAD_SHEDDING_MAX_LOOP_DELAY_MS, when the operator set it (0: no event-loop limit) */
  maxEventLoopDelayMs?: number,
): LoadSheddingLimits {
  const embedded = database === "pglite";
  return {
    requestsInFlight: embedded
      ? { initial: 16, min: 2, max: 64 }
      : { initial: poolSize * 4, min: poolSize, max: poolSize * 16 },
    targetLatencyMs: 500,
    maxEventLoopDelayMs: maxEventLoopDelayMs ?? (embedded ? 0 : 250),
    maxHeapFraction: 0.85,
    maxRssFraction: 0.85,
    sampleIntervalMs: 500,
    retryAfterSeconds: 2,
  };
}

/**
 * Only API calls are shed: they are what costs the database and the loop. The web app's files and
 * pages are static and cheap, and refusing one breaks the page for good (a script chunk that fails
 * to load leaves the page on its loading mark) where serving it late only slows it down. Probes
 * answer by their own logic under load: an orchestrator killing a busy node would only add to the
 * load, and /readyz's answer is its own document. The realtime socket has its own guard
 * (attach-realtime.ts).
 */
const neverShed = (request: FastifyRequest) => !request.url.startsWith("/api/");

/** The memory this process may use: its cgroup limit when there is one, else the machine's. */
export function memoryBudgetBytes(): number {
  const constrained = process.constrainedMemory();
  const total = totalmem();
  return constrained > 0 && constrained < total ? constrained : total;
}

export async function registerLoadShedding(
  app: FastifyInstance,
  limits: LoadSheddingLimits = loadSheddingLimits(
    app.database.kind,
    app.config.DATABASE_POOL_SIZE,
    app.config.LOAD_SHEDDING_MAX_LOOP_DELAY_MS,
  ),
) {
  const overloaded = () =>
    new AppError(
      "unavailable",
      { code: "overloaded", messageId: "Errors.unavailable" },
      { headers: { "retry-after": String(limits.retryAfterSeconds) } },
    );
  let lastWarned = 0;
  // One line per 10 s tells the operator; one per shed request would add to the load.
  const warn = (reason: string, details: object) => {
    if (Date.now() - lastWarned < 10_000) return;
    lastWarned = Date.now();
    app.log.warn({ reason, ...details }, "overloaded: shedding new requests with 503");
  };

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * limits.maxHeapFraction),
    maxRssBytes: Math.floor(memoryBudgetBytes() * limits.maxRssFraction),
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    pressureHandler: (request: FastifyRequest, _reply, type) => {
      if (neverShed(request)) return undefined;
      warn(type, app.memoryUsage());
      // A rejected promise goes to the error handler, which writes the localised JSON:API 503.
      return Promise.reject(overloaded());
    },
  });

  const inFlight = createConcurrencyLimit({
    ...limits.requestsInFlight,
    targetMs: limits.targetLatencyMs,
  });
  const adjusting = setInterval(() => inFlight.adjust(), limits.sampleIntervalMs);
  adjusting.unref();
  app.addHook("onClose", async () => clearInterval(adjusting));
  app.addHook("onRequest", (request, reply, done) => {
    if (neverShed(request)) return done();
    if (!inFlight.tryAcquire()) {
      warn("requestsInFlight", { inFlight: inFlight.inFlight, limit: inFlight.limit });
      return done(overloaded());
    }
    const admittedAt = performance.now();
    // 'close' comes once per response, whether it was sent in full or the client went away.
    reply.raw.once("close", () => inFlight.release(performance.now() - admittedAt));
    done();
  });
}
