// `npm test`: lint, typecheck, unit and API tests, then browser tests (skipped, with a clear line,
// when no Chromium is found). Ends with one "N passed, N failed" line summing every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Step = {
  name: string;
  command: string[];
  report?: (dir: string) => { passed: number; failed: number; skipped: number };
};

const reportDir = mkdtempSync(path.join(tmpdir(), "nextline-test-"));
const bin = (name: string) => path.resolve("node_modules/.bin", name);

function vitestCounts(dir: string) {
  const file = path.join(dir, "vitest.json");
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightCounts(dir: string) {
  const file = path.join(dir, "playwright.json");
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const s = r.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

const steps: Step[] = [
  { name: "lint", command: [bin("biome"), "check", "."] },
  { name: "typecheck", command: [bin("tsc"), "--noEmit"] },
  {
    name: "unit and API tests",
    command: [
      bin("vitest"),
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.join(reportDir, "vitest.json")}`,
    ],
    report: vitestCounts,
  },
  {
    name: "browser tests",
    command: [process.execPath, "scripts/e2e.ts"],
    report: playwrightCounts,
  },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps: string[] = [];
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  process.stdout.write(`\n▶ ${step.name}\n`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, "playwright.json") },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report) {
    const counts = step.report(reportDir);
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
  }
  if (result.status !== 0) {
    failedSteps.push(step.name);
    process.stdout.write(`✗ ${step.name} failed (${seconds} s)\n`);
  } else {
    process.stdout.write(`✓ ${step.name} (${seconds} s)\n`);
  }
}
rmSync(reportDir, { recursive: true, force: true });

if (failedSteps.length) process.stdout.write(`\nFailed: ${failedSteps.join(", ")}\n`);
// A failed lint or typecheck step counts as a failure even though it runs no test.
const failures = failed + (failedSteps.length && failed === 0 ? failedSteps.length : 0);
process.stdout.write(`\ntests: ${passed} passed, ${failures} failed, ${skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
