// Builds the real app on a fresh test database, for API tests through app.inject.
import { type AppDeps, buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { seedDemoData } from "../src/server/demo/seed.ts";
import { openTestDatabase } from "./test-database.ts";

/** Set by test/global-setup.ts: the demo passwords' hashes, as JSON [password, hash] pairs. */
export const DEMO_PASSWORD_HASHES_ENV = "NEXTLINE_TEST_DEMO_PASSWORD_HASHES";

function demoPasswordHashes(): Map<string, string> | undefined {
  const pairs = process.env[DEMO_PASSWORD_HASHES_ENV];
  return pairs ? new Map(JSON.parse(pairs) as [string, string][]) : undefined;
}

export async function buildTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** handlers, job retries and a logger of a test's own (deliveries counted, dead letters, log lines) */
    deps?: Pick<AppDeps, "extraEventHandlers" | "jobRetry" | "logger" | "webRoot">;
  } = {},
) {
  const database = await openTestDatabase();
  if (options.seed !== false) {
    const passwordHashes = demoPasswordHashes();
    await seedDemoData(database.db, passwordHashes ? { passwordHashes } : {});
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.TEST_DATA_DIR ?? "./data/test",
    SESSION_SECRET: "test-secret-test-secret-test-secret-0000",
    LOG_LEVEL: "silent",
    // Each test file's app keeps its rate-limit counters to itself; with a shared Redis, files
    // running side by side would count each other's sign-ins. Tests about Redis set it themselves.
    REDIS_URL: "",
    // Tests change locations and services straight in the database, where no product write path
    // would tell the join catalog; they read afresh unless a test is about the catalog.
    JOIN_CATALOG_TTL_MS: "0",
    ...options.env,
  });
  const app = await buildApp({ config, database, logger: false, webRoot: null, ...options.deps });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
