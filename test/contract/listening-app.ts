// The real app listening on a free loopback port, on a scratch PostgreSQL database with the
// production pool size and raised rate limits: for concurrency tests and the join benchmark,
// which need real sockets and a real connection pool rather than app.inject.
import os from "node:os";
import { type App, buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createScratchDatabase } from "../test-database.ts";
import { RAISED_RATE_LIMITS } from "./contract-app.ts";

export type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

export async function startListeningApp(options: {
  /** a PostgreSQL server; a scratch database is created on it and dropped on close */
  databaseUrl: string;
  /** more environment for the config (DATABASE_POOL_SIZE, …) */
  env?: Record<string, string>;
  /** routes or hooks to add before the app starts listening */
  beforeListen?: (app: App) => Promise<void> | void;
}) {
  const scratch = await createScratchDatabase(options.databaseUrl);
  const config = loadConfig({
    ...process.env,
    ...RAISED_RATE_LIMITS,
    DATABASE_URL: scratch.url,
    SESSION_SECRET: "contract-secret-contract-secret-0000",
    LOG_LEVEL: "silent",
    DATA_DIR: os.tmpdir(),
    ...options.env,
  });
  const database = await openDatabase({
    kind: "postgres",
    url: scratch.url,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database, logger: false, webRoot: null });
  await options.beforeListen?.(app);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    db: database.db,
    config,
    baseUrl: address,
    async close() {
      await app.close();
      await database.close();
      await scratch.drop();
    },
  };
}
