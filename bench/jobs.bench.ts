// `npm run bench:jobs`: how fast committed domain events reach their handlers. Writers commit
// EVENTS events (default 3,000), one per transaction as commands do, WRITERS at a time; the real
// dispatcher hands each to a live handler and queues a job per event for a durable handler on the
// real job queue (pg-boss). Prints events/s from the first commit to the last handled event, and
// p50/p99 of commit → live handler and commit → durable handler. The baseline, in the same run:
// the same commits with nobody dispatching them (the outbox write alone).
//
// On the embedded PGlite by default; with DATABASE_URL on a scratch database of that PostgreSQL
// server (created and dropped here). The figures go into docs/PERFORMANCE.md.
import os from "node:os";
import { sql } from "drizzle-orm";
import pino from "pino";
import { z } from "zod";
import { type Database, executeRows, openDatabase } from "../src/server/db/client.ts";
import { vendors } from "../src/server/db/schema.ts";
import { createEventDispatcher } from "../src/server/events/event-dispatcher.ts";
import { defineEventHandler } from "../src/server/jobs/event-handler.ts";
import { createJobQueue } from "../src/server/jobs/job-queue.ts";
import { createScratchDatabase } from "../test/test-database.ts";

const EVENTS = Number(process.env.EVENTS ?? 3_000);
const WRITERS = Number(process.env.WRITERS ?? (process.env.DATABASE_URL ? 8 : 1));
const log = pino({ level: "warn" });

async function open(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openDatabase({ kind: "pglite" }), drop: async () => {} };
  const scratch = await createScratchDatabase(url);
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 20 });
  return { database, drop: () => scratch.drop() };
}

/** Commits `count` events, one per transaction, `WRITERS` at a time; answers each id's commit time. */
async function commitEvents(
  database: Database,
  vendorId: number,
  count: number,
  onCommit?: () => void,
) {
  const committedAt = new Map<number, number>();
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const index = next++;
      const id = await database.db.transaction(async (tx) => {
        const [row] = await executeRows<{ id: string }>(
          tx,
          sql`insert into domain_events (vendor_id, type, aggregate_type, aggregate_id, payload)
              values (${vendorId}, 'queue_appointment.joined', 'queue_appointment', ${index},
                      ${JSON.stringify({ locationId: 1 })}::jsonb)
              returning id`,
        );
        return Number(row!.id);
      });
      committedAt.set(id, performance.now());
      onCommit?.();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return committedAt;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

async function main() {
  const { database, drop } = await open();
  try {
    const [vendor] = await database.db
      .insert(vendors)
      .values({ slug: "bench-jobs", name: "Bench Jobs" })
      .returning({ id: vendors.id });
    const vendorId = vendor!.id;

    // Baseline: the outbox write alone, nobody dispatching.
    const baselineStart = performance.now();
    await commitEvents(database, vendorId, EVENTS);
    const baselineSeconds = (performance.now() - baselineStart) / 1000;
    await database.db.execute(sql`delete from domain_events`);

    const liveAt = new Map<number, number>();
    const durableAt = new Map<number, number>();
    let resolveDone: () => void;
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const payload = z.object({ locationId: z.number() }).loose();
    const handlers = [
      defineEventHandler({
        name: "bench-live",
        version: 1,
        handles: ["queue_appointment.joined"],
        delivery: "live",
        payload,
        async handle(event) {
          liveAt.set(event.id, performance.now());
        },
      }),
      defineEventHandler({
        name: "bench-durable",
        version: 1,
        handles: ["queue_appointment.joined"],
        delivery: "durable",
        payload,
        async handle(event) {
          durableAt.set(event.id, performance.now());
          if (durableAt.size >= EVENTS) resolveDone();
        },
      }),
    ];
    const jobs = createJobQueue({ connection: database.jobConnection, handlers, log, work: true });
    await jobs.start();
    const dispatcher = createEventDispatcher({ db: database.db, handlers, jobs, log });
    dispatcher.start();

    const started = performance.now();
    const committedAt = await commitEvents(database, vendorId, EVENTS, () => dispatcher.wake());
    await done;
    const seconds = (performance.now() - started) / 1000;
    await dispatcher.stop();
    await jobs.stop();

    const latency = (handled: Map<number, number>) =>
      [...committedAt].map(([id, at]) => (handled.get(id) ?? Number.NaN) - at);
    const live = latency(liveAt);
    const durable = latency(durableAt);
    const missing = live.filter(Number.isNaN).length + durable.filter(Number.isNaN).length;
    const round = (value: number) => Math.round(value * 10) / 10;
    const figures = {
      database: database.kind,
      events: EVENTS,
      writers: WRITERS,
      baseline_commits_per_s: Math.round(EVENTS / baselineSeconds),
      events_per_s: Math.round(EVENTS / seconds),
      ratio_to_baseline: Math.round((baselineSeconds / seconds) * 100) / 100,
      live_p50_ms: round(percentile(live, 50)),
      live_p99_ms: round(percentile(live, 99)),
      durable_p50_ms: round(percentile(durable, 50)),
      durable_p99_ms: round(percentile(durable, 99)),
      missing,
      machine: `${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      node: process.version,
      date: new Date().toISOString(),
    };
    console.log(JSON.stringify(figures, null, 2));
    if (missing > 0) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
  }
}

await main();
