// `npm run worker`: durable jobs, recurring jobs and the message sender in a process of their own,
// against the same PostgreSQL as the web nodes (which then run with JOB_WORKERS=false, or keep working too). The
// web nodes still dispatch events (their live handlers need their sockets and caches); this
// process works the jobs they queue. The embedded database admits one process, so it needs
// DATABASE_URL.
import pino from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { durableHandlers, jobTasks, recurringJobs } from "./jobs/durable-handlers.ts";
import { createJobQueue } from "./jobs/job-queue.ts";
import { createNotifications } from "./notifications/notifications.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`nextline worker: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.DATABASE_URL) {
    process.stderr.write(
      "nextline worker: set DATABASE_URL; the embedded database admits only the server's own process\n",
    );
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    kind: "postgres",
    url: config.DATABASE_URL,
    poolSize: Math.min(config.DATABASE_POOL_SIZE, 10),
  });
  const notifications = createNotifications({ db: database.db, config, log, send: true });
  const deps = {
    db: database.db,
    config,
    log,
    email: notifications.email,
    site: notifications.site,
    wakeSender: () => notifications.sender.wake(),
  };
  const jobs = createJobQueue({
    connection: database.jobConnection,
    handlers: durableHandlers(deps),
    tasks: jobTasks(deps),
    recurring: recurringJobs(deps),
    log,
    work: true,
  });
  await jobs.start();
  notifications.start();
  log.info("Nextline worker started");
  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping: finishing the jobs in hand");
    await jobs.stop();
    await notifications.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  process.stderr.write(
    `nextline worker: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
