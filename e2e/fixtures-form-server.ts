// Playwright fixture: a second real server for the callback form's tests that need other vendor
// settings (e2e/fixtures-form-variant-serve.ts), one per worker, started on first use and stopped
// when the worker ends.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { test as base } from "@playwright/test";

export type VariantServer = {
  /** the Northwind Bank demo vendor (any host but harbour.localhost) */
  northwind: string;
  /** the Harbour Clinic demo vendor, which takes no callback requests here */
  harbour: string;
};

function freePort(): Promise<number> {
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

async function waitUntilReady(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`variant server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`variant server not ready at ${url} after ${timeoutMs} ms`);
}

export const test = base.extend<object, { variantServer: VariantServer }>({
  variantServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const port = await freePort();
      const server = spawn("node_modules/.bin/node", ["e2e/fixtures-form-variant-serve.ts"], {
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
        stdio: ["ignore", "ignore", "inherit"],
      });
      try {
        await waitUntilReady(`http://127.0.0.1:${port}/readyz`, server, 120_000);
        await use({
          northwind: `http://127.0.0.1:${port}`,
          harbour: `http://harbour.localhost:${port}`,
        });
      } finally {
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          server.kill("SIGTERM");
          await exited;
        }
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
