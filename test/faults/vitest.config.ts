// The fault suite (npm run test:faults): real server processes, one scenario file at a time,
// since each drives two cores as hard as it can and kills what it started.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/faults/**/*.test.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A scenario kills servers on purpose; one that fails must not be retried into a pass.
    retry: 0,
  },
});
