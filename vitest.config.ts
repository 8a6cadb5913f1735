import { defineConfig, type Plugin } from "vitest/config";

/**
 * A catalog's part (`xx.json?office`, `xx.json?home`: vite.config.ts splits them in a build) is the
 * whole catalog under Vitest, so that a page's tests load its part as the page does.
 */
function wholeCatalogParts(): Plugin {
  const part = /\/src\/shared\/i18n\/[\w-]+\.json\?\w+$/;
  return {
    name: "nextline:whole-catalog-parts",
    enforce: "pre",
    transform(code, id) {
      return part.test(id) ? { code: `export default ${code};`, map: null } : null;
    },
  };
}

export default defineConfig({
  plugins: [wholeCatalogParts()],
  test: {
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "test/faults/**"],
    // Migrates one database for the whole run; each file's database starts as a copy of it.
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/dom-timeouts.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only fight over the CPU.
    maxWorkers: 2,
  },
});
