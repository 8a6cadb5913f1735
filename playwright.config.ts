// Browser tests drive the real built app, served by the real server on a throwaway database, in
// the system Chromium: no browser is ever downloaded. Run through `npm run test:e2e` (scripts/e2e.ts),
// which builds the app first and picks a free port.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

/** Specs that run on the desktop project alone (see projects below). */
const DESKTOP_ONLY = [
  "admin-locations.spec.ts",
  "api-keys.spec.ts",
  "booking-conversion.spec.ts",
  "branding.spec.ts",
  "cx-snippets.spec.ts",
  "client-view-settings.spec.ts",
  "browser-policies.spec.ts",
  "full-journey.spec.ts",
  "groups-rooms-admin.spec.ts",
  "message-log.spec.ts",
  "notification-settings.spec.ts",
  "notifications.spec.ts",
  "office-hours.spec.ts",
  "office-jobs.spec.ts",
  "schedule.spec.ts",
  "services-admin.spec.ts",
  "setup.spec.ts",
  "staff-admin.spec.ts",
  "tv-board.spec.ts",
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/artifacts",
  fullyParallel: true,
  // Two cores shared with the server under test: more workers only fight over the CPU.
  workers: 2,
  retries: 0,
  // A walk through a page with axe at each state takes 10–25 s on a quiet 2-core machine; the
  // budget leaves room for a busy one, so a slow machine never fails a test that would pass.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // scripts/test.ts asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Staff work at desks: the back-office specs run on the desktop project only, and each checks the
  // phone width itself where its layout changes (a second project would start their servers and
  // repeat their slow flows for no new coverage). Visitor pages run at both widths.
  projects: [
    {
      name: "mobile",
      testIgnore: DESKTOP_ONLY,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 }, hasTouch: true },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node_modules/.bin/node e2e/serve.ts",
    url: `${baseURL}/readyz`,
    env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
