// Playwright fixture for the locations administration test: a server of its own on a fresh
// embedded database with the demo data, started on first use and stopped when the worker ends, so
// the locations it creates and archives never reach the location finder or lobby tests.
import { test as base } from "@playwright/test";
import { startProductServer } from "./server-process.ts";

export const test = base.extend<object, { locationsServer: { url: string } }>({
  locationsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({ name: "locations", env: { GEOCODER_URL: "" } });
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
