// `npm run bench:bundle`: the gzipped JS and CSS a route loads before it is interactive — the entry
// chunk, the route's lazy chunk and their static imports (dynamic imports excluded) — against the
// 120 KB gz JS budget. Reads dist/web/.vite/manifest.json; builds first when it is missing or with --build.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const DIST = "dist/web";
const MANIFEST = path.join(DIST, ".vite/manifest.json");
const BUDGET_JS_GZ = 120_000;

/**
 * Each route's page module (manifest keys are relative to src/web). A page added to the router with
 * its own lazy chunk is added here too; a page not built yet is reported as such.
 */
const ROUTES: { route: string; module: string }[] = [
  { route: "/", module: "visitor/home/home-page.tsx" },
  { route: "/callback-service/{id}", module: "visitor/callback-service/callback-service-page.tsx" },
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
for (const { route, module } of ROUTES) {
  if (!manifest[module]) {
    process.stdout.write(`${route}\n  not built yet (no ${module} in the manifest)\n\n`);
    continue;
  }
  const chunks = new Set([...staticClosure(entryKey), ...staticClosure(module)]);
  const js = new Set([...chunks].map((key) => manifest[key]!.file));
  const css = new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []));
  const jsSize = total(js);
  const withCatalog = jsSize.gzip + catalogSize.gzip;
  const verdict = jsSize.gzip <= BUDGET_JS_GZ ? "within budget" : "OVER BUDGET";
  if (jsSize.gzip > BUDGET_JS_GZ) overBudget = true;
  process.stdout.write(`${route}\n`);
  process.stdout.write(`  JS   ${formatSize(jsSize)} in ${js.size} files — ${verdict}\n`);
  process.stdout.write(`  CSS  ${formatSize(total(css))} in ${css.size} files\n`);
  process.stdout.write(
    `  + English catalog ${kb(catalogSize.gzip)} gz → ${kb(withCatalog)} gz of JS before first render\n\n`,
  );
}
process.exit(overBudget ? 1 : 0);
