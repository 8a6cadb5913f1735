// Sheds load instead of letting it turn into timeouts for everyone: while the event loop lags or
// memory runs high (@fastify/under-pressure samples both), new requests get a JSON:API 503 with
// Retry-After at once, and the requests already admitted keep the CPU they need to finish.
import { totalmem } from "node:os";
import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

export type LoadSheddingLimits = {
  /** mean event-loop delay (ms) over one sample above which new requests are refused */
  maxEventLoopDelayMs: number;
  /** share of V8's heap limit in use above which new requests are refused */
  maxHeapFraction: number;
  /** share of the memory the process may use (cgroup limit, else the machine's) above which new requests are refused */
  maxRssFraction: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
};

/**
 * Chosen on a 2-core machine. With PostgreSQL a healthy node's loop lags a few ms; past 100 ms
 * every admitted request already waits that long per turn, so new ones are better sent elsewhere;
 * sampling every 250 ms reacts within a fraction of a second. The embedded database runs its
 * queries on the loop itself, so there a busy loop is normal work and only a lag that threatens
 * timeouts (1 s) means overload; it is sampled every second, since a sample with no tick at all
 * (one query held the loop throughout) counts as an infinite lag.
 */
export function loadSheddingLimits(database: "pglite" | "postgres"): LoadSheddingLimits {
  const embedded = database === "pglite";
  return {
    maxEventLoopDelayMs: embedded ? 1_000 : 100,
    maxHeapFraction: 0.85,
    maxRssFraction: 0.85,
    sampleIntervalMs: embedded ? 1_000 : 250,
    retryAfterSeconds: 2,
  };
}

/** Probes that must answer under load: an orchestrator killing a busy node would only add to the load. */
const NEVER_SHED = new Set(["/healthz"]);

/** The memory this process may use: its cgroup limit when there is one, else the machine's. */
export function memoryBudgetBytes(): number {
  const constrained = process.constrainedMemory();
  const total = totalmem();
  return constrained > 0 && constrained < total ? constrained : total;
}

export async function registerLoadShedding(
  app: FastifyInstance,
  limits: LoadSheddingLimits = loadSheddingLimits(app.database.kind),
) {
  const retryAfter = String(limits.retryAfterSeconds);
  let lastWarned = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * limits.maxHeapFraction),
    maxRssBytes: Math.floor(memoryBudgetBytes() * limits.maxRssFraction),
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    pressureHandler: (request: FastifyRequest, _reply, type) => {
      if (NEVER_SHED.has(request.url.split("?")[0] ?? "")) return undefined;
      // One line per 10 s tells the operator; one per shed request would add to the load.
      if (Date.now() - lastWarned > 10_000) {
        lastWarned = Date.now();
        app.log.warn({ type, ...app.memoryUsage() }, "overloaded: shedding new requests with 503");
      }
      // A rejected promise goes to the error handler, which writes the localised JSON:API 503.
      return Promise.reject(
        new AppError(
          "unavailable",
          { code: "overloaded", messageId: "Errors.unavailable" },
          { headers: { "retry-after": retryAfter } },
        ),
      );
    },
  });
}
