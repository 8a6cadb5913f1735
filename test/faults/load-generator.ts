// Load for the fault tests, always bounded in count and time: a closed loop (N workers, each
// sending as soon as its last call came back) that measures throughput, and an open loop (calls
// at a fixed rate, whether or not earlier ones came back) that can push a server past it.
import { setTimeout as sleep } from "node:timers/promises";
import type { HttpOutcome } from "./open-api-http.ts";

export type LoadRecord = {
  index: number;
  startedAt: number;
  endedAt: number;
  outcome: HttpOutcome;
};

export async function closedLoop(options: {
  workers: number;
  maxCalls: number;
  durationMs: number;
  send: (index: number) => Promise<HttpOutcome>;
}): Promise<{ records: LoadRecord[]; elapsedMs: number }> {
  const origin = performance.now();
  const records: LoadRecord[] = [];
  let next = 0;
  const worker = async () => {
    while (next < options.maxCalls && performance.now() - origin < options.durationMs) {
      const index = next++;
      const startedAt = performance.now() - origin;
      const outcome = await options.send(index);
      records.push({ index, startedAt, endedAt: performance.now() - origin, outcome });
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  return { records, elapsedMs: performance.now() - origin };
}

export async function openLoop(options: {
  ratePerSecond: number;
  durationMs: number;
  /** calls allowed in flight at once; a call due beyond it is counted as not sent */
  maxInFlight: number;
  send: (index: number) => Promise<HttpOutcome>;
}): Promise<{ records: LoadRecord[]; notSent: number; elapsedMs: number }> {
  const origin = performance.now();
  const records: LoadRecord[] = [];
  const pending = new Set<Promise<void>>();
  const total = Math.floor((options.ratePerSecond * options.durationMs) / 1000);
  let notSent = 0;
  for (let index = 0; index < total; index++) {
    // Calls are due on a fixed schedule; a late generator catches up rather than slowing the rate.
    const due = (index * 1000) / options.ratePerSecond;
    const wait = due - (performance.now() - origin);
    if (wait > 1) await sleep(wait);
    if (pending.size >= options.maxInFlight) {
      notSent++;
      continue;
    }
    const startedAt = performance.now() - origin;
    const call = options.send(index).then((outcome) => {
      records.push({ index, startedAt, endedAt: performance.now() - origin, outcome });
      pending.delete(call);
    });
    pending.add(call);
  }
  await Promise.all(pending);
  return { records, notSent, elapsedMs: performance.now() - origin };
}

/** Counts outcomes by status ("201", "503") or network error ("ECONNRESET", "TIMEOUT"). */
export function tally(records: LoadRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of records) {
    const key = outcome.ok ? String(outcome.status) : outcome.error;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
