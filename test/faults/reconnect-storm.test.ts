// Promise 6: 2,000 sockets reconnect at once after their node restarts; every one resubscribes and
// re-reads its location's wait list within 30 s of the node being back, and the node keeps
// answering /healthz throughout (every probe within 2 s, nine in ten within 500 ms).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingServices,
  percentile,
  type RedisDatabase,
  recordFigures,
  redisDatabase,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
  waitFor,
} from "./fault-environment.ts";
import { createFaultScenario, FAULTS_VENDOR, type FaultScenario } from "./fault-scenario.ts";
import { type ProbeAnswer, startHealthProbe } from "./health-probe.ts";
import { keepAliveAgent } from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";
import { connectStormClient, type StormClient } from "./storm-client.ts";

const SOCKETS = Number(process.env.FAULTS_STORM_SOCKETS ?? 2_000);
const CONNECT_BATCH = 250;
const RESYNC_WITHIN_MS = 30_000;
/** Responsive: every liveness probe answered within 2 s, nine in ten within 500 ms. */
const HEALTHZ_MAX_MS = 2_000;
const HEALTHZ_P90_MS = 500;

const missing = missingServices("reconnect storm", ["DATABASE_URL", "REDIS_URL"]);

describe.skipIf(missing.length > 0)(
  `reconnect storm: ${SOCKETS} sockets come back at once after a restart`,
  () => {
    let database: ScratchDatabase;
    let redis: RedisDatabase;
    let scenario: FaultScenario;
    let node: ServerNode;
    const clients: StormClient[] = [];
    const agent = keepAliveAgent(256);

    beforeAll(async () => {
      database = await scratchDatabase();
      redis = await redisDatabase();
      node = await serverNode({
        name: "node",
        scenario: "reconnect-storm",
        env: {
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          SESSION_SECRET,
          DEFAULT_VENDOR: FAULTS_VENDOR,
          DATABASE_POOL_SIZE: "10",
          SEED_DEMO: "true",
          DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
        },
      });
      await node.start();
      scenario = await createFaultScenario(database.url, 4);
    });

    afterAll(async () => {
      for (const client of clients) client.close();
      agent.destroy();
      await node?.dispose();
      await database?.drop();
      await redis?.release();
    });

    it("resubscribes and resyncs every socket within 30 s while /healthz stays fast", async () => {
      // Connect in batches (a first connect is not the storm under test).
      for (let i = 0; i < SOCKETS; i += CONNECT_BATCH) {
        const batch: StormClient[] = [];
        for (let j = i; j < Math.min(SOCKETS, i + CONNECT_BATCH); j++) {
          batch.push(
            connectStormClient(
              node.url,
              scenario.locationIds[j % scenario.locationIds.length]!,
              agent,
            ),
          );
        }
        clients.push(...batch);
        await waitFor(
          `batch ${i / CONNECT_BATCH + 1} subscribed`,
          () => batch.every((c) => c.subscribedAt() > 0),
          30_000,
          100,
        );
      }

      await node.kill();
      const killedAt = performance.now();
      // /healthz from the moment the new process listens, through the whole storm, timed by a
      // process of its own (this one is busy with 2,000 sockets).
      const probe = startHealthProbe(`${node.url}/healthz`, 100);
      let probed: ProbeAnswer[] = [];
      await node.start();
      const readyAt = performance.now();
      const isBack = (c: StormClient) => c.subscribedAt() > killedAt && c.resyncedAt() > killedAt;
      let allBack = Number.POSITIVE_INFINITY;
      try {
        allBack = await waitFor(
          "every socket to resubscribe and resync",
          () => (clients.every(isBack) ? performance.now() : false),
          RESYNC_WITHIN_MS + 10_000,
          100,
        );
      } catch {
        // reported below with the figures, which say how far the storm got
      } finally {
        probed = await probe.stop();
      }
      const firstAnswer = probed.findIndex((answer) => answer.ok);
      const healthz = firstAnswer < 0 ? [] : probed.slice(firstAnswer);
      const notBack = clients.filter((c) => !isBack(c));
      const refusals = clients.flatMap((c) => c.refusals());
      // The storm starts when the new process accepts its first socket, before it reports ready.
      const backAt = Math.min(
        ...clients.map((c) => c.subscribedAt()).filter((at) => at > killedAt),
      );
      const resubscribed = clients.map((c) => c.subscribedAt() - backAt);
      const resynced = clients.map((c) => c.resyncedAt() - backAt);
      const healthzMs = healthz.map((h) => h.ms);
      const cpuAtEnd = node.cpuMs();
      const resyncRetries =
        clients.reduce((sum, c) => sum + c.resyncAttempts(), 0) - clients.length;
      recordFigures("reconnect-storm", {
        sockets: clients.length,
        notBack: notBack.length,
        notBackGivenUp: notBack.filter((c) => !c.active()).length,
        handshakesRefused: refusals.length,
        refusalCodes: [...new Set(refusals)].join(" "),
        restartToReadyMs: round(readyAt - killedAt),
        allResubscribedAndResyncedAfterMs: round(allBack - backAt),
        resubscribedP50Ms: round(percentile(resubscribed, 50)),
        resubscribedMaxMs: round(Math.max(...resubscribed)),
        resyncedP50Ms: round(percentile(resynced, 50)),
        resyncedMaxMs: round(Math.max(...resynced)),
        resyncRetriesAfter503: resyncRetries,
        // start-up included: the storm begins before the node reports ready
        nodeCpuSinceRestartMs: cpuAtEnd === null ? null : round(cpuAtEnd),
        healthzProbes: healthz.length,
        healthzP50Ms: round(percentile(healthzMs, 50)),
        healthzP90Ms: round(percentile(healthzMs, 90)),
        healthzMaxMs: round(Math.max(...healthzMs)),
      });

      expect(notBack.length).toBe(0);
      expect(clients.every((c) => c.reconnects() >= 1)).toBe(true);
      expect(allBack - backAt).toBeLessThanOrEqual(RESYNC_WITHIN_MS);
      expect(healthz.length).toBeGreaterThan(0);
      expect(healthz.every((h) => h.ok && h.status === 200)).toBe(true);
      expect(Math.max(...healthzMs)).toBeLessThanOrEqual(HEALTHZ_MAX_MS);
      expect(percentile(healthzMs, 90)).toBeLessThanOrEqual(HEALTHZ_P90_MS);
      expect(node.alive()).toBe(true);
    });
  },
);
