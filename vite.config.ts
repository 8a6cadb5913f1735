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

/**
 * Ships the message catalogs as parsed ICU syntax trees and gives react-intl the parser-free build of
 * the ICU parser: ~9 KB gz less on every page. Our own code (vendor synonyms) still gets the real
 * parser, in a lazy chunk, because the swap applies only to imports from node_modules.
 */
function precompiledMessages(): Plugin {
  const require = createRequire(import.meta.url);
  const noParser = require.resolve("@formatjs/icu-messageformat-parser/no-parser.js");
  const catalog = /\/src\/web\/i18n\/[\w-]+\.json$/;
  return {
    name: "nextline:precompiled-messages",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@formatjs/icu-messageformat-parser" && importer?.includes("/node_modules/"))
        return noParser;
      return null;
    },
    transform(code, id) {
      if (!catalog.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      // Still JSON: Vite's JSON plugin turns it into a module after this.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [precompiledMessages(), react()],
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
