// `npm run bench:bundle`: the gzipped JS and CSS a route loads before it is interactive, against the
// 120 KB gz JS budget (visitor pages; office pages are reported only). Counted: the entry chunk, the
// active language's catalog (main.tsx fetches it before the first render), the route's page chunk,
// the lazy chunks the page starts at once (e.g. the form inside the callback page) and all their
// static imports, and the workers the entry starts (the Intl warm-up; not in the manifest). Every
// other lazy chunk a counted chunk can import must be declared below as deferred (fetched only
// once the page is idle or on a user action, the page fully usable without it), conditional (only
// for some vendors or screens: reported as an extra line) or another branch of the page; an
// undeclared one is counted, with a warning, so a new lazy import never goes uncounted. Reads
// dist/web/.vite/manifest.json; builds first when it is missing or with --build. --files lists each
// route's JS files with their gzipped size.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const DIST = "dist/web";
const MANIFEST = path.join(DIST, ".vite/manifest.json");
const BUDGET_JS_GZ = 120_000;
const CATALOG = "../shared/i18n/en.json";
/** The office's own messages (vite.config.ts splits each catalog), loaded by office pages only. */
const OFFICE_CATALOG = "../shared/i18n/en.json?office";
/** The home page's own messages, loaded by the home page only. */
const HOME_CATALOG = "../shared/i18n/en.json?home";
/** The TV board's own messages, loaded by the board only. */
const TV_CATALOG = "../shared/i18n/en.json?tv";
/** The confirmation page's own messages, loaded alongside its chunk. */
const CONFIRMATION_CATALOG = "../shared/i18n/en.json?confirmation";
/** The appointment booking steps' and the booked appointment's messages, loaded by those pages. */
const BOOKING_CATALOG = "../shared/i18n/en.json?booking";

/**
 * Each route's modules (manifest keys are relative to src/web): its page and the lazy chunks it
 * starts at once, before it is interactive (the office layout; the form inside the callback page;
 * the finder without a location). `otherBranches` are lazy chunks of those modules that this route
 * never renders. A page added to the router with its own lazy chunk is added here too; a page not
 * built yet is reported as such. The budget is for visitor pages; office pages (staff on desktops)
 * are reported, not budgeted.
 */
type RouteSpec = { route: string; modules: string[]; budgeted: boolean; otherBranches?: string[] };

const NOTICES = [
  "visitor/notices/location-closed-notice.tsx",
  "visitor/notices/services-unavailable-notice.tsx",
];
const SEARCH_LIST = "visitor/callback-service/location-search-list.tsx";

/** The booking pages: their route table's chunk, then each page's own (the others are branches). */
const BOOKING_PAGES = {
  "/select-service": "visitor/booking/select-service-page.tsx",
  "/select-location": "visitor/booking/select-location-page.tsx",
  "/select-location/{id}": "visitor/booking/location-choice-page.tsx",
  "/select-staff": "visitor/booking/select-staff-page.tsx",
  "/select-attendees": "visitor/booking/select-attendees-page.tsx",
  "/select-timeslot": "visitor/booking/select-timeslot-page.tsx",
  "/attendee-details": "visitor/booking/attendee-details-page.tsx",
  "/appointments/confirmation": "visitor/booking/appointment-page.tsx",
};
/** The details step asks with the queue form's parts, which load beside its chunk. */
const BOOKING_PAGE_EXTRAS: Record<string, string[]> = {
  "/attendee-details": ["visitor/callback-service/callback-form.tsx"],
};
const bookingRoutes: RouteSpec[] = Object.entries(BOOKING_PAGES).map(([route, page]) => ({
  route,
  modules: [
    "visitor/booking/booking-routes.tsx",
    page,
    BOOKING_CATALOG,
    ...(BOOKING_PAGE_EXTRAS[route] ?? []),
  ],
  otherBranches: [
    ...Object.values(BOOKING_PAGES).filter((other) => other !== page),
    // The route table's other branch: an address no route knows.
    "ui/not-found-page.tsx",
    ...(BOOKING_PAGE_EXTRAS[route] ? [] : ["visitor/callback-service/callback-form.tsx"]),
  ],
  budgeted: true,
}));

const ROUTES: RouteSpec[] = [
  { route: "/", modules: ["visitor/home/home-page.tsx", HOME_CATALOG], budgeted: true },
  {
    route: "/callback-service/{id}",
    modules: [
      "visitor/callback-service/callback-service-page.tsx",
      "visitor/callback-service/callback-form.tsx",
    ],
    otherBranches: ["visitor/location-finder/location-finder.tsx", ...NOTICES, SEARCH_LIST],
    budgeted: true,
  },
  {
    route: "/callback-service/{id} (closed or unavailable: a notice instead of the form)",
    modules: ["visitor/callback-service/callback-service-page.tsx", ...NOTICES],
    otherBranches: [
      "visitor/location-finder/location-finder.tsx",
      "visitor/callback-service/callback-form.tsx",
      SEARCH_LIST,
    ],
    budgeted: true,
  },
  {
    route: "/callback-service (finder, no location)",
    modules: [
      "visitor/callback-service/callback-service-page.tsx",
      "visitor/location-finder/location-finder.tsx",
    ],
    otherBranches: ["visitor/callback-service/callback-form.tsx", ...NOTICES, SEARCH_LIST],
    budgeted: true,
  },
  {
    route: "/callback-service/location",
    modules: ["visitor/location-finder/location-finder-page.tsx"],
    budgeted: true,
  },
  {
    route: "/callback-service/confirmation",
    modules: ["visitor/confirmation/confirmation-page.tsx", CONFIRMATION_CATALOG],
    budgeted: true,
  },
  {
    route: "/callback-service/{id}?mode=tv",
    modules: ["visitor/tv/tv-board-page.tsx", TV_CATALOG],
    budgeted: true,
  },
  ...bookingRoutes,
  {
    route: "/sign-in (office)",
    modules: ["office/sign-in/sign-in-page.tsx", OFFICE_CATALOG],
    budgeted: false,
  },
  {
    route: "/lobby (office)",
    modules: ["office/shell/office-layout.tsx", "office/lobby/lobby-page.tsx", OFFICE_CATALOG],
    budgeted: false,
  },
  {
    route: "/dashboard (office)",
    modules: [
      "office/shell/office-layout.tsx",
      "office/dashboard/dashboard-page.tsx",
      OFFICE_CATALOG,
    ],
    budgeted: false,
  },
  {
    route: "/jobs (office)",
    modules: ["office/shell/office-layout.tsx", "office/jobs/dead-jobs-page.tsx", OFFICE_CATALOG],
    budgeted: false,
  },
];

/** Lazy chunks fetched only once the page is idle or on a user action; not counted. */
const DEFERRED: Record<string, string> = {
  "visitor/callback-service/join-rules.ts":
    "zod and the join rules: once idle, or at the first validation",
  "visitor/callback-service/phone-countries.ts":
    "libphonenumber: once idle, or when the visitor reaches the phone field",
  "api/analytics.ts": "the booking events' sender: when a join is answered",
  "api/join-queue.ts": "the join request: once idle, or when the form is sent",
  "visitor/callback-service/error-snackbar.tsx":
    "the failed join's snackbar: once idle, or when a join fails",
  "visitor/confirmation/live-updates.tsx": "the realtime client: once idle",
  "visitor/tv/tv-live-updates.tsx": "the realtime client: once idle",
  "office/lobby/walk-in-dialog.tsx": "when staff open the walk-in dialog",
  "visitor/booking/send-booking.ts": "the booking request: once idle, or when the visitor books",
  "visitor/booking/slot-taken-notice.tsx": "the nearest free times: when a time was just taken",
  "visitor/location-finder/location-finder.tsx":
    "a location's opening hours on the booking's location step (the finder's table): once idle",
  "visitor/cx-snippets/visitor-snippets.tsx":
    "the vendor's announcements and notices (their request and list): once idle",
};

/** Lazy chunks fetched at once, but only for some vendors or screens: reported as extra lines. */
const CONDITIONAL: Record<string, string> = {
  "visitor/callback-service/pre-booking-statement.tsx":
    "vendors with a pre-booking statement (with DOMPurify)",
  "visitor/location-finder/leaflet-map.tsx": "desktop widths (the map)",
  "visitor/cx-snippets/snippet-list.tsx":
    "vendors with announcements or notices in effect (with DOMPurify)",
  "visitor/kiosk/kiosk-ticket.tsx":
    "lobby kiosks (the QR code to follow the place, the printed ticket)",
  "visitor/booking/queue-place-client.ts":
    "a queue place turned into an appointment (its client's details)",
};

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, Chunk>;

if (process.argv.includes("--build") || !existsSync(MANIFEST)) {
  const build = spawnSync(path.resolve("node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
/** Worker scripts: Vite emits them beside the chunks but leaves them out of the manifest. */
const workers = readdirSync(path.join(DIST, "assets"))
  .filter((file) => /\.worker-[\w-]+\.js$/.test(file))
  .map((file) => `assets/${file}`);
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

const catalog = manifest[CATALOG];
if (!catalog) throw new Error(`${MANIFEST} has no ${CATALOG}`);
// A vendor with message synonyms also waits for the ICU parser before the first render.
const synonyms = manifest["i18n/parse-synonyms.ts"];

/** The lazy chunks `keys` can import, classified for `otherBranches`; undeclared ones are counted. */
function lazyChunks(keys: Set<string>, otherBranches: string[]) {
  const counted = new Set<string>();
  const conditional = new Set<string>();
  // The entry's own lazy chunks are the pages and catalogs, one per route or language.
  const entry = staticClosure(entryKey!);
  const pending = [...keys].filter((key) => !entry.has(key));
  while (pending.length > 0) {
    const key = pending.pop()!;
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      if (keys.has(lazy) || counted.has(lazy) || otherBranches.includes(lazy)) continue;
      if (DEFERRED[lazy]) continue;
      if (CONDITIONAL[lazy]) {
        conditional.add(lazy);
        continue;
      }
      process.stdout.write(`  ! ${lazy} is lazy but not declared deferred: counted\n`);
      for (const imported of staticClosure(lazy)) {
        if (!keys.has(imported) && !entry.has(imported)) pending.push(imported);
        counted.add(imported);
      }
    }
  }
  return { counted, conditional };
}

/** The catalogs' parts in the other languages: a route counts the English part it lists. */
const otherLanguageParts = Object.keys(manifest).filter(
  (key) => /^\.\.\/shared\/i18n\/[\w-]+\.json\?\w+$/.test(key) && !key.startsWith(`${CATALOG}?`),
);

let overBudget = false;
for (const { route, modules, budgeted, otherBranches: branches = [] } of ROUTES) {
  const otherBranches = [...branches, ...otherLanguageParts];
  const missing = modules.filter((module) => !manifest[module]);
  if (missing.length > 0) {
    process.stdout.write(
      `${route}\n  not built yet (no ${missing.join(", ")} in the manifest)\n\n`,
    );
    continue;
  }
  process.stdout.write(`${route}\n`);
  const pageChunks = new Set(modules.flatMap((module) => [...staticClosure(module)]));
  const { counted, conditional } = lazyChunks(pageChunks, otherBranches);
  const chunks = new Set([...staticClosure(entryKey), CATALOG, ...pageChunks, ...counted]);
  const js = new Set([...[...chunks].map((key) => manifest[key]!.file), ...workers]);
  const css = new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []));
  const jsSize = total(js);
  const within = jsSize.gzip <= BUDGET_JS_GZ;
  const verdict = !budgeted
    ? "office page, not budgeted"
    : within
      ? "within budget"
      : "OVER BUDGET";
  if (budgeted && !within) overBudget = true;
  process.stdout.write(
    `  JS   ${formatSize(jsSize)} in ${js.size} files (English catalog${budgeted ? "" : " and its office part"} included) — ${verdict}\n`,
  );
  if (process.argv.includes("--files")) {
    const bySize = [...js].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip);
    for (const file of bySize) process.stdout.write(`       ${kb(sizeOf(file).gzip)}  ${file}\n`);
  }
  process.stdout.write(`  CSS  ${formatSize(total(css))} in ${css.size} files\n`);
  const extra = (label: string, key: string) => {
    const added = [...staticClosure(key)].map((k) => manifest[k]!.file).filter((f) => !js.has(f));
    process.stdout.write(`  + ${label}: ${kb(total(new Set(added)).gzip)} gz more\n`);
  };
  for (const key of conditional) extra(CONDITIONAL[key]!, key);
  if (synonyms) extra("vendors with message synonyms (ICU parser)", "i18n/parse-synonyms.ts");
  const deferred = new Set<string>();
  const entryChunks = staticClosure(entryKey);
  for (const key of chunks)
    if (!entryChunks.has(key))
      // A module this route counts, or renders only in another branch, is not deferred here.
      for (const lazy of manifest[key]?.dynamicImports ?? [])
        if (DEFERRED[lazy] && !chunks.has(lazy) && !otherBranches.includes(lazy))
          deferred.add(lazy);
  for (const key of deferred) {
    const added = [...staticClosure(key)].map((k) => manifest[k]!.file).filter((f) => !js.has(f));
    process.stdout.write(
      `  deferred, not counted: ${kb(total(new Set(added)).gzip)} gz — ${DEFERRED[key]}\n`,
    );
  }
  process.stdout.write("\n");
}
process.exit(overBudget ? 1 : 0);
