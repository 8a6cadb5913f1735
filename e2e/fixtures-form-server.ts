// Playwright fixture: a second real server for the callback form's tests that need other vendor
// settings (e2e/fixtures-form-variant-serve.ts), one per worker, started on first use and stopped
// when the worker ends.
import { test as base } from "@playwright/test";
import { startProductServer } from "./server-process.ts";

export type VariantServer = {
  /** the Northwind Bank demo vendor (any host but harbour.localhost) */
  northwind: string;
  /** the Harbour Clinic demo vendor, which takes no callback requests here */
  harbour: string;
};

export const test = base.extend<object, { variantServer: VariantServer }>({
  variantServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({
        name: "variant",
        script: "e2e/fixtures-form-variant-serve.ts",
      });
      try {
        await use({
          northwind: server.url,
          harbour: `http://harbour.localhost:${server.port}`,
        });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
