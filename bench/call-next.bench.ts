// `npm run bench:call-next` (needs DATABASE_URL, a PostgreSQL server): 20 signed-in staff press
// "call next" then "complete" in a loop on one location for DURATION_S seconds (default 30) while
// visitors keep joining through the open API. Checks from the database that no visitor was served
// twice, and prints calls/s and p50/p99 latency, with the same 20 loops on GET /me as the baseline.
//
// The server is the real one (src/server/main.ts) in a child process on a scratch database, so load
// generator and server do not share an event loop. Exits non-zero on a double serve or an error.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import {
  locationServices,
  locations,
  services,
  staffShifts,
  userLocations,
  users,
  vendorDomains,
  vendors,
} from "../src/server/db/schema.ts";
import { DomainEventBus } from "../src/server/events/domain-events.ts";
import { createLearnedDurationsCache } from "../src/server/queue/wait-time/learn-service-durations.ts";
import { recalculateWaitTimes } from "../src/server/queue/wait-time/recalculate-wait-times.ts";
import { hashPassword } from "../src/server/security/password-hash.ts";
import { WEEKDAYS } from "../src/shared/domain.ts";
import { createScratchDatabase } from "../test/test-database.ts";

const DURATION_S = Number(process.env.DURATION_S ?? 30);
const STAFF = Number(process.env.STAFF ?? 20);
/** visitors in the line before the run starts, so the desks have work from the first second */
const PREFILL = Number(process.env.PREFILL ?? 300);
/** visitors joining through the open API per second during the run */
const JOIN_RATE = Number(process.env.JOIN_RATE ?? 5);
/** a desk that finds the line empty looks again after this long */
const EMPTY_LINE_PAUSE_MS = 25;
const PASSWORD = "bench-password-42";

if (!process.env.DATABASE_URL) {
  process.stderr.write(
    "bench:call-next measures SELECT … FOR UPDATE SKIP LOCKED under contention, which needs a real\n" +
      "PostgreSQL server. Set DATABASE_URL, e.g.\n" +
      "  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench:call-next\n" +
      "(a scratch database is created on that server and dropped afterwards).\n",
  );
  process.exit(2);
}

// ─── HTTP client: keep-alive sockets, as browsers hold them ──────────────────────────────────────
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
type Answer = { status: number; body: unknown; ms: number; cookies: string[] };

function request(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown; contentType?: string } = {},
): Promise<Answer> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers["content-type"] = options.contentType ?? "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text for the error report
        }
        const setCookie = res.headers["set-cookie"] ?? [];
        resolve({
          status: res.statusCode ?? 0,
          body,
          ms: performance.now() - started,
          cookies: setCookie.map((c) => c.split(";")[0]!),
        });
      });
    });
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

// ─── figures ─────────────────────────────────────────────────────────────────────────────────────
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

function describeLatencies(label: string, values: number[], seconds: number) {
  return `${label}: ${values.length} calls, ${(values.length / seconds).toFixed(1)} calls/s, p50 ${fmt(percentile(values, 50))}, p99 ${fmt(percentile(values, 99))}`;
}

// ─── set-up ──────────────────────────────────────────────────────────────────────────────────────
async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

type World = { vendorId: number; locationId: number; serviceId: number; emails: string[] };

/** One vendor (reached as 127.0.0.1), one location open all day, one service, the staff on shift. */
async function createWorld(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<World> {
  const vendorSlug = "bench-call-next";
  const [vendor] = await db
    .insert(vendors)
    .values({ slug: vendorSlug, name: "Bench Bank" })
    .returning();
  const vendorId = vendor!.id;
  await db.insert(vendorDomains).values({ host: "127.0.0.1", vendorId });
  const allDay = { open: "00:00", closed: "23:59" };
  const [location] = await db
    .insert(locations)
    .values({
      vendorId,
      name: "Bench Branch",
      address: "1 Bench Street",
      city: "Toronto",
      country: "CA",
      latitude: 43.65,
      longitude: -79.38,
      timezone: "Etc/UTC",
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) as never,
    })
    .returning();
  const locationId = location!.id;
  const [service] = await db
    .insert(services)
    .values({ vendorId, name: "Accounts", durationMinutes: 5 })
    .returning();
  await db.insert(locationServices).values({ vendorId, locationId, serviceId: service!.id });
  const passwordHash = await hashPassword(PASSWORD);
  const emails: string[] = [];
  const now = Date.now();
  for (let i = 0; i < STAFF; i++) {
    const email = `desk${i + 1}@bench.test`;
    const [user] = await db
      .insert(users)
      .values({
        vendorId,
        email,
        firstName: "Desk",
        lastName: String(i + 1),
        passwordHash,
        roleLevel: 10,
      })
      .returning();
    await db.insert(userLocations).values({ vendorId, userId: user!.id, locationId });
    await db.insert(staffShifts).values({
      vendorId,
      userId: user!.id,
      locationId,
      startsAt: new Date(now - 60 * 60_000),
      endsAt: new Date(now + 4 * 60 * 60_000),
    });
    emails.push(email);
  }
  // The line before the run: one statement per table, joined over the last PREFILL seconds.
  await db.execute(sql`
    with new_clients as (
      insert into clients (vendor_id, first_name, last_name, cell_phone)
      select ${vendorId}, 'Waiting', 'Visitor ' || n, '+14165550100' from generate_series(1, ${PREFILL}) as n
      returning id
    ), numbered as (
      select id, row_number() over (order by id) as n from new_clients
    ), placed as (
      insert into queue_appointments
        (vendor_id, location_id, service_id, client_id, status, confirm_code, queued_at, created_at)
      select ${vendorId}, ${locationId}, ${service!.id}, id, 'waiting', 'BENCH' || id,
             now() - make_interval(secs => ${PREFILL} - n), now() - make_interval(secs => ${PREFILL} - n)
      from numbered
      returning id, vendor_id, queued_at
    )
    insert into queue_events (vendor_id, queue_appointment_id, type, to_status, at)
    select vendor_id, id, 'joined', 'waiting', queued_at from placed`);
  return { vendorId, locationId, serviceId: service!.id, emails };
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "30",
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      REDIS_URL: "",
      // Each desk signs in from its own forwarded address: the per-IP sign-in limit is not under test.
      TRUST_PROXY: "127.0.0.1",
      RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
      DATA_DIR: os.tmpdir(),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await request(port, "GET", "/readyz")).status === 200) return child;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill("SIGTERM");
  throw new Error("server not ready within 60 s");
}

type Desk = { email: string; headers: Record<string, string> };

async function signIn(port: number, email: string, index: number): Promise<Desk> {
  const res = await request(port, "POST", "/api/internal/v1/session", {
    headers: { "x-forwarded-for": `10.77.0.${index + 1}` },
    json: { email, password: PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.startsWith("nl_session="));
  if (res.status !== 200 || !cookie)
    throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const csrf = (res.body as { csrf_token: string }).csrf_token;
  return { email, headers: { cookie, "x-csrf-token": csrf } };
}

// ─── the run ─────────────────────────────────────────────────────────────────────────────────────
type Outcome = {
  callMs: number[];
  takenCallMs: number[];
  completeMs: number[];
  taken: string[];
  empty: number;
  /** 503 answers of the server's load shedding: the desk presses again, as a person would */
  shed: number;
  errors: string[];
};

async function deskLoop(port: number, world: World, desk: Desk, until: number, outcome: Outcome) {
  const next = `/api/internal/v1/locations/${world.locationId}/queue/next`;
  while (Date.now() < until) {
    const call = await request(port, "POST", next, { headers: desk.headers });
    outcome.callMs.push(call.ms);
    if (call.status === 503) {
      outcome.shed += 1;
      await sleep(EMPTY_LINE_PAUSE_MS);
      continue;
    }
    if (call.status !== 200) {
      outcome.errors.push(`call next ${call.status} ${JSON.stringify(call.body)}`);
      continue;
    }
    const data = (call.body as { data: { id: string } | null }).data;
    if (!data) {
      outcome.empty += 1;
      await sleep(EMPTY_LINE_PAUSE_MS);
      continue;
    }
    outcome.takenCallMs.push(call.ms);
    outcome.taken.push(data.id);
    const done = await request(port, "PATCH", `/api/internal/v1/queue-appointments/${data.id}`, {
      headers: desk.headers,
      json: {
        data: { id: data.id, type: "queue-appointments", attributes: { status: "completed" } },
      },
    });
    outcome.completeMs.push(done.ms);
    if (done.status !== 200)
      outcome.errors.push(`complete ${done.status} ${JSON.stringify(done.body)}`);
  }
}

async function joiner(port: number, world: World, until: number) {
  const initial = await request(port, "GET", "/api/v2/open/vendor");
  const cookie = initial.cookies.join("; ");
  const token = (initial.body as { meta: { csrf_token: string } }).meta.csrf_token;
  const joins: Promise<Answer>[] = [];
  const interval = 1000 / JOIN_RATE;
  let due = Date.now();
  let n = 0;
  while (due < until) {
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    n += 1;
    joins.push(
      request(port, "POST", "/api/v2/open/queue-appointments", {
        headers: { cookie, "x-csrf-token": token },
        contentType: "application/vnd.api+json",
        json: {
          data: {
            type: "queue-appointments",
            attributes: {
              location_id: world.locationId,
              service_id: world.serviceId,
              meeting_method: 1,
            },
            relationships: {
              client: {
                data: {
                  type: "clients",
                  attributes: {
                    first_name: "Joining",
                    last_name: `Visitor ${n}`,
                    cell_phone: "+14165550111",
                  },
                },
              },
            },
          },
        },
      }),
    );
    due += interval;
  }
  const answers = await Promise.all(joins);
  const shed = answers.filter((a) => a.status === 503).length;
  const failed = answers.filter((a) => a.status !== 201 && a.status !== 503);
  return {
    joined: answers.length - failed.length - shed,
    shed,
    failed: failed.map((a) => `${a.status} ${JSON.stringify(a.body)}`),
    ms: answers.map((a) => a.ms),
  };
}

type Baseline = { ms: number[]; shed: number; errors: string[] };

async function meLoop(port: number, desk: Desk, until: number, baseline: Baseline) {
  while (Date.now() < until) {
    const res = await request(port, "GET", "/api/internal/v1/me", { headers: desk.headers });
    baseline.ms.push(res.ms);
    if (res.status === 503) baseline.shed += 1;
    else if (res.status !== 200) baseline.errors.push(`me ${res.status}`);
  }
}

const scratch = await createScratchDatabase(process.env.DATABASE_URL);
const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
let server: ChildProcess | undefined;
let failed = false;
try {
  const world = await createWorld(database.db);
  // What every change of the line costs on its own: the wait-time recalculation of the whole line.
  const recalculationMs: number[] = [];
  // As the app runs it: the learned durations read by the first run are reused by the next.
  const learnedDurations = createLearnedDurationsCache();
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await recalculateWaitTimes(
      { db: database.db, events: new DomainEventBus(), learnedDurations },
      { vendorId: world.vendorId, locationId: world.locationId },
    );
    recalculationMs.push(performance.now() - started);
  }
  const port = await freePort();
  server = await startServer(scratch.url, port);
  const desks = await Promise.all(world.emails.map((email, i) => signIn(port, email, i)));

  const outcome: Outcome = {
    callMs: [],
    takenCallMs: [],
    completeMs: [],
    taken: [],
    empty: 0,
    shed: 0,
    errors: [],
  };
  const runStart = Date.now();
  const until = runStart + DURATION_S * 1000;
  const [joins] = await Promise.all([
    joiner(port, world, until),
    ...desks.map((desk) => deskLoop(port, world, desk, until, outcome)),
  ]);
  const runSeconds = (Date.now() - runStart) / 1000;

  const baseline: Baseline = { ms: [], shed: 0, errors: [] };
  const baselineStart = Date.now();
  const baselineUntil = baselineStart + DURATION_S * 1000;
  await Promise.all(desks.map((desk) => meLoop(port, desk, baselineUntil, baseline)));
  const baselineSeconds = (Date.now() - baselineStart) / 1000;

  // What the database says: each appointment started at most once, and once per "call next" answer.
  const firstRow = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const count = async (query: ReturnType<typeof sql>) => Number((await firstRow(query))?.count);
  const twice = await count(sql`
      select count(*)::int as count from (
        select queue_appointment_id from queue_events where type = 'started'
        group by queue_appointment_id having count(*) > 1) as doubled`);
  const started = await count(
    sql`select count(*)::int as count from queue_events where type = 'started'`,
  );
  const distinctAnswers = new Set(outcome.taken).size;
  const version = String((await firstRow(sql`select version()`))?.version);

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `machine: ${cpu}, ${os.cpus().length} cores (load average ${load}), Node ${process.version}, ${version.split(",")[0]}; date ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log(
    `run: ${STAFF} staff sessions on one location for ${runSeconds.toFixed(1)} s, line prefilled with ${PREFILL}, visitors joining at ${JOIN_RATE}/s`,
  );
  console.log(
    `one wait-time recalculation of the prefilled line, alone: p50 ${fmt(percentile(recalculationMs, 50))}`,
  );
  console.log(describeLatencies("call next (all answers)", outcome.callMs, runSeconds));
  console.log(describeLatencies("call next (a visitor taken)", outcome.takenCallMs, runSeconds));
  console.log(describeLatencies("complete (PATCH)", outcome.completeMs, runSeconds));
  console.log(
    `visitors served: ${outcome.taken.length} (${(outcome.taken.length / runSeconds).toFixed(1)}/s); empty-line answers: ${outcome.empty}; shed (503): ${outcome.shed}; joins: ${joins.joined} ok, ${joins.shed} shed, ${joins.failed.length} failed, p99 ${fmt(percentile(joins.ms, 99))}`,
  );
  console.log(
    `${describeLatencies(`baseline GET /me, same ${STAFF} loops`, baseline.ms, baselineSeconds)}; shed (503): ${baseline.shed}`,
  );
  console.log(
    `served twice: ${twice} (database); distinct call-next answers ${distinctAnswers} of ${outcome.taken.length}; "started" events ${started}`,
  );

  const date = new Date().toISOString().slice(0, 10);
  console.log(
    `row: | call next, ${STAFF} desks, one location | \`DURATION_S=${DURATION_S} npm run bench:call-next\` | ` +
      `${(outcome.callMs.length / runSeconds).toFixed(1)} calls/s, p50 ${fmt(percentile(outcome.callMs, 50))}, p99 ${fmt(percentile(outcome.callMs, 99))}, served twice ${twice} | ` +
      `GET /me ${(baseline.ms.length / baselineSeconds).toFixed(1)} calls/s, p99 ${fmt(percentile(baseline.ms, 99))} | zero served twice | ${os.cpus().length} cores | ${date} |`,
  );

  const problems = [
    ...outcome.errors.slice(0, 5),
    ...joins.failed.slice(0, 5),
    ...baseline.errors.slice(0, 5),
  ];
  if (twice !== 0 || distinctAnswers !== outcome.taken.length || started !== outcome.taken.length) {
    problems.push("a visitor was served twice, or a start is missing");
  }
  if (problems.length > 0) {
    failed = true;
    console.error(`FAILED:\n  ${problems.join("\n  ")}`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  agent.destroy();
  await database.close();
  await scratch.drop();
}
process.exit(failed ? 1 : 0);
