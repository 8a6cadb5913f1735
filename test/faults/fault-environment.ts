// What a fault test needs around its server nodes: the services it requires (skipping with a
// clear line when they are not configured), a scratch PostgreSQL database, a Redis logical
// database of its own, and a place to record the figures docs/RELIABILITY.md quotes.
import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { createScratchDatabase } from "../test-database.ts";

export const SESSION_SECRET = "fault-tests-secret-fault-tests-secret-00";

/** Names the variables a scenario needs and are unset; warns once so CI logs say why it skipped. */
export function missingServices(
  scenario: string,
  names: ("DATABASE_URL" | "REDIS_URL")[],
): string[] {
  const missing = names.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.warn(`faults: "${scenario}" skipped: set ${missing.join(" and ")} to run it`);
  }
  return missing;
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

export function scratchDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(process.env.DATABASE_URL!);
}

/** The same URL pointing at another host:port (a proxy in front of the real service). */
export function throughPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(port);
  return parsed.toString();
}

export type RedisDatabase = { url: string; port: number; release(): Promise<void> };

/**
 * A Redis logical database no one else holds keys in right now, so this test's realtime stream
 * and rate-limit counters do not mix with another run's (location ids repeat across scratch
 * databases). The keys Nextline writes there are removed on release.
 */
export async function redisDatabase(): Promise<RedisDatabase> {
  const base = new URL(process.env.REDIS_URL!);
  const admin = createClient({ url: base.toString() });
  await admin.connect();
  const keyspace = await admin.info("keyspace");
  await admin.close();
  const used = new Set([...keyspace.matchAll(/^db(\d+):/gm)].map((match) => Number(match[1])));
  const free = Array.from({ length: 15 }, (_, i) => i + 1).filter((index) => !used.has(index));
  const index = free.length > 0 ? free[randomInt(free.length)]! : randomInt(1, 16);
  base.pathname = `/${index}`;
  const url = base.toString();
  return {
    url,
    port: Number(base.port || 6379),
    async release() {
      if (used.has(index)) return;
      const client = createClient({ url });
      await client.connect();
      for (const pattern of ["nextline:realtime*", "sio:session:*", "nl-rate-limit:*"]) {
        for await (const keys of client.scanIterator({ MATCH: pattern, COUNT: 500 })) {
          if (keys.length > 0) await client.del(keys);
        }
      }
      await client.close();
    },
  };
}

export type Figures = Record<string, string | number | boolean | null>;

/** Where the runner (scripts/faults.ts) collects each scenario's measured figures. */
export function figuresDirectory(): string {
  return process.env.FAULTS_FIGURES_DIR ?? path.join(tmpdir(), "nextline-faults-figures");
}

export function recordFigures(scenario: string, figures: Figures) {
  const directory = figuresDirectory();
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${scenario.replace(/[^a-z0-9-]+/gi, "-")}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ scenario, measuredAt: new Date().toISOString(), figures }, null, 2)}\n`,
  );
  console.info(`faults: ${scenario}: ${JSON.stringify(figures)}`);
}

/** Polls `check` every `intervalMs` until it returns a value other than undefined/false, or throws at the deadline. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (value: number, digits = 0) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
