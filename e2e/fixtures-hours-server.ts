// Playwright fixture for the opening hours spec: a server of its own on a fresh embedded database
// with the demo data, started on first use and stopped when the worker ends. The spec changes a
// location's hours and holidays, which the location finder and lobby specs on the shared server
// must never see.
import { test as base } from "@playwright/test";
import { startProductServer } from "./server-process.ts";

export const test = base.extend<object, { hoursServer: { url: string } }>({
  hoursServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({ name: "hours" });
      try {
        await use({ url: server.url });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
