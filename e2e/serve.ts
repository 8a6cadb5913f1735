// Starts the real product for the browser tests on a fresh, empty data directory (so the demo
// seed runs as on a first install) and removes that directory when the server stops.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "nextline-e2e-"));
const server = spawn(process.execPath, ["src/server/main.ts"], {
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: "inherit",
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
