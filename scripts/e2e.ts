// `npm run test:e2e`: builds the web app and runs the Playwright browser tests in the system
// Chromium. Without Chromium it says so in one line and succeeds, so `npm test` still runs elsewhere.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
const chromium = candidates.find(
  (candidate): candidate is string => Boolean(candidate) && existsSync(candidate!),
);
if (!chromium) {
  process.stdout.write(
    "Chromium not found (set CHROMIUM_PATH or install the chromium package): browser tests skipped\n",
  );
  process.exit(0);
}

const bin = (name: string) => path.resolve("node_modules/.bin", name);

const build = spawnSync(bin("vite"), ["build", "--logLevel", "warn"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

/** A port nobody listens on now, so the tests never hit a server left running by someone else. */
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

const port = process.env.E2E_PORT ?? String(await freePort());
const result = spawnSync(bin("playwright"), ["test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: port },
});
process.exit(result.status ?? 1);
