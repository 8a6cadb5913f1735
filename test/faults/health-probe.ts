// A liveness probe in a process of its own, as an orchestrator's would be: a test that also drives
// thousands of sockets would otherwise time its own stalls into the node's answers.
import { spawn } from "node:child_process";

export type ProbeAnswer = { ok: boolean; status: number; ms: number; at: number };

// Runs in the child: one GET every `every` ms, one JSON line per answer, until stdin closes.
const PROBE_SCRIPT = `
const [url, every, timeout] = process.argv.slice(1);
let running = true;
process.stdin.on("close", () => { running = false; });
process.stdin.resume();
(async () => {
  while (running) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Number(timeout)) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    const ms = performance.now() - started;
    process.stdout.write(JSON.stringify({ ok: status === 200, status, ms, at: Date.now() }) + "\\n");
    await new Promise((resolve) => setTimeout(resolve, Number(every)));
  }
  process.exit(0);
})();
`;

/** Probes `url` every `everyMs` until stop(), which resolves with every answer in order. */
export function startHealthProbe(url: string, everyMs = 100, timeoutMs = 10_000) {
  const child = spawn(
    process.execPath,
    ["-e", PROBE_SCRIPT, url, String(everyMs), String(timeoutMs)],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const answers: ProbeAnswer[] = [];
  let buffered = "";
  child.stdout.on("data", (chunk) => {
    buffered += String(chunk);
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line) answers.push(JSON.parse(line) as ProbeAnswer);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    answers,
    async stop(): Promise<ProbeAnswer[]> {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs + 2_000);
      await exited;
      clearTimeout(timer);
      return answers;
    },
  };
}
