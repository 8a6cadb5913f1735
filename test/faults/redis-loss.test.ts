// Promise 3: with Redis gone, each of two nodes keeps serving its own sockets (and HTTP) and
// nothing crashes; when Redis returns, events cross between nodes again, and a page that missed
// an event while Redis was away re-reads its state. Redis sits behind a proxy that is cut.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOIN_RECALCULATION_DELAY_MS } from "../../src/server/queue/wait-time/recalculate-wait-times.ts";
import {
  missingServices,
  type RedisDatabase,
  recordFigures,
  redisDatabase,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
  throughPort,
  waitFor,
} from "./fault-environment.ts";
import {
  createFaultScenario,
  FAULTS_VENDOR,
  type FaultScenario,
  visitorJoin,
} from "./fault-scenario.ts";
import {
  appointmentOf,
  call,
  openVisitorSession,
  postJoin,
  type VisitorSession,
} from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
import {
  type Appointment,
  cancelAppointment,
  openVisitorPage,
  type VisitorPage,
} from "./visitor-page.ts";

const OUTAGE_MS = 6_000;
const LOCAL_DELIVERY_MS = 2_000;
/** after Redis returns: its clients reconnect with back-off (up to 5 s), then pages reconnect */
const RECOVERY_MS = 20_000;

const missing = missingServices("redis loss", ["DATABASE_URL", "REDIS_URL"]);

describe.skipIf(missing.length > 0)(
  "redis loss: Redis cut under two nodes with sockets connected",
  () => {
    let database: ScratchDatabase;
    let redis: RedisDatabase;
    let proxy: TcpProxy;
    let scenario: FaultScenario;
    let nodeA: ServerNode;
    let nodeB: ServerNode;
    let session: VisitorSession;
    const pages: VisitorPage[] = [];
    const run = randomBytes(3).toString("hex");
    let visitors = 0;

    const join = async (node: ServerNode): Promise<Appointment> => {
      const visitor = visitorJoin(scenario, run, visitors++);
      const outcome = await postJoin(session, visitor.document, {
        idempotencyKey: `redis-${run}-${visitor.index}`,
        baseUrl: node.url,
      });
      if (!outcome.ok || outcome.status !== 201) {
        throw new Error(
          `join through ${node.name}: ${outcome.ok ? `${outcome.status} ${outcome.body}` : outcome.error}`,
        );
      }
      return { ...appointmentOf(outcome), locationId: visitor.locationId };
    };
    const page = (node: ServerNode, appointment: Appointment) => {
      const opened = openVisitorPage(node.url, appointment);
      pages.push(opened);
      return opened;
    };
    const cancel = async (node: ServerNode, appointment: Appointment) => {
      const answer = await cancelAppointment(session, node.url, appointment);
      expect(answer.ok && answer.status, answer.ok ? answer.body : answer.error).toBe(200);
    };

    beforeAll(async () => {
      database = await scratchDatabase();
      redis = await redisDatabase();
      proxy = await startTcpProxy({ targets: [redis.port] });
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: throughPort(redis.url, proxy.port),
        SESSION_SECRET,
        DEFAULT_VENDOR: FAULTS_VENDOR,
        DATABASE_POOL_SIZE: "8",
        RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
        RATE_LIMIT_LOOKUP_PER_MINUTE: "1000000",
        DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
      };
      nodeA = await serverNode({
        name: "node A",
        scenario: "redis-loss",
        env: { ...env, SEED_DEMO: "true" },
      });
      await nodeA.start();
      // One location, so every page follows the wait list every join changes.
      scenario = await createFaultScenario(database.url, 1);
      nodeB = await serverNode({
        name: "node B",
        scenario: "redis-loss",
        env: { ...env, SEED_DEMO: "false" },
      });
      await nodeB.start();
      session = await openVisitorSession(nodeA.url);
    });

    afterAll(async () => {
      for (const opened of pages) opened.close();
      await Promise.all([nodeA?.dispose(), nodeB?.dispose()]);
      await proxy?.close();
      await database?.drop();
      await redis?.release();
    });

    it("serves each node's own sockets without Redis, and resumes cross-node delivery and resyncs missed pages when it returns", async () => {
      const [x1, x2, x3, x4] = [
        await join(nodeA),
        await join(nodeA),
        await join(nodeA),
        await join(nodeA),
      ];
      const crossBefore = page(nodeB, x1!);
      const localOnA = page(nodeA, x2!);
      const missedOnB = page(nodeB, x3!);
      const localOnB = page(nodeB, x4!);
      // Every page is subscribed once a join through the other node shows in its wait list.
      await waitFor(
        "every page to follow its location",
        async () => {
          const probe = await join(nodeA);
          // A join's recalculation is published within JOIN_RECALCULATION_DELAY_MS, then delivered.
          await sleep(JOIN_RECALCULATION_DELAY_MS + 300);
          return pages.every((opened) => opened.seenInWaitLists().has(String(probe.id)));
        },
        10_000,
        0,
      );

      const crossStarted = performance.now();
      await cancel(nodeA, x1!);
      await waitFor(
        "the cancel through A on the page on B",
        () => crossBefore.shown() === "cancelled",
        2_000,
      );
      const crossNodeMs = performance.now() - crossStarted;

      await proxy.cut();
      const cutAt = performance.now();
      await sleep(500);
      const joinedWithoutRedis = [await join(nodeA), await join(nodeB)];
      const localStarted = performance.now();
      await cancel(nodeA, x2!);
      await cancel(nodeB, x4!);
      await waitFor(
        "node A's own page to show its cancel",
        () => localOnA.shown() === "cancelled",
        LOCAL_DELIVERY_MS,
      );
      await waitFor(
        "node B's own page to show its cancel",
        () => localOnB.shown() === "cancelled",
        LOCAL_DELIVERY_MS,
      );
      const localDeliveryMs = performance.now() - localStarted;
      // This one cannot reach node B while Redis is away: the page on B misses it.
      await cancel(nodeA, x3!);
      for (const node of [nodeA, nodeB]) {
        for (const path of ["/healthz", "/readyz"]) {
          const answer = await call(node.url, { path, timeoutMs: 2_000 });
          expect(answer.ok && answer.status, `${node.name} ${path} without Redis`).toBe(200);
        }
      }
      await sleep(Math.max(0, OUTAGE_MS - (performance.now() - cutAt)));
      const missedDuringOutage = missedOnB.shown() !== "cancelled";

      await proxy.restore();
      const restoredAt = performance.now();
      // Cross-node delivery again: a join through A shows on a page on B.
      await waitFor(
        "a join through node A to reach a page on node B",
        async () => {
          const probe = await join(nodeA);
          await sleep(250);
          return crossBefore.seenInWaitLists().has(String(probe.id));
        },
        RECOVERY_MS,
        0,
      );
      const crossNodeBackMs = performance.now() - restoredAt;
      await waitFor(
        "the page on B that missed a cancel to show it",
        () => missedOnB.shown() === "cancelled",
        RECOVERY_MS,
      );
      const missedPageCorrectMs = performance.now() - restoredAt;

      const crashed = [nodeA, nodeB].filter((node) => !node.alive());
      const unhandled = [nodeA, nodeB].filter((node) => /uncaught|unhandled/i.test(node.output()));
      recordFigures("redis-loss", {
        crossNodeBeforeMs: round(crossNodeMs),
        localDeliveryWithoutRedisMs: round(localDeliveryMs),
        joinsWithoutRedis: joinedWithoutRedis.length,
        missedDuringOutage,
        crossNodeBackAfterMs: round(crossNodeBackMs),
        missedPageCorrectAfterMs: round(missedPageCorrectMs),
        missedPageResyncs: missedOnB.resyncs(),
        nodesCrashed: crashed.length,
      });
      expect(crashed.map((node) => node.name)).toEqual([]);
      expect(unhandled.map((node) => node.name)).toEqual([]);
      expect(missedOnB.resyncs()).toBeGreaterThanOrEqual(1);
    });
  },
);
