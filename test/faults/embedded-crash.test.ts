// Promise 2b: on the embedded database (PGlite in DATA_DIR, no PostgreSQL), a process killed with
// kill -9 while visitors join loses nothing it acknowledged: restarted on the same data directory,
// every 201 is there, whole, and retries with the same Idempotency-Key return the original.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, PGLITE_EXTENSIONS } from "../../src/server/db/client.ts";
import { recordFigures, round, SESSION_SECRET } from "./fault-environment.ts";
import {
  createFaultScenarioIn,
  FAULTS_VENDOR,
  type FaultScenario,
  visitorJoin,
} from "./fault-scenario.ts";
import { acknowledged, checkLedger, type JoinAttempt } from "./join-ledger.ts";
import {
  appointmentOf,
  call,
  keepAliveAgent,
  openVisitorSession,
  postJoin,
} from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";

const TOTAL_JOINS = 240;
const WORKERS = 4;
const KILL_AFTER = 120;

describe("embedded database: kill -9 mid-stream, restart on the same data directory", () => {
  let dataDir: string;
  let scenario: FaultScenario;
  let node: ServerNode;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "nextline-faults-embedded-"));
    // PGlite admits one process: the scenario is written before the server opens the directory.
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      scenario = await createFaultScenarioIn(database.db);
    } finally {
      await database.close();
    }
    node = await serverNode({
      name: "node",
      scenario: "embedded-crash",
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        SESSION_SECRET,
        DEFAULT_VENDOR: FAULTS_VENDOR,
        SEED_DEMO: "false",
        RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
        RATE_LIMIT_LOOKUP_PER_MINUTE: "1000000",
      },
    });
    await node.start();
  });

  afterAll(async () => {
    await node?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds every acknowledged join after the restart, with its client and answers, and nothing half-written", async () => {
    const run = randomBytes(3).toString("hex");
    let agent = keepAliveAgent();
    const session = await openVisitorSession(node.url, agent);
    const attempts: JoinAttempt[] = [];
    const keyOf = (index: number) => `embedded-${run}-${index}`;
    let sent = 0;
    let killed: Promise<unknown> | null = null;
    const worker = async () => {
      while (sent < TOTAL_JOINS && !killed) {
        const index = sent++;
        if (index === KILL_AFTER) {
          killed = node.kill();
          break;
        }
        const visitor = visitorJoin(scenario, run, index);
        const outcome = await postJoin(session, visitor.document, {
          idempotencyKey: keyOf(index),
          agent,
        });
        attempts.push({ visitor, key: keyOf(index), node: "node", outcome });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killed;
    agent.destroy();
    const acknowledgedBeforeKill = attempts.filter((attempt) => acknowledged(attempt));
    expect(acknowledgedBeforeKill.length).toBeGreaterThan(KILL_AFTER / 2);

    const restartMs = await node.start();
    agent = keepAliveAgent();
    // Counted through the API of the restarted process: each acknowledged appointment answers 200.
    const missingAfterRestart: number[] = [];
    for (const attempt of acknowledgedBeforeKill) {
      const { id, confirmCode } = acknowledged(attempt)!;
      const answer = await call(node.url, {
        path: `/api/v2/open/queue-appointments/${id}?code=${encodeURIComponent(confirmCode)}`,
        agent,
      });
      if (!answer.ok || answer.status !== 200) missingAfterRestart.push(id);
    }
    // A retry of each acknowledged join returns its appointment instead of a second one.
    let replayed = 0;
    for (const attempt of acknowledgedBeforeKill.slice(0, 30)) {
      const outcome = await postJoin(session, attempt.visitor.document, {
        idempotencyKey: attempt.key,
        agent,
      });
      expect(outcome.ok && outcome.status).toBe(201);
      if (outcome.ok && appointmentOf(outcome).id === acknowledged(attempt)!.id) replayed++;
    }
    agent.destroy();
    const stopped = await node.terminate();
    expect(stopped.code).toBe(0);

    const pglite = new PGlite(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
    try {
      const check = await checkLedger(
        (text, params) => pglite.query(text, params),
        scenario.vendorId,
        attempts,
      );
      recordFigures("embedded-crash", {
        sent: attempts.length,
        acknowledged: acknowledgedBeforeKill.length,
        foundThroughApiAfterRestart: acknowledgedBeforeKill.length - missingAfterRestart.length,
        foundInDatabase: check.found,
        halfWritten: check.halfWritten,
        duplicates: check.duplicates,
        retriesReturningOriginal: replayed,
        restartToReadyMs: round(restartMs),
      });
      expect(missingAfterRestart).toEqual([]);
      expect(check.problems).toEqual([]);
      expect(check.found).toBe(acknowledgedBeforeKill.length);
      expect(check.halfWritten).toBe(0);
      expect(check.duplicates).toBe(0);
      expect(replayed).toBe(Math.min(30, acknowledgedBeforeKill.length));
    } finally {
      await pglite.close();
    }
  });
});
