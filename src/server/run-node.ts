// One server node: config → database (migrated) → demo data on an empty database → app (with its
// event dispatcher and job queue) → realtime → listen. SIGTERM/SIGINT stop accepting, drop
// realtime connections, let requests in flight finish, then close the database. main.ts runs it;
// fault tests run it with handlers of their own.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { type AppDeps, buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemoDataIfEmpty } from "./demo/seed.ts";
import { attachRealtime } from "./realtime/attach-realtime.ts";
import { issueSetupTokenIfEmpty, setupLink } from "./setup/setup-token.ts";

/** how long a connection accepted just before shutdown has to deliver its request */
const REQUEST_ON_ITS_WAY_MS = 500;

/** What a node may be given besides its configuration: handlers and retries for tests. */
export type NodeExtras = Pick<AppDeps, "extraEventHandlers" | "jobRetry">;

export async function runNode(extras: NodeExtras = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`nextline: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const startedAt = performance.now();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: "pglite", dataDir: `${config.DATA_DIR}/pglite` },
  );
  const app = await buildApp({ config, database, loadShedding: true, ...extras });
  app.log.info(
    {
      node: process.version,
      database: database.kind,
      dataDir: database.kind === "pglite" ? config.DATA_DIR : undefined,
    },
    `Nextline starting on Node.js ${process.version}`,
  );
  if (config.SEED_DEMO) {
    const seeded = await seedDemoDataIfEmpty(database.db);
    if (seeded) app.log.info("empty database: demo vendors seeded");
  }
  // No vendor at all: print the single-use link that creates the first one (src/server/setup/).
  const setup = await issueSetupTokenIfEmpty(database.db, {
    ttlMs: config.SETUP_TOKEN_TTL_HOURS * 60 * 60 * 1000,
  });
  if (setup) {
    // Straight to standard error, one plain line: the logger redacts tokens in what it writes.
    process.stderr.write(
      `SETUP: no vendor yet. Open ${setupLink(config.PUBLIC_URL, setup.token)} to create the first vendor and its admin (single use, valid ${config.SETUP_TOKEN_TTL_HOURS} h; a restart prints a new link)\n`,
    );
    app.log.warn(
      { setupExpiresAt: setup.expiresAt.toISOString() },
      "no vendor yet: the setup link is on standard error",
    );
  }
  const realtime = await attachRealtime(app, { redisUrl: config.REDIS_URL });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.shuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Connections the kernel has already queued for us are accepted and served, not reset with
      // the listener: they were sent here before the signal. A busy node accepts one event-loop
      // turn late, so that takes one more pass of the loop's poll phase. What reaches the queue
      // during that pass is still reset when the listener closes (docs/RELIABILITY.md §5).
      await acceptQueuedConnections();
      // Then stop accepting, so a balancer sends new connections (and the sockets about to
      // reconnect) to another node at once; the requests in flight finish meanwhile. Only the
      // listener closes now: a connection accepted a moment ago whose request is still on its
      // way looks idle, and closing idle connections would reset it unanswered.
      net.Server.prototype.close.call(app.server);
      await realtime.close();
      await sleep(REQUEST_ON_ITS_WAY_MS);
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // A reconnect storm (every socket of a restarted node at once) overflowed Node's default
  // backlog of 511: dropped SYNs come back only after 1, 3, 7 s. The kernel caps it at somaxconn.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  app.log.info(
    { url: config.PUBLIC_URL, readyInMs: Math.round(performance.now() - startedAt) },
    `Nextline ready at ${config.PUBLIC_URL}`,
  );
}

/** Resolves after the event loop has polled for I/O once more (accepting queued connections). */
function acceptQueuedConnections(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
