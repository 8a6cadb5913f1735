import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "test/faults/**"],
    // Migrates one database for the whole run; each file's database starts as a copy of it.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only fight over the CPU.
    maxWorkers: 2,
  },
});
