// Playwright fixture for the services administration spec: a real server of its own on a fresh
// embedded database with the demo data, started on first use and stopped when the worker ends, so
// the services and questions the spec adds never reach the shared server's location finder or lobby.
// Pages and requests of the spec's tests go to it (baseURL).
import { test as base } from "@playwright/test";
import { startProductServer } from "./server-process.ts";

export const test = base.extend<object, { servicesServer: string }>({
  servicesServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({
        name: "services",
        env: { RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000" },
      });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ servicesServer }, use) => use(servicesServer),
});

export { expect } from "@playwright/test";
