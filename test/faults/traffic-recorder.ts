// Steady background traffic for outage tests: joins from a few workers and a /readyz probe, each
// call recorded with when it started and ended, so assertions can ask what happened in a window.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type FaultScenario, visitorJoin } from "./fault-scenario.ts";
import type { JoinAttempt } from "./join-ledger.ts";
import { call, type HttpOutcome, openVisitorSession, postJoin } from "./open-api-http.ts";

export type RecordedCall = {
  kind: "join" | "readyz";
  startedAt: number;
  endedAt: number;
  outcome: HttpOutcome;
};

export type Traffic = {
  calls: RecordedCall[];
  joins: JoinAttempt[];
  /** ms since the recorder started (the clock of startedAt/endedAt) */
  now(): number;
  /** calls of `kind` that started at or after `from` and ended at or before `to` */
  within(kind: RecordedCall["kind"], from: number, to: number): RecordedCall[];
  /** the first call of `kind` started after `from` that satisfied `test` */
  firstAfter(
    kind: RecordedCall["kind"],
    from: number,
    test: (outcome: HttpOutcome) => boolean,
  ): RecordedCall | undefined;
  stop(): Promise<void>;
};

export async function startTraffic(options: {
  baseUrl: string;
  scenario: FaultScenario;
  joinWorkers: number;
  /** pause between one worker's joins */
  joinPauseMs: number;
  readyzEveryMs: number;
  /** the longest any one call may take before the recorder gives up on it */
  timeoutMs?: number;
}): Promise<Traffic> {
  const origin = performance.now();
  const now = () => performance.now() - origin;
  const session = await openVisitorSession(options.baseUrl);
  const run = randomBytes(3).toString("hex");
  const calls: RecordedCall[] = [];
  const joins: JoinAttempt[] = [];
  const timeoutMs = options.timeoutMs ?? 15_000;
  let running = true;
  let index = 0;

  const joinWorker = async () => {
    while (running) {
      const visitor = visitorJoin(options.scenario, run, index++);
      const key = `traffic-${run}-${visitor.index}`;
      const startedAt = now();
      const outcome = await postJoin(session, visitor.document, { idempotencyKey: key, timeoutMs });
      calls.push({ kind: "join", startedAt, endedAt: now(), outcome });
      joins.push({ visitor, key, node: options.baseUrl, outcome });
      await sleep(options.joinPauseMs);
    }
  };
  const readyzProbe = async () => {
    while (running) {
      const startedAt = now();
      const outcome = await call(options.baseUrl, { path: "/readyz", timeoutMs });
      calls.push({ kind: "readyz", startedAt, endedAt: now(), outcome });
      await sleep(options.readyzEveryMs);
    }
  };
  const loops = [...Array.from({ length: options.joinWorkers }, joinWorker), readyzProbe()];

  return {
    calls,
    joins,
    now,
    within: (kind, from, to) =>
      calls.filter((c) => c.kind === kind && c.startedAt >= from && c.endedAt <= to),
    firstAfter: (kind, from, test) =>
      calls
        .filter((c) => c.kind === kind && c.startedAt >= from && test(c.outcome))
        .sort((a, b) => a.startedAt - b.startedAt)[0],
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** "201", "503", or the network error, for compact failure messages. */
export function describeOutcome(outcome: HttpOutcome): string {
  return outcome.ok ? String(outcome.status) : outcome.error;
}
