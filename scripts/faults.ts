// `npm run test:faults`: the fault suite (test/faults, real server processes killed, cut off and
// overloaded on purpose), one file at a time. Prints each scenario's measured figures and ends with
// one "faults: N passed, N failed" line. `--record` also writes the figures into docs/RELIABILITY.md.
// Scenarios that need PostgreSQL or Redis skip, saying so, when DATABASE_URL or REDIS_URL is unset.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

type Figures = { scenario: string; measuredAt: string; figures: Record<string, unknown> };

const args = process.argv.slice(2);
const record = args.includes("--record");
const files = args.filter((arg) => !arg.startsWith("--"));
const workDir = mkdtempSync(path.join(tmpdir(), "nextline-faults-"));
const figuresDir = path.join(workDir, "figures");
const logsDir = path.join(workDir, "logs");
mkdirSync(figuresDir, { recursive: true });
const reportFile = path.join(workDir, "vitest.json");
const vitest = path.resolve("node_modules/.bin/vitest");
const vitestArgs = [
  "run",
  "--config",
  "test/faults/vitest.config.ts",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${reportFile}`,
  ...files,
];

const started = Date.now();
// The reconnect storm holds thousands of sockets on each side: lift the soft limit on open files
// to the hard one for the tests and the servers they start.
const result = existsSync("/bin/sh")
  ? spawnSync(
      "/bin/sh",
      ["-c", 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', vitest, ...vitestArgs],
      {
        stdio: "inherit",
        env: { ...process.env, FAULTS_FIGURES_DIR: figuresDir, FAULTS_LOGS_DIR: logsDir },
      },
    )
  : spawnSync(vitest, vitestArgs, {
      stdio: "inherit",
      env: { ...process.env, FAULTS_FIGURES_DIR: figuresDir, FAULTS_LOGS_DIR: logsDir },
    });
const seconds = ((Date.now() - started) / 1000).toFixed(0);

let passed = 0;
let failed = result.status === 0 ? 0 : 1;
let skipped = 0;
/** scenario files (e.g. "overload") whose tests all passed: only their figures are recorded */
const passedFiles = new Set<string>();
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numFailedTestSuites: number;
    testResults: { name: string; status: string }[];
  };
  for (const file of report.testResults) {
    if (file.status === "passed") passedFiles.add(path.basename(file.name, ".test.ts"));
  }
  passed = report.numPassedTests;
  skipped = report.numPendingTests;
  // A suite that fails before its test runs (a server that would not start) counts as a failure.
  failed = report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
}

const measured: Figures[] = readdirSync(figuresDir)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(path.join(figuresDir, name), "utf8")) as Figures)
  .sort((a, b) => a.scenario.localeCompare(b.scenario));
if (measured.length > 0) {
  process.stdout.write("\nMeasured figures\n");
  for (const entry of measured) {
    const line = Object.entries(entry.figures)
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
    process.stdout.write(`  ${entry.scenario}: ${line}\n`);
  }
}
// A failed scenario's figures are printed above but not recorded: the page quotes passing runs.
const recordable = measured.filter((entry) => passedFiles.has(entry.scenario));
if (record && recordable.length > 0) recordInDocs(recordable);
// The servers' output is kept for a failed run only.
if (failed > 0) process.stdout.write(`\nServer output of this run: ${logsDir}\n`);
else rmSync(workDir, { recursive: true, force: true });
process.stdout.write(
  `\nfault suite took ${seconds} s${skipped > 0 ? `; ${skipped} skipped (see the lines above)` : ""}\n`,
);
process.stdout.write(`faults: ${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 || result.status !== 0 ? 1 : 0);

/** Rewrites the figures block of docs/RELIABILITY.md: this run's scenarios replace their rows, others stay. */
function recordInDocs(entries: Figures[]) {
  const file = path.resolve("docs/RELIABILITY.md");
  const start = "<!-- figures:start -->";
  const end = "<!-- figures:end -->";
  const text = readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    process.stdout.write(`--record: no ${start} … ${end} block in docs/RELIABILITY.md\n`);
    return;
  }
  const rows = new Map<string, string>();
  for (const line of text.slice(from, to).split("\n")) {
    const scenario = /^\| ([a-z0-9-]+) \| \d{4}-/.exec(line)?.[1];
    if (scenario) rows.set(scenario, line);
  }
  for (const entry of entries) {
    const figures = Object.entries(entry.figures)
      .map(([name, value]) => `${name} ${value}`)
      .join(", ");
    rows.set(
      entry.scenario,
      `| ${entry.scenario} | ${entry.measuredAt.slice(0, 10)} | ${figures} |`,
    );
  }
  const block = [
    start,
    "| scenario | measured | figures (ms unless named otherwise) |",
    "|---|---|---|",
    ...[...rows.keys()].sort().map((scenario) => rows.get(scenario)!),
    end,
  ].join("\n");
  writeFileSync(file, text.slice(0, from) + block + text.slice(to + end.length));
  process.stdout.write("figures written to docs/RELIABILITY.md\n");
}
