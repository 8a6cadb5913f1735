// Process entry: config → database (migrated) → demo data on an empty database → app → realtime
// → listen. SIGTERM/SIGINT stop accepting, drop realtime connections, let requests in flight
// finish, then close the database.
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { seedDemoDataIfEmpty } from "./db/seed.ts";
import { attachRealtime } from "./realtime/attach-realtime.ts";

async function main() {
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
  const app = await buildApp({ config, database, loadShedding: true });
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
      // Stop accepting first, so a balancer sends new connections (and the sockets about to
      // reconnect) to another node at once; the requests in flight finish meanwhile.
      const httpClosed = app.close();
      await realtime.close();
      await httpClosed;
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

main().catch((error) => {
  process.stderr.write(
    `nextline: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
