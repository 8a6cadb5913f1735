// What the browser tests' own servers share: a free loopback port, waiting for a spawned server to
// answer (or to have died trying), and starting one — the product on a database of its own, or a
// script with settings of its own — and stopping it.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** Resolves once `url` answers 2xx; throws when `server` exits first or `timeoutMs` passes. */
export async function waitUntilReady(
  url: string,
  server: ChildProcess,
  timeoutMs: number,
  name = "server",
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${name} exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} not ready at ${url} after ${timeoutMs} ms`);
}

export type ProductServer = {
  /** the server's origin (the product's PUBLIC_URL when it runs the product itself) */
  url: string;
  port: number;
  /** everything the server has written to standard error so far */
  stderr(): string;
  /** stops the server and removes its database */
  stop(): Promise<void>;
};

type StartOptions = {
  /** how the server is named in errors */
  name: string;
  /**
   * a script of the browser tests that starts a server with settings of its own; without one, the
   * product itself (src/server/main.ts) on a fresh embedded database of its own
   */
  script?: string;
  env?: Record<string, string>;
  /** what of standard error to echo to the test's output (a secret it prints can be hidden) */
  echo?: (chunk: string) => string;
};

/**
 * A real server of its own for the specs that change data or need other settings, so nothing they
 * do reaches the shared server's specs: on a free loopback port, ready when this resolves.
 */
export async function startProductServer(options: StartOptions): Promise<ProductServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownProduct = options.script === undefined;
  const dataDir = ownProduct
    ? mkdtempSync(path.join(tmpdir(), `nextline-e2e-${options.name}-`))
    : null;
  const server = spawn("node_modules/.bin/node", [options.script ?? "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...(dataDir
        ? { PUBLIC_URL: url, DATA_DIR: dataDir, LOAD_SHEDDING_MAX_LOOP_DELAY_MS: "0" }
        : {}),
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let printed = "";
  server.stderr?.setEncoding("utf8");
  server.stderr?.on("data", (chunk: string) => {
    printed += chunk;
    process.stderr.write(options.echo ? options.echo(chunk) : chunk);
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${url}/readyz`, server, 120_000, `${options.name} server`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, stderr: () => printed, stop };
}
