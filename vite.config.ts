// Builds the browser app from src/web into dist/web, where the server serves it (src/server/app.ts):
// index.html at the root, content-hashed files under assets/, and a manifest for the bundle benchmark.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const webRoot = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
const apiServer = process.env.API_PROXY_TARGET ?? "http://localhost:3000";

/** Message ids only the back office shows: they ship in each language's office part. */
const OFFICE_MESSAGES = /^(Office|Lobby|Auth)\./;

/**
 * Ships the message catalogs as parsed ICU syntax trees and gives react-intl the parser-free build of
 * the ICU parser: ~9 KB gz less on every page. Our own code (vendor synonyms) still gets the real
 * parser, in a lazy chunk, because the swap applies only to imports from node_modules. Each catalog
 * is split in two: `xx.json` holds what visitor pages show, `xx.json?office` the office's own
 * messages (~40 % of the catalog), loaded by the office pages only (i18n/office-messages.tsx).
 */
function precompiledMessages(): Plugin {
  const require = createRequire(import.meta.url);
  const noParser = require.resolve("@formatjs/icu-messageformat-parser/no-parser.js");
  const catalog = /\/src\/web\/i18n\/[\w-]+\.json(\?office)?$/;
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
      const office = Boolean(match[1]);
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => OFFICE_MESSAGES.test(key) === office)
          .map(([key, message]) => [key, parse(message)]),
      );
      // The visitor part is still JSON, which Vite's JSON plugin turns into a module after this;
      // the office part (an import with a query) is not taken for JSON, so it becomes a module here.
      const json = JSON.stringify(compiled);
      return { code: office ? `export default ${json};` : json, map: null };
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [precompiledMessages(), react()],
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
    sourcemap: true,
  },
  server: {
    proxy: {
      "/api": { target: apiServer },
      "/socket.io": { target: apiServer, ws: true },
      "/readyz": { target: apiServer },
    },
  },
});
