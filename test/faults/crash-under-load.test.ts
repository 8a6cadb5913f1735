// Promise 1: a node killed (kill -9) while visitors join through two nodes loses no join it
// acknowledged, leaves nothing half-written, and an Idempotency-Key retry after the crash answers
// with the original appointment instead of a second place in line.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingServices,
  type RedisDatabase,
  recordFigures,
  redisDatabase,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
} from "./fault-environment.ts";
import {
  createFaultScenario,
  FAULTS_VENDOR,
  type FaultScenario,
  visitorJoin,
} from "./fault-scenario.ts";
import {
  acknowledged,
  appointmentsByKey,
  checkLedgerOnPostgres,
  type JoinAttempt,
} from "./join-ledger.ts";
import { appointmentOf, keepAliveAgent, openVisitorSession, postJoin } from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";

const TOTAL_JOINS = 600;
const WORKERS = 12;
/** the kill comes once this many joins have been sent, so load runs before, during and after it */
const KILL_AFTER = 200;
const LOAD_DEADLINE_MS = 90_000;

const missing = missingServices("crash under load", ["DATABASE_URL", "REDIS_URL"]);

describe.skipIf(missing.length > 0)(
  "crash under load: two nodes, one killed with kill -9 mid-run",
  () => {
    let database: ScratchDatabase;
    let redis: RedisDatabase;
    let scenario: FaultScenario;
    let nodeA: ServerNode;
    let nodeB: ServerNode;

    beforeAll(async () => {
      database = await scratchDatabase();
      redis = await redisDatabase();
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        SESSION_SECRET,
        DEFAULT_VENDOR: FAULTS_VENDOR,
        DATABASE_POOL_SIZE: "8",
        RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
        DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
      };
      nodeA = await serverNode({
        name: "node A",
        scenario: "crash-under-load",
        env: { ...env, SEED_DEMO: "true" },
      });
      await nodeA.start();
      scenario = await createFaultScenario(database.url);
      nodeB = await serverNode({
        name: "node B",
        scenario: "crash-under-load",
        env: { ...env, SEED_DEMO: "false" },
      });
      await nodeB.start();
    });

    afterAll(async () => {
      await Promise.all([nodeA?.dispose(), nodeB?.dispose()]);
      await database?.drop();
      await redis?.release();
    });

    it("keeps every acknowledged join with its client and answers, writes none by halves, and replays the original on retry", async () => {
      const run = randomBytes(3).toString("hex");
      const agents = new Map([
        [nodeA.url, keepAliveAgent()],
        [nodeB.url, keepAliveAgent()],
      ]);
      const session = await openVisitorSession(nodeA.url);
      const attempts: JoinAttempt[] = [];
      const keyOf = (index: number) => `crash-${run}-${index}`;

      let sent = 0;
      let killedAt = 0;
      let restartMs = 0;
      let inFlightAtKill = 0;
      let killAndRestart: Promise<void> | null = null;
      const deadline = Date.now() + LOAD_DEADLINE_MS;
      const worker = async () => {
        while (sent < TOTAL_JOINS && Date.now() < deadline) {
          const index = sent++;
          if (index === KILL_AFTER) {
            killAndRestart = (async () => {
              killedAt = performance.now();
              await nodeB.kill();
              restartMs = await nodeB.start();
            })();
          }
          const node = index % 2 === 0 ? nodeA : nodeB;
          const visitor = visitorJoin(scenario, run, index);
          const started = performance.now();
          const outcome = await postJoin(session, visitor.document, {
            idempotencyKey: keyOf(index),
            baseUrl: node.url,
            agent: agents.get(node.url)!,
          });
          attempts.push({ visitor, key: keyOf(index), node: node.name, outcome });
          // A refused connection comes back at once; pause so the run is not spent while B is down.
          if (!outcome.ok) await sleep(50);
          if (!outcome.ok && started < killedAt) inFlightAtKill++;
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      await killAndRestart;
      expect(nodeA.alive(), nodeA.output().slice(-3_000)).toBe(true);
      expect(nodeB.alive(), nodeB.output().slice(-3_000)).toBe(true);

      // What the crash left committed for the keys that got no answer: a retry must return exactly that.
      const unanswered = attempts.filter((attempt) => !acknowledged(attempt));
      const committed = await appointmentsByKey(
        database.url,
        scenario.vendorId,
        unanswered.map((attempt) => attempt.key),
      );

      const retries: JoinAttempt[] = [];
      let replayedOriginals = 0;
      for (const attempt of unanswered) {
        const outcome = await postJoin(session, attempt.visitor.document, {
          idempotencyKey: attempt.key,
          baseUrl: nodeB.url,
          agent: agents.get(nodeB.url)!,
        });
        retries.push({ ...attempt, node: "node B (retry)", outcome });
        expect(outcome.ok && outcome.status, `retry of visitor ${attempt.visitor.index}`).toBe(201);
        if (!outcome.ok) continue;
        const original = committed.get(attempt.key);
        if (original !== undefined) {
          expect(
            appointmentOf(outcome).id,
            `retry of committed visitor ${attempt.visitor.index}`,
          ).toBe(original);
          expect(outcome.headers["idempotent-replayed"]).toBe("true");
          replayedOriginals++;
        }
      }
      // Joins acknowledged before the crash, retried on the restarted node: the same appointment comes back.
      const acknowledgedEarly = attempts.filter((attempt) => acknowledged(attempt)).slice(0, 60);
      for (const attempt of acknowledgedEarly) {
        const outcome = await postJoin(session, attempt.visitor.document, {
          idempotencyKey: attempt.key,
          baseUrl: nodeB.url,
          agent: agents.get(nodeB.url)!,
        });
        expect(outcome.ok && outcome.status).toBe(201);
        if (!outcome.ok) continue;
        expect(appointmentOf(outcome).id).toBe(acknowledged(attempt)!.id);
        expect(outcome.headers["idempotent-replayed"]).toBe("true");
      }
      for (const agent of agents.values()) agent.destroy();

      const check = await checkLedgerOnPostgres(database.url, scenario.vendorId, [
        ...attempts,
        ...retries,
      ]);
      const acknowledgedByB = attempts.filter(
        (attempt) => attempt.node === "node B" && acknowledged(attempt),
      ).length;
      recordFigures("crash-under-load", {
        sent: attempts.length,
        acknowledged: attempts.filter((attempt) => acknowledged(attempt)).length,
        acknowledgedByKilledNode: acknowledgedByB,
        failedAroundCrash: unanswered.length,
        inFlightAtKill,
        committedButUnanswered: committed.size,
        retried: retries.length,
        retriesReturningOriginal: replayedOriginals,
        acknowledgedIncludingRetries: check.acknowledged,
        foundInDatabase: check.found,
        halfWritten: check.halfWritten,
        duplicates: check.duplicates,
        restartToReadyMs: round(restartMs),
      });

      expect(check.problems).toEqual([]);
      expect(check.found).toBe(check.acknowledged);
      expect(check.halfWritten).toBe(0);
      expect(check.duplicates).toBe(0);
      // Every visitor is in line exactly once after the retries.
      expect(check.rows).toBe(attempts.length);
      // The run really crashed a node under load, and that node served again after its restart.
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(killedAt).toBeGreaterThan(0);
      expect(acknowledgedByB).toBeGreaterThan(0);
    });
  },
);
