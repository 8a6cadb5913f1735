// Builds the web app before `npm start` only when dist/web is missing or older than its sources,
// so a restart on an existing install is ready in seconds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const built = "dist/web/index.html";
const sources = ["src/web", "src/shared", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt >= sourcesAt) {
  process.stdout.write("web app is up to date (dist/web)\n");
} else {
  process.stdout.write("building the web app…\n");
  const result = spawnSync(
    path.resolve("node_modules/.bin/vite"),
    ["build", "--logLevel", "warn"],
    { stdio: "inherit" },
  );
  process.exit(result.status ?? 1);
}
