// `npm test`: lint, typecheck, unit and API tests, then browser tests (skipped, with a clear line,
// when no Chromium is found). Ends with one "N passed, N failed" line summing every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Counts = { passed: number; failed: number; skipped: number; failures: string[] };
type Step = {
  name: string;
  command: string[];
  report?: (dir: string) => Counts;
};

const reportDir = mkdtempSync(path.join(tmpdir(), "nextline-test-"));
const bin = (name: string) => path.resolve("node_modules/.bin", name);

// The summary names each failed test, so that the last lines of a long log say what failed.
function vitestCounts(dir: string): Counts {
  const file = path.join(dir, "vitest.json");
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: [] };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      status: string;
      message?: string;
      assertionResults?: { fullName: string; status: string }[];
    }[];
  };
  const failures: string[] = [];
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of tests) failures.push(`${where} › ${t.fullName}`);
    // A file that fails outside any test (an import error, a hook) has no failed assertion.
    if (file.status === "failed" && tests.length === 0) {
      failures.push(`${where} › ${(file.message ?? "failed").split("\n")[0]}`);
    }
  }
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
    failures,
  };
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; line: number; tests: { projectName: string; status: string }[] }[];
};

function playwrightFailures(suite: PlaywrightSuite, titles: string[], out: string[]) {
  const here = suite.file ? titles : [...titles, suite.title];
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      if (t.status === "unexpected") {
        out.push(
          `[${t.projectName}] ${suite.file}:${spec.line} › ${[...here, spec.title].join(" › ")}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here, out);
}

function playwrightCounts(dir: string): Counts {
  const file = path.join(dir, "playwright.json");
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0, failures: [] };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
  };
  const s = r.stats ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  const failures: string[] = [];
  for (const suite of r.suites ?? []) playwrightFailures(suite, [], failures);
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, failures };
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
const failedTests: string[] = [];
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
    failedTests.push(...counts.failures);
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
for (const test of failedTests) process.stdout.write(`  ✗ ${test}\n`);
// A failed lint or typecheck step counts as a failure even though it runs no test.
const failures = failed + (failedSteps.length && failed === 0 ? failedSteps.length : 0);
process.stdout.write(`\ntests: ${passed} passed, ${failures} failed, ${skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
