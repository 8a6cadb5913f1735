// Promise 2a: while PostgreSQL is gone, requests fail fast with 503 and Retry-After, /readyz says
// not ready, and the node recovers by itself when the database returns. PostgreSQL sits behind a
// proxy that drops and refuses connections (a restart) or swallows them (a vanished host).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingServices,
  percentile,
  recordFigures,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
  throughPort,
} from "./fault-environment.ts";
import { createFaultScenario, FAULTS_VENDOR, type FaultScenario } from "./fault-scenario.ts";
import { checkLedgerOnPostgres } from "./join-ledger.ts";
import { isJsonApiError } from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
import { describeOutcome, type RecordedCall, startTraffic } from "./traffic-recorder.ts";

const OUTAGE_MS = 5_000;
/** how long a request may take to be refused while the database is away */
const FAIL_FAST_MS = 2_500;
const READYZ_FAST_MS = 1_500;
const RECOVERY_MS = 5_000;

const missing = missingServices("database restart", ["DATABASE_URL"]);

describe.skipIf(missing.length > 0)(
  "database restart: PostgreSQL lost and back while requests flow",
  () => {
    let database: ScratchDatabase;
    let proxy: TcpProxy;
    let scenario: FaultScenario;
    let node: ServerNode;

    beforeAll(async () => {
      database = await scratchDatabase();
      const postgres = new URL(database.url);
      proxy = await startTcpProxy({ targets: [Number(postgres.port || 5432)] });
      node = await serverNode({
        name: "node",
        scenario: "database-restart",
        env: {
          DATABASE_URL: throughPort(database.url, proxy.port),
          SESSION_SECRET,
          DEFAULT_VENDOR: FAULTS_VENDOR,
          DATABASE_POOL_SIZE: "8",
          RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
          SEED_DEMO: "true",
          DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
        },
      });
      await node.start();
      scenario = await createFaultScenario(database.url);
    });

    afterAll(async () => {
      await node?.dispose();
      await proxy?.close();
      await database?.drop();
    });

    /** Every call in the window: 503 with Retry-After as a JSON:API error, within the bound. */
    const expectFastUnavailable = (calls: RecordedCall[], boundMs: number, what: string) => {
      for (const recorded of calls) {
        const { outcome } = recorded;
        const label = `${what} started ${round(recorded.startedAt)} ms: ${describeOutcome(outcome)} in ${round(outcome.ms)} ms`;
        expect(outcome.ok && outcome.status, label).toBe(503);
        if (!outcome.ok) continue;
        expect(outcome.headers["retry-after"], label).toMatch(/^\d+$/);
        expect(outcome.ms, label).toBeLessThanOrEqual(boundMs);
      }
    };

    it("answers 503 with Retry-After at once, reports not ready, and recovers without a restart", async () => {
      const pid = node.pid;
      const traffic = await startTraffic({
        baseUrl: node.url,
        scenario,
        joinWorkers: 4,
        joinPauseMs: 20,
        readyzEveryMs: 100,
      });
      try {
        await sleep(2_000);

        // A restart: connections drop and new ones are refused.
        const cutAt = traffic.now();
        await proxy.cut();
        await sleep(OUTAGE_MS);
        const restoredAt = traffic.now();
        await proxy.restore();
        await sleep(RECOVERY_MS);

        // A vanished host: connections drop and new ones are never answered.
        const silencedAt = traffic.now();
        await proxy.silence();
        await sleep(OUTAGE_MS);
        const returnedAt = traffic.now();
        await proxy.restore();
        await sleep(RECOVERY_MS);
        await traffic.stop();

        // Calls that began inside an outage (after a short settling time) and ended in it.
        const settle = 100;
        const refusedJoins = traffic.within("join", cutAt + settle, restoredAt);
        const refusedProbes = traffic.within("readyz", cutAt + settle, restoredAt);
        const silentJoins = traffic.within("join", silencedAt + settle, returnedAt);
        const silentProbes = traffic.within("readyz", silencedAt + settle, returnedAt);
        expect(refusedJoins.length).toBeGreaterThan(10);
        expect(silentJoins.length).toBeGreaterThanOrEqual(4);
        expectFastUnavailable(refusedJoins, FAIL_FAST_MS, "join while refused");
        expectFastUnavailable(refusedProbes, READYZ_FAST_MS, "/readyz while refused");
        expectFastUnavailable(silentJoins, FAIL_FAST_MS, "join while silent");
        expectFastUnavailable(silentProbes, READYZ_FAST_MS, "/readyz while silent");
        for (const recorded of [...refusedJoins, ...silentJoins]) {
          if (recorded.outcome.ok) expect(isJsonApiError(recorded.outcome)).toBe(true);
        }

        // Never a 500 or a dropped connection, not even for requests caught in the middle of the cut.
        const unexpected = traffic.calls.filter(
          (c) => !c.outcome.ok || ![200, 201, 503].includes(c.outcome.status),
        );
        expect(
          unexpected.map(
            (c) => `${c.kind} at ${round(c.startedAt)}: ${describeOutcome(c.outcome)}`,
          ),
        ).toEqual([]);

        const is = (status: number) => (outcome: RecordedCall["outcome"]) =>
          outcome.ok && outcome.status === status;
        const firstJoinAfterRestart = traffic.firstAfter("join", restoredAt, is(201));
        const firstReadyAfterRestart = traffic.firstAfter("readyz", restoredAt, is(200));
        const firstJoinAfterReturn = traffic.firstAfter("join", returnedAt, is(201));
        const firstReadyAfterReturn = traffic.firstAfter("readyz", returnedAt, is(200));
        expect(
          firstJoinAfterRestart &&
            firstReadyAfterRestart &&
            firstJoinAfterReturn &&
            firstReadyAfterReturn,
        ).toBeTruthy();
        const recovery = {
          joinAfterRestartMs: firstJoinAfterRestart!.endedAt - restoredAt,
          readyAfterRestartMs: firstReadyAfterRestart!.endedAt - restoredAt,
          joinAfterReturnMs: firstJoinAfterReturn!.endedAt - returnedAt,
          readyAfterReturnMs: firstReadyAfterReturn!.endedAt - returnedAt,
        };
        for (const ms of Object.values(recovery)) expect(ms).toBeLessThanOrEqual(RECOVERY_MS);
        expect(node.pid, "the node recovered without a restart").toBe(pid);

        const check = await checkLedgerOnPostgres(database.url, scenario.vendorId, traffic.joins);
        expect(check.problems).toEqual([]);
        expect(check.halfWritten).toBe(0);

        const outageJoins = [...refusedJoins, ...silentJoins];
        recordFigures("database-restart", {
          joinsSent: traffic.joins.length,
          acknowledged: check.acknowledged,
          foundInDatabase: check.found,
          halfWritten: check.halfWritten,
          joinsDuringOutages: outageJoins.length,
          refusedP99Ms: round(
            percentile(
              refusedJoins.map((c) => c.outcome.ms),
              99,
            ),
          ),
          silentP99Ms: round(
            percentile(
              silentJoins.map((c) => c.outcome.ms),
              99,
            ),
          ),
          readyzWhileDownMaxMs: round(
            Math.max(...[...refusedProbes, ...silentProbes].map((c) => c.outcome.ms)),
          ),
          ...Object.fromEntries(Object.entries(recovery).map(([name, ms]) => [name, round(ms)])),
        });
      } finally {
        await traffic.stop();
      }
    });
  },
);
