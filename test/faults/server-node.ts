// One real Nextline process (node src/server/main.ts on the pinned Node) that a fault test can
// start, kill -9, SIGTERM and restart on the same port, with its output kept for the failure report.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
/** Output kept in memory per node: enough to explain a failure, bounded so a chatty node cannot fill memory. */
const OUTPUT_LIMIT = 200_000;

/** USER_HZ of /proc/<pid>/stat: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Where every node's whole output is written (one file per node), for a failed CI run. */
export function logsDirectory(): string {
  return process.env.FAULTS_LOGS_DIR ?? path.join(tmpdir(), "nextline-faults-logs");
}

/** A loopback port free right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type ServerNode = {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** the live child process, or null between a kill and a restart */
  readonly pid: number | undefined;
  /** everything the node (all its incarnations) wrote, most recent last */
  output(): string;
  /** the file holding all of that output, never cut short */
  readonly logFile: string;
  /** starts (again) on the same port and resolves once /readyz answers 200 */
  start(timeoutMs?: number): Promise<number>;
  /** kill -9: no shutdown code runs */
  kill(): Promise<ExitStatus>;
  /** sends SIGTERM and resolves with how the process ended and how long it took */
  terminate(timeoutMs?: number): Promise<ExitStatus & { ms: number }>;
  /** whether the process is running */
  alive(): boolean;
  /** resident set size of the process in bytes (Linux /proc), or null when unknown */
  rssBytes(): number | null;
  /** CPU time (user + system) the process has used so far, in ms (Linux /proc), or null when unknown */
  cpuMs(): number | null;
  /** V8 heap in use right after a full garbage collection, through the inspector (needs `inspect`) */
  heapUsedAfterGc(): Promise<number>;
  /** resolves when the current process exits */
  exited(): Promise<ExitStatus>;
  /** SIGKILL if still running; for afterAll */
  dispose(): Promise<void>;
};

export type ServerNodeOptions = {
  /** "node A"; with `scenario` it names the log file */
  name: string;
  scenario: string;
  env: Record<string, string>;
  port?: number;
  /** open the V8 inspector on a loopback port, so the test can measure the heap */
  inspect?: boolean;
  /** the script the node runs, from the repository root; the product's own entry by default */
  entry?: string;
};

export async function serverNode(options: ServerNodeOptions): Promise<ServerNode> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exit: Promise<ExitStatus> = Promise.resolve({ code: null, signal: null });
  let output = "";
  let inspectorUrl: string | null = null;
  mkdirSync(logsDirectory(), { recursive: true });
  const logFile = path.join(
    logsDirectory(),
    `${options.scenario}-${options.name}.log`.replace(/[^a-z0-9.-]+/gi, "-"),
  );
  writeFileSync(logFile, "");
  const append = (chunk: unknown) => {
    appendFileSync(logFile, String(chunk));
    output += String(chunk);
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT / 2);
  };

  const isAlive = () => child !== null && child.exitCode === null && child.signalCode === null;

  const start = async (timeoutMs = 60_000) => {
    if (isAlive()) throw new Error(`${options.name} is already running`);
    const started = performance.now();
    append(`\n--- ${options.name} starting on port ${port} ---\n`);
    inspectorUrl = null;
    const args = [
      ...(options.inspect ? ["--inspect=127.0.0.1:0"] : []),
      options.entry ?? "src/server/main.ts",
    ];
    const spawned = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: "warn",
        // e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles" to see where a scenario spends a node's time
        ...(process.env.FAULTS_SERVER_NODE_OPTIONS
          ? { NODE_OPTIONS: process.env.FAULTS_SERVER_NODE_OPTIONS }
          : {}),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = spawned;
    spawned.stdout?.on("data", append);
    spawned.stderr?.on("data", (chunk) => {
      append(chunk);
      inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(String(chunk))?.[1] ?? null;
    });
    exit = new Promise((resolve) =>
      spawned.once("exit", (code, signal) => {
        append(`\n--- ${options.name} exited (code ${code}, signal ${signal}) ---\n`);
        resolve({ code, signal });
      }),
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (spawned.exitCode !== null || spawned.signalCode !== null) {
        throw new Error(`${options.name} exited during start-up:\n${output.slice(-4_000)}`);
      }
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    spawned.kill("SIGKILL");
    throw new Error(`${options.name} not ready within ${timeoutMs} ms:\n${output.slice(-4_000)}`);
  };

  const node: ServerNode = {
    name: options.name,
    port,
    url,
    get pid() {
      return isAlive() ? child?.pid : undefined;
    },
    output: () => output,
    logFile,
    start,
    async kill() {
      if (!isAlive()) return exit;
      child?.kill("SIGKILL");
      return exit;
    },
    async terminate(timeoutMs = 30_000) {
      const started = performance.now();
      if (!isAlive()) return { ...(await exit), ms: 0 };
      child?.kill("SIGTERM");
      const timer = setTimeout(() => child?.kill("SIGKILL"), timeoutMs);
      const status = await exit;
      clearTimeout(timer);
      return { ...status, ms: performance.now() - started };
    },
    alive: isAlive,
    rssBytes() {
      const pid = node.pid;
      if (!pid) return null;
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
        return kilobytes ? Number(kilobytes) * 1024 : null;
      } catch {
        return null;
      }
    },
    cpuMs() {
      const pid = node.pid;
      if (!pid) return null;
      try {
        // Fields 14 and 15 (after the command in parentheses) are user and system time in clock ticks.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
      } catch {
        return null;
      }
    },
    heapUsedAfterGc: async () => {
      if (!inspectorUrl) throw new Error(`${options.name} was not started with inspect`);
      return heapUsedAfterGc(inspectorUrl);
    },
    exited: () => exit,
    async dispose() {
      if (!isAlive()) return;
      // A profiled node writes its profile on a clean exit only.
      if (process.env.FAULTS_SERVER_NODE_OPTIONS) await node.terminate(15_000);
      child?.kill("SIGKILL");
      await exit;
    },
  };
  return node;
}

/** Collects garbage in the process behind `url` (its inspector) and reads the heap in use. */
async function heapUsedAfterGc(url: string): Promise<number> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const callId = ++id;
      const timer = setTimeout(
        () => reject(new Error(`inspector: no answer to ${method}`)),
        30_000,
      );
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as {
          id?: number;
          result?: Record<string, unknown>;
        };
        if (message.id !== callId) return;
        clearTimeout(timer);
        socket.removeEventListener("message", onMessage);
        resolve(message.result ?? {});
      };
      socket.addEventListener("message", onMessage);
      socket.send(JSON.stringify({ id: callId, method }));
    });
  try {
    // Twice: the first collection can leave objects whose finalisers free more on the second.
    await send("HeapProfiler.collectGarbage");
    await send("HeapProfiler.collectGarbage");
    const usage = await send("Runtime.getHeapUsage");
    return Number(usage.usedSize);
  } finally {
    socket.close();
  }
}
