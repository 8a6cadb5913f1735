// `npm run bench:bundle`: the gzipped JS and CSS a route loads before it is interactive — the entry
// chunk, the route's lazy chunks and their static imports (other dynamic imports excluded) — against
// the 120 KB gz JS budget (visitor pages; office pages are reported only). Reads
// dist/web/.vite/manifest.json; builds first when it is missing or with --build.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const DIST = "dist/web";
const MANIFEST = path.join(DIST, ".vite/manifest.json");
const BUDGET_JS_GZ = 120_000;

/**
 * Each route's modules (manifest keys are relative to src/web): its page and any lazy chunk that must
 * load before it is interactive (the office layout; the finder inside the callback page). A page added
 * to the router with its own lazy chunk is added here too; a page not built yet is reported as such.
 * The budget is for visitor pages; office pages (staff on desktops) are reported, not budgeted.
 */
const ROUTES: { route: string; modules: string[]; budgeted: boolean }[] = [
  { route: "/", modules: ["visitor/home/home-page.tsx"], budgeted: true },
  {
    route: "/callback-service/{id}",
    modules: ["visitor/callback-service/callback-service-page.tsx"],
    budgeted: true,
  },
  {
    route: "/callback-service (finder, no location)",
    modules: [
      "visitor/callback-service/callback-service-page.tsx",
      "visitor/location-finder/location-finder.tsx",
    ],
    budgeted: true,
  },
  {
    route: "/callback-service/location",
    modules: ["visitor/location-finder/location-finder-page.tsx"],
    budgeted: true,
  },
  {
    route: "/callback-service/confirmation",
    modules: ["visitor/confirmation/confirmation-page.tsx"],
    budgeted: true,
  },
  {
    route: "/callback-service/{id}?mode=tv",
    modules: ["visitor/tv/tv-board-page.tsx"],
    budgeted: true,
  },
  { route: "/sign-in (office)", modules: ["office/sign-in/sign-in-page.tsx"], budgeted: false },
  {
    route: "/lobby (office)",
    modules: ["office/shell/office-layout.tsx", "office/lobby/lobby-page.tsx"],
    budgeted: false,
  },
  {
    route: "/dashboard (office)",
    modules: ["office/shell/office-layout.tsx", "office/dashboard/dashboard-page.tsx"],
    budgeted: false,
  },
];

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

if (process.argv.includes("--build") || !existsSync(MANIFEST)) {
  const build = spawnSync(path.resolve("node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error(`${MANIFEST} has no entry chunk`);

/** The chunk at `key` and everything it imports statically, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

type Size = { raw: number; gzip: number; brotli: number };
const sizeCache = new Map<string, Size>();
function sizeOf(file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(DIST, file));
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

function total(files: Iterable<string>): Size {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = sizeOf(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
  }
  return sum;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const formatSize = (size: Size) =>
  `${kb(size.gzip)} gz (${kb(size.brotli)} br, ${kb(size.raw)} raw)`;

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(
  `bundle size — ${new Date().toISOString()} — ${cpu}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, Node ${process.version}\n`,
);
process.stdout.write(
  `budget: ${kb(BUDGET_JS_GZ)} gz of JS before a route is interactive (gzip -9)\n\n`,
);

// The active language's catalog is fetched before the first render although it is a dynamic import.
const catalog = manifest["i18n/en.json"];
const catalogSize = catalog ? sizeOf(catalog.file) : { raw: 0, gzip: 0, brotli: 0 };

let overBudget = false;
for (const { route, modules, budgeted } of ROUTES) {
  const missing = modules.filter((module) => !manifest[module]);
  if (missing.length > 0) {
    process.stdout.write(
      `${route}\n  not built yet (no ${missing.join(", ")} in the manifest)\n\n`,
    );
    continue;
  }
  const chunks = new Set([
    ...staticClosure(entryKey),
    ...modules.flatMap((module) => [...staticClosure(module)]),
  ]);
  const js = new Set([...chunks].map((key) => manifest[key]!.file));
  const css = new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []));
  const jsSize = total(js);
  const withCatalog = jsSize.gzip + catalogSize.gzip;
  const within = jsSize.gzip <= BUDGET_JS_GZ;
  const verdict = !budgeted
    ? "office page, not budgeted"
    : within
      ? "within budget"
      : "OVER BUDGET";
  if (budgeted && !within) overBudget = true;
  process.stdout.write(`${route}\n`);
  process.stdout.write(`  JS   ${formatSize(jsSize)} in ${js.size} files — ${verdict}\n`);
  process.stdout.write(`  CSS  ${formatSize(total(css))} in ${css.size} files\n`);
  process.stdout.write(
    `  + English catalog ${kb(catalogSize.gzip)} gz → ${kb(withCatalog)} gz of JS before first render\n\n`,
  );
}
process.exit(overBudget ? 1 : 0);
