// Starts the real product for the browser tests on a fresh, empty database (so the demo seed runs as
// on a first install): a throwaway data dir for the embedded database, or, when DATABASE_URL is set,
// a scratch database on that server. Both are removed when the server stops.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../test/test-database.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "nextline-e2e-"));
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL)
  : undefined;
const server = spawn(process.execPath, ["src/server/main.ts"], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    // The browser tests are not about overload (the fault suite is): on a machine busy with the
    // other test processes, the event-loop backstop shed their set-up calls with 503.
    LOAD_SHEDDING_MAX_LOOP_DELAY_MS: "0",
    // Every spec signs in from 127.0.0.1: the per-address limit (tested in the API tests) would
    // make one spec's sign-in depend on how many others happened to sign in that minute.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000",
  },
  stdio: "inherit",
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", async (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop().catch(() => {});
  process.exit(code ?? (signal ? 0 : 1));
});
