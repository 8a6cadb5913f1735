// Builds the browser app from src/web into dist/web, where the server serves it (src/server/app.ts):
// index.html at the root, content-hashed files under assets/, and a manifest for the bundle benchmark.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { PAGE_CHUNK_MODULES } from "./src/shared/page-chunks.ts";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
const apiServer = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

/**
 * Message ids only some pages show, by part: each ships in its own chunk per language
 * (`xx.json?office`, `xx.json?home`, `xx.json?live`), loaded by those pages (src/web/i18n/catalog-part.tsx), so
 * that the visitor form, which loads `xx.json` before its first render, does not carry them.
 */
const MESSAGE_PARTS: Record<string, RegExp> = {
  office: /^(Office|Lobby|Auth|MessageLog|Audit|Schedule|Clients|Settings|ApiKeys|Branding)\./,
  home: /^Home\./,
  live: /^Live\./,
  tv: /^Tv\./,
  confirmation: /^(Confirmation|Feedback)\./,
  booking: /^Booking\./,
};
/**
 * Message ids only the server formats (the realtime socket's refusals, the availability call's and
 * the booking's, the calendar file's): no page shows them but as an error's `detail` or a file.
 */
const SERVER_ONLY_MESSAGES = /^(Realtime|Availability|BookingError|Calendar)\./;
const inSomePart = (key: string) =>
  SERVER_ONLY_MESSAGES.test(key) || Object.values(MESSAGE_PARTS).some((ids) => ids.test(key));

/**
 * Ships the message catalogs (src/shared/i18n) as parsed ICU syntax trees and gives react-intl the
 * parser-free build of the ICU parser: ~9 KB gz less on every page. Our own code (vendor synonyms) still gets the real
 * parser, in a lazy chunk, because the swap applies only to imports from node_modules. Each catalog
 * is split: `xx.json` holds what every visitor page may show, `xx.json?office` the office's own
 * messages (~40 % of the catalog), `xx.json?home` the home page's, `xx.json?tv` the TV board's,
 * `xx.json?confirmation` the confirmation page's, `xx.json?booking` the appointment booking steps'
 * and the booked appointment's page's (MESSAGE_PARTS); the server's own (SERVER_ONLY_MESSAGES) ship in none.
 */
function precompiledMessages(): Plugin {
  const require = createRequire(import.meta.url);
  const noParser = require.resolve("@formatjs/icu-messageformat-parser/no-parser.js");
  const parts = Object.keys(MESSAGE_PARTS).join("|");
  const catalog = new RegExp(`/src/shared/i18n/[\\w-]+\\.json(?:\\?(${parts}))?$`);
  return {
    name: "nextline:precompiled-messages",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@formatjs/icu-messageformat-parser" && importer?.includes("/node_modules/"))
        return noParser;
      return null;
    },
    transform(code, id) {
      const match = catalog.exec(id);
      if (!match) return null;
      const part = match[1];
      const ids = part === undefined ? undefined : MESSAGE_PARTS[part];
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => (ids ? ids.test(key) : !inSomePart(key)))
          .map(([key, message]) => [key, parse(message)]),
      );
      // The visitor part is still JSON, which Vite's JSON plugin turns into a module after this;
      // a part (an import with a query) is not taken for JSON, so it becomes a module here.
      const json = JSON.stringify(compiled);
      return { code: part ? `export default ${json};` : json, map: null };
    },
  };
}

/** V8's explicit compile hint: compile every function of this file eagerly, as it streams in. */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
/** Smaller chunks compile in next to no time: the comment is not worth its bytes on them. */
const COMPILE_HINT_MIN_LENGTH = 16_000;

/**
 * Modules a page loads once it is idle, whose evaluation then runs most of their functions: the
 * form's join rules (zod) and phone countries (libphonenumber).
 */
const IDLE_MODULES = [
  "visitor/callback-service/join-rules.ts",
  "visitor/callback-service/phone-countries.ts",
];

/**
 * Marks the chunks a first load runs, the entry and the pages' first chunks
 * (src/shared/page-chunks.ts) with all they import, and those of IDLE_MODULES, with V8's explicit
 * compile hint. Chromium then compiles their functions on the thread that streams each file in,
 * instead of one at a time on the main thread the first time each is called: on the form page that
 * lazy compiling was a fifth of the first load's main-thread time. Other engines ignore the
 * comment. Written into the files once they are on disk, as their first line, the same way on
 * every build (so a file name still always means the same content); each source map gains an
 * empty first line to match. Chunks under COMPILE_HINT_MIN_LENGTH are left as they are.
 */
export function compileHints(): Plugin {
  const roots = new Set<string>([...Object.values(PAGE_CHUNK_MODULES), ...IDLE_MODULES]);
  return {
    name: "nextline:compile-hints",
    apply: "build",
    writeBundle(options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle))
        if (output.type === "chunk") chunks.set(output.fileName, output);
      const hinted = new Set<string>();
      const visit = (chunk: Rollup.OutputChunk) => {
        if (hinted.has(chunk.fileName)) return;
        hinted.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = chunks.get(file);
          if (imported) visit(imported);
        }
      };
      for (const chunk of chunks.values()) {
        const module = chunk.facadeModuleId && path.relative(webRoot, chunk.facadeModuleId);
        if (chunk.isEntry || (module && roots.has(module))) visit(chunk);
      }
      const dir = options.dir ?? outDir;
      for (const file of hinted) {
        const script = path.join(dir, file);
        const code = readFileSync(script, "utf8");
        if (code.length < COMPILE_HINT_MIN_LENGTH) continue;
        writeFileSync(script, `${COMPILE_HINT}\n${code}`);
        const mapFile = `${script}.map`;
        if (!existsSync(mapFile)) continue;
        const map = JSON.parse(readFileSync(mapFile, "utf8")) as { mappings: string };
        writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [precompiledMessages(), react(), compileHints()],
  // react-intl and @formatjs/intl each nest their own copy of intl-messageformat (a patch version
  // behind ours): one copy for all of them is ~2 KB gz less on every page.
  resolve: { dedupe: ["intl-messageformat"] },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: "assets",
    // .vite/manifest.json maps each source module to its chunk: bench/bundle.bench.ts reads it.
    manifest: true,
    target: "es2022",
    // No polyfill for <link rel="modulepreload">: every browser since Safari 17 and Firefox 115
    // has it, and where it is missing the chunks still load, through their imports, only later. Its
    // ~0.4 KB gz on every page pays for the compile hints instead (decision 0009).
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-intl|@formatjs[\\/](?!icu-messageformat-parser[\\/](?!no-parser))|intl-messageformat|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 10,
            },
            {
              name: "core",
              test: /src[\\/](web[\\/](routing[\\/]routing|api[\\/]client|current-vendor)|shared[\\/](domain|locale))\.tsx?$/,
              priority: 9,
            },
            {
              // Small modules the visitor pages share in twos and threes (the wait-time line and
              // its clock, the queue's texts and rules): one chunk instead of seven of a few
              // hundred bytes each, whose gzip and import overhead cost the form page ≈ 1 KB gz.
              name: "visitor-shared",
              test: /src[\\/](shared[\\/](durations|queue[\\/](queue-messages|free-text-rules|fulfillment|booking-source|phone-rules))|web[\\/](visitor[\\/]wait-time[\\/](use-now|format-wait-time|wait-time-line)|api[\\/]idempotency-key|ui[\\/]when-idle))\.tsx?$/,
              priority: 8,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: apiServer },
      "/socket.io": { target: apiServer, ws: true },
      "/readyz": { target: apiServer },
      // Logos uploaded on settings/branding (the built app's own files are under /assets too).
      "/assets/logos": { target: apiServer },
    },
  },
});
