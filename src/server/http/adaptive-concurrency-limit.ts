// A limit on requests in flight that follows the latency they get (additive increase,
// multiplicative decrease, as TCP does): while the limit is what holds requests back and they
// take longer than the target, it shrinks; while they finish within it, it grows. So the queue
// inside the node stays about `targetMs` long whatever the machine's throughput is right now.

export type ConcurrencyLimitOptions = {
  /** where the limit starts and where it drifts back to when there is no pressure */
  initial: number;
  min: number;
  max: number;
  /** latency (p90 of one interval's requests) the limit steers towards */
  targetMs: number;
};

export type ConcurrencyLimit = {
  /** admits a request (true) or refuses it (false) */
  tryAcquire(): boolean;
  /** an admitted request has been answered after `latencyMs` */
  release(latencyMs: number): void;
  /** closes one interval: adjusts the limit from what happened in it */
  adjust(): void;
  readonly limit: number;
  readonly inFlight: number;
};

/** Latencies kept per interval: enough for a p90, bounded under any load. */
const SAMPLE_SIZE = 512;

export function createConcurrencyLimit(options: ConcurrencyLimitOptions): ConcurrencyLimit {
  let limit = options.initial;
  let inFlight = 0;
  let refused = false;
  let peak = 0;
  let seen = 0;
  const latencies: number[] = [];

  return {
    tryAcquire() {
      if (inFlight >= limit) {
        refused = true;
        return false;
      }
      inFlight++;
      peak = Math.max(peak, inFlight);
      return true;
    },
    release(latencyMs) {
      inFlight = Math.max(0, inFlight - 1);
      // Reservoir sampling keeps the sample fair however many requests an interval has.
      seen++;
      if (latencies.length < SAMPLE_SIZE) latencies.push(latencyMs);
      else {
        const slot = Math.floor(Math.random() * seen);
        if (slot < SAMPLE_SIZE) latencies[slot] = latencyMs;
      }
    },
    adjust() {
      // The limit only learns while it binds; otherwise latency says nothing about it.
      const binding = refused || peak >= limit;
      if (binding && latencies.length > 0) {
        latencies.sort((a, b) => a - b);
        const p90 = latencies[Math.max(0, Math.ceil(latencies.length * 0.9) - 1)]!;
        limit =
          p90 > options.targetMs
            ? Math.max(options.min, Math.floor(limit * 0.8))
            : Math.min(options.max, limit + Math.max(1, Math.round(limit * 0.05)));
      } else if (!binding && limit < options.initial) {
        limit++;
      }
      latencies.length = 0;
      seen = 0;
      refused = false;
      peak = inFlight;
    },
    get limit() {
      return limit;
    },
    get inFlight() {
      return inFlight;
    },
  };
}
