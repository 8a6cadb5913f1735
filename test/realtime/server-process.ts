// Starts real server processes (node src/server/main.ts) for multi-node tests and benchmarks,
// and a TCP relay that stands in for a load balancer whose backend can be switched or cut.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A port free right now (the OS picks it), for a child process to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
};

export async function startServerProcess(
  env: Record<string, string>,
  readyTimeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`server not ready within ${readyTimeoutMs} ms:\n${output}`);
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A TCP relay on its own port: forwards to `target`, which can be changed, cut, and restored. */
export async function startRelay(targetPort: number) {
  let target = targetPort;
  let refusing = false;
  const open = new Set<Socket>();
  const server: Server = createServer((incoming) => {
    if (refusing) return incoming.destroy();
    const outgoing = connect(target, "127.0.0.1");
    for (const socket of [incoming, outgoing]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    /** drops every connection and refuses new ones, as a dead node behind a balancer would */
    cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    /** accepts again, forwarding to `port` */
    restore(port: number) {
      target = port;
      refusing = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
