// `npm run bench:startup`: how long the server takes to answer /readyz when started on an existing
// embedded data dir, against a baseline measured in the same run: a bare Node HTTP server's start.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = Number(process.env.RUNS ?? 7);
const PORT = 3411;

async function waitForReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not ready within ${timeoutMs} ms`);
}

async function timeStart(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: "ignore" });
  try {
    await waitForReady(url, child);
    return performance.now() - started;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "nextline-startup-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(PORT),
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
};
const readyz = `http://127.0.0.1:${PORT}/readyz`;
const baselineScript = `require("node:http").createServer((q,s)=>s.end("ok")).listen(${PORT})`;

try {
  const first = await timeStart(["src/server/main.ts"], env, readyz);
  const server: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await timeStart(["-e", baselineScript], env, readyz));
    server.push(await timeStart(["src/server/main.ts"], env, readyz));
  }
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}; date ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log(`first start on an empty data dir (migrations + demo seed): ${first.toFixed(0)} ms`);
  console.log(
    `restart on the existing data dir, median of ${RUNS}: ${median(server).toFixed(0)} ms (target ≤ 5000 ms)`,
  );
  console.log(
    `baseline bare Node HTTP server start, median of ${RUNS}: ${median(baseline).toFixed(0)} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
