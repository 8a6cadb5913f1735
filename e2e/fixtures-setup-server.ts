// Playwright fixture for the first start of an empty install: a real server of the product on a
// fresh embedded database WITHOUT the demo data (SEED_DEMO=false), started on first use in the test
// worker and stopped when it ends; the setup link is read from what the server prints at start.
import { test as base } from "@playwright/test";
import { startProductServer } from "./server-process.ts";

export type EmptyServer = {
  /** the product's origin (also its PUBLIC_URL) */
  url: string;
  /** the setup link the server printed */
  setupLink: string;
};

const SETUP_LINK = /(https?:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/;

export const test = base.extend<object, { emptyServer: EmptyServer }>({
  emptyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture names from this pattern
    async ({}, use) => {
      const server = await startProductServer({
        name: "empty",
        env: { SEED_DEMO: "false" },
        echo: (chunk) => chunk.replace(/token=[A-Za-z0-9_-]+/g, "token=…"),
      });
      try {
        const setupLink = SETUP_LINK.exec(server.stderr())?.[1];
        if (!setupLink) throw new Error("the server printed no setup link");
        await use({ url: server.url, setupLink });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

export { expect } from "@playwright/test";
