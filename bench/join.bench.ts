// `npm run bench:join` (needs DATABASE_URL): the join call under autocannon, 50 connections, on
// PostgreSQL, against a baseline route doing one plain INSERT in the same app and database.
// Runs alternate baseline, join, baseline, join (ROUNDS, DURATION_S each); medians are reported.
// Targets: join ≥ 40 % of the baseline's requests per second, join p99 ≤ 50 ms. The server runs
// here on a scratch database with the demo seed; the load comes from a child process. Each join
// run starts from the demo lines (the places the previous run added are cancelled). Prints the
// figures; exits non-zero on an error, never on a missed target.
import { fork } from "node:child_process";
import { once } from "node:events";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { and, eq, gt, max, sql } from "drizzle-orm";
import pg from "pg";
import { queueAppointments } from "../src/server/db/schema.ts";
import { seedDemoData } from "../src/server/demo/seed.ts";
import { recalculateWaitTimes } from "../src/server/queue/wait-time/recalculate-wait-times.ts";
import { boundedAgent } from "../test/contract/http-session.ts";
import { startListeningApp } from "../test/contract/listening-app.ts";
import { BASELINE_PATH, registerBaselineInsertRoute } from "./baseline-insert-route.ts";
import { findDemoJoinTargets } from "./demo-join-targets.ts";
import type { LoadFigures, LoadRun } from "./join-load-client.ts";
import { startCpuCount } from "./server-cpu.ts";

const DATABASE_URL = process.env.DATABASE_URL;
const DURATION_S = Number(process.env.DURATION_S ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const CONNECTIONS = 50;
const JOIN_PATH = "/api/v2/open/queue-appointments";
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 50;
const HOST = "localhost"; // an unknown host: the default (demo) vendor

if (!DATABASE_URL) {
  console.error(
    "bench:join measures the join on PostgreSQL: DATABASE_URL=postgresql://user@host:5432/db npm run bench:join",
  );
  process.exit(1);
}

// Every statement the app sends goes through pg.Client#query: count them per join.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

// Requests still being served when a load run ends (autocannon does not wait for them).
let inFlight = 0;
const server = await startListeningApp({
  databaseUrl: DATABASE_URL,
  beforeListen: async (app) => {
    app.addHook("onRequest", async () => {
      inFlight += 1;
    });
    app.addHook("onResponse", async () => {
      inFlight -= 1;
    });
    await registerBaselineInsertRoute(app);
  },
});
const agent = boundedAgent(8);
try {
  await seedDemoData(server.db);
  const { session, bodies, locationIds } = await findDemoJoinTargets(server.baseUrl, HOST, agent);
  const [{ last } = { last: 0 }] = await server.db
    .select({ last: max(queueAppointments.id) })
    .from(queueAppointments);
  const demoVendorId = (await server.app.caches.vendors.resolve(HOST))!.id;

  /**
   * Cancels the places the benchmark added, so each join run meets the same lines; first waits
   * for the joins still in flight, whose recalculations would otherwise race the cancelling.
   */
  const resetLines = async () => {
    for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) await sleep(50);
    await server.db
      .update(queueAppointments)
      .set({ status: "cancelled", endedAt: new Date(), expectedStart: null })
      .where(and(gt(queueAppointments.id, last ?? 0), eq(queueAppointments.status, "waiting")));
    for (const locationId of locationIds)
      await recalculateWaitTimes(
        {
          db: server.db,
          events: server.app.events,
          learnedDurations: server.app.caches.learnedDurations,
        },
        { vendorId: demoVendorId, locationId },
      );
  };

  // One visitor at a time: the statements and the time one join costs with no contention.
  statements = 0;
  const sequential = 30;
  const started = performance.now();
  for (let n = 0; n < sequential; n++) {
    const res = await session.send("POST", JOIN_PATH, JSON.parse(bodies[n % bodies.length]!), {
      "idempotency-key": `sequential-${n}`,
    });
    if (res.status !== 201) throw new Error(`sequential join: ${res.status} ${res.body}`);
  }
  const msPerJoin = (performance.now() - started) / sequential;
  const statementsPerJoin = statements / sequential;
  await resetLines();

  const client = fork(fileURLToPath(new URL("./join-load-client.ts", import.meta.url)));
  let runNumber = 0;
  const load = async (path: string, durationS: number): Promise<LoadFigures> => {
    runNumber += 1;
    const run: LoadRun = {
      url: server.baseUrl,
      path,
      connections: CONNECTIONS,
      durationS,
      headers: session.headers,
      bodies,
      keyPrefix: `run-${runNumber}`,
    };
    const [{ before } = { before: 0 }] = await server.db
      .select({ before: max(queueAppointments.id) })
      .from(queueAppointments);
    statements = 0;
    const cpu = await startCpuCount(server.db);
    client.send(run);
    const [figures] = (await once(client, "message")) as [LoadFigures];
    const spent = await cpu();
    const requests = Math.max(1, figures.total);
    figures.statementsPerRequest = statements / requests;
    figures.appCpuMsPerRequest = spent.appMs / requests;
    figures.databaseCpuMsPerRequest = spent.databaseMs / requests;
    if (path === JOIN_PATH) {
      // Every join answered 201 is in the database with its "joined" event (a join still in
      // flight when the run ended may be there too, unanswered).
      for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) await sleep(50);
      const [written] = (
        (await server.db.execute(sql`
          select count(*)::integer as places,
            (select count(*)::integer from queue_events e
             where e.type = 'joined' and e.queue_appointment_id > ${before ?? 0}) as events
          from queue_appointments where id > ${before ?? 0}`)) as unknown as {
          rows: { places: number; events: number }[];
        }
      ).rows;
      const answered = figures.total - figures.non2xx;
      if (!written || written.places < answered || written.events !== written.places)
        throw new Error(
          `joins answered 201: ${answered}, places in the database: ${written?.places}, joined events: ${written?.events}`,
        );
      figures.written = written.places;
      await resetLines();
    }
    return figures;
  };

  await load(BASELINE_PATH, 2); // warm-up, not counted
  await load(JOIN_PATH, 2);
  const baseline: LoadFigures[] = [];
  const join: LoadFigures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await load(BASELINE_PATH, DURATION_S));
    join.push(await load(JOIN_PATH, DURATION_S));
  }
  client.disconnect();

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const summary = (runs: LoadFigures[]) => ({
    rps: median(runs.map((r) => r.requestsPerSecond)),
    p99: median(runs.map((r) => r.p99)),
    p50: median(runs.map((r) => r.p50)),
  });
  const b = summary(baseline);
  const j = summary(join);
  const ratio = j.rps / b.rps;
  const version = (await server.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  const cpus = os.cpus();
  const line = (name: string, runs: LoadFigures[]) =>
    runs
      .map(
        (r, i) =>
          `  ${name} run ${i + 1}  ${r.requestsPerSecond.toFixed(0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  (${r.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors${r.written === undefined ? "" : `, ${r.written} places written`}; each ${r.statementsPerRequest?.toFixed(1)} statements, CPU ${r.appCpuMsPerRequest?.toFixed(2)} ms app + ${r.databaseCpuMsPerRequest?.toFixed(2)} ms database)`,
      )
      .join("\n");
  console.log("join benchmark: POST /api/v2/open/queue-appointments against one plain INSERT");
  console.log(`  date       ${new Date().toISOString()}`);
  console.log(
    `  machine    ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, Node ${process.version}`,
  );
  console.log(
    `  database   PostgreSQL ${version.rows[0]?.server_version}, pool ${server.config.DATABASE_POOL_SIZE}`,
  );
  console.log(
    `  load       autocannon, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_S} s each, alternating; ${bodies.length} demo locations joined in turn`,
  );
  console.log(
    `  one join   ${statementsPerJoin.toFixed(1)} statements, ${msPerJoin.toFixed(1)} ms with no contention`,
  );
  console.log(line("baseline", baseline));
  console.log(line("join    ", join));
  console.log(`  baseline   median ${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms`);
  console.log(`  join       median ${j.rps.toFixed(0)} req/s, p50 ${j.p50} ms, p99 ${j.p99} ms`);
  console.log(`  ratio      ${(ratio * 100).toFixed(1)} % of the baseline`);
  console.log(
    `  target     ≥ ${TARGET_RATIO * 100} % and p99 ≤ ${TARGET_P99_MS} ms: ${ratio >= TARGET_RATIO && j.p99 <= TARGET_P99_MS ? "met" : "MISSED"}`,
  );
} finally {
  agent.destroy();
  await server.close();
}
