// `npm run bench:notify` (needs DATABASE_URL, a PostgreSQL server): CALLS visitors (default 2,000)
// called within DURATION_S seconds (default 60) by STAFF signed-in desks (default 200) spread over
// LOCATIONS locations; every visitor has an email address and a mobile number that takes texts.
// Each desk completes its previous visitor, then calls the next, every STAFF × DURATION_S / CALLS
// seconds, so a call's "your turn" is still relevant for that long. Measured from the moment each
// call's 200 answer arrives to the moment a real SMTP server on loopback accepts that visitor's
// "your turn" email, and to the moment a loopback stand-in for Twilio's API receives their SMS:
// p50/p90/p99/max, duplicates, and what is missing after GRACE_S seconds (with its messages rows'
// status). The baseline, in the same run: one email handed straight to the same SMTP server with
// nodemailer, and one POST to the same Twilio stand-in, from this process at the same rate.
//
// The server is the real one (src/server/main.ts) in a child process on a scratch database, so load
// generator and server do not share an event loop. Exits non-zero on a duplicate or a missing one.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { executeRows, openDatabase } from "../src/server/db/client.ts";
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
import { ROLES, WEEKDAYS } from "../src/shared/domain.ts";
import { startFakeTwilio } from "../test/fakes/fake-twilio.ts";
import { startSmtpSink } from "../test/fakes/smtp-sink.ts";
import { createScratchDatabase } from "../test/test-database.ts";

const CALLS = Number(process.env.CALLS ?? 2_000);
const DURATION_S = Number(process.env.DURATION_S ?? 60);
const STAFF = Number(process.env.STAFF ?? 200);
const LOCATIONS = Number(process.env.LOCATIONS ?? 4);
/** how long after the last call the messages may take before a missing one counts as missing */
const GRACE_S = Number(process.env.GRACE_S ?? 30);
/** how long the baseline sends at the same rate */
const BASELINE_S = Number(process.env.BASELINE_S ?? Math.min(20, DURATION_S));
const TARGET_P99_MS = 2_000;
const PASSWORD = "bench-password-42";
const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "bench-twilio-auth-token";
const SENDING_NUMBER = "+15005550006";
/** a desk answered 503 (load shedding) presses again after a second, as a person would: sooner,
 * 200 desks would hammer a server that is shedding load */
const SHED_PAUSE_MS = 1_000;

if (!process.env.DATABASE_URL) {
  process.stderr.write(
    "bench:notify measures notifications on the production database, PostgreSQL. Set DATABASE_URL, e.g.\n" +
      "  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:notify\n" +
      "(a scratch database is created on that server and dropped afterwards).\n",
  );
  process.exit(2);
}
if (CALLS > STAFF * 1_000 || CALLS < 1 || STAFF < 1 || LOCATIONS < 1 || STAFF < LOCATIONS) {
  process.stderr.write("CALLS, STAFF and LOCATIONS must be positive, STAFF ≥ LOCATIONS\n");
  process.exit(2);
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable with the database's times. */
const nowMs = () => performance.timeOrigin + performance.now();

// ─── HTTP client: keep-alive sockets, as browsers hold them ──────────────────────────────────────
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
type Answer = { status: number; body: unknown; started: number; at: number; cookies: string[] };

function request(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const started = nowMs();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const at = nowMs();
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
          started,
          at,
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
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const spread = (values: readonly number[]) =>
  `n ${values.length}, p50 ${fmt(percentile(values, 50))}, p90 ${fmt(percentile(values, 90))}, p99 ${fmt(percentile(values, 99))}, max ${fmt(Math.max(...values))}`;

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

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
type World = {
  vendorId: number;
  locationIds: number[];
  desks: { email: string; location: number }[];
};

/**
 * One vendor (reached as 127.0.0.1), LOCATIONS locations open all day with one service, STAFF desks
 * on shift spread over them, and CALLS visitors waiting spread over them, each with an address and a
 * number of their own. Inserted directly: no `joined` event, so no confirmation is sent.
 */
async function createWorld(db: Db): Promise<World> {
  const [vendor] = await db
    .insert(vendors)
    .values({ slug: "bench-notify", name: "Bench Bank" })
    .returning();
  const vendorId = vendor!.id;
  await db.insert(vendorDomains).values({ host: "127.0.0.1", vendorId });
  const [service] = await db
    .insert(services)
    .values({ vendorId, name: "Accounts", durationMinutes: 5 })
    .returning();
  const allDay = { open: "00:00", closed: "23:59" };
  const locationIds: number[] = [];
  for (let l = 0; l < LOCATIONS; l++) {
    const [location] = await db
      .insert(locations)
      .values({
        vendorId,
        name: `Bench Branch ${l + 1}`,
        address: `${l + 1} Bench Street`,
        city: "Toronto",
        country: "CA",
        latitude: 43.65,
        longitude: -79.38,
        timezone: "Etc/UTC",
        hours: Object.fromEntries(WEEKDAYS.map((day) => [day, allDay])) as never,
      })
      .returning();
    locationIds.push(location!.id);
    await db
      .insert(locationServices)
      .values({ vendorId, locationId: location!.id, serviceId: service!.id });
  }
  const passwordHash = await hashPassword(PASSWORD);
  const now = Date.now();
  const desks: World["desks"] = [];
  for (let i = 0; i < STAFF; i++) {
    const email = `desk${i + 1}@bench.test`;
    const locationId = locationIds[i % LOCATIONS]!;
    const [user] = await db
      .insert(users)
      .values({
        vendorId,
        email,
        firstName: "Desk",
        lastName: String(i + 1),
        passwordHash,
        roleLevel: ROLES.staff,
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
    desks.push({ email, location: locationId });
  }
  // The line before the run, visitor n at location n mod LOCATIONS, joined over the last CALLS s.
  await db.execute(sql`
    with new_clients as (
      insert into clients (vendor_id, first_name, last_name, email, cell_phone, receive_sms, lang)
      select ${vendorId}, 'Waiting', 'Visitor ' || n, 'visitor' || n || '@bench.test',
             '+1416' || lpad(n::text, 7, '0'), true, 'en'
      from generate_series(1, ${CALLS}) as n
      returning id
    ), numbered as (
      select id, row_number() over (order by id) as n from new_clients
    ), placed as (
      insert into queue_appointments
        (vendor_id, location_id, service_id, client_id, status, confirm_code, queued_at, created_at)
      select ${vendorId}, (${sql.raw(`array[${locationIds.join(",")}]`)})[1 + (n % ${LOCATIONS})],
             ${service!.id}, id, 'waiting', 'BENCH' || id,
             now() - make_interval(secs => ${CALLS} - n), now() - make_interval(secs => ${CALLS} - n)
      from numbered
      returning id, vendor_id, queued_at
    )
    insert into queue_events (vendor_id, queue_appointment_id, type, to_status, at)
    select vendor_id, id, 'joined', 'waiting', queued_at from placed`);
  // The estimates the line would have: the server recalculates them after every call.
  const learnedDurations = createLearnedDurationsCache();
  for (const locationId of locationIds)
    await recalculateWaitTimes(
      { db, events: new DomainEventBus(), learnedDurations },
      { vendorId, locationId },
    );
  return { vendorId, locationIds, desks };
}

async function startServer(
  databaseUrl: string,
  port: number,
  channels: { smtpUrl: string; twilioApiBase: string },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "30",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      REDIS_URL: "",
      // Each desk signs in from its own forwarded address: the per-IP sign-in limit is not under test.
      TRUST_PROXY: "127.0.0.1",
      RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
      RATE_LIMIT_LOOKUP_PER_MINUTE: "1000000",
      SESSION_SECRET: "bench-session-secret-bench-session-secret",
      DATA_DIR: os.tmpdir(),
      SMTP_URL: channels.smtpUrl,
      MAIL_FROM: "Bench Bank <line@bench.test>",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: SENDING_NUMBER,
      TWILIO_API_BASE: channels.twilioApiBase,
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

type Desk = { email: string; location: number; headers: Record<string, string> };

async function signIn(port: number, desk: World["desks"][number], index: number): Promise<Desk> {
  const res = await request(port, "POST", "/api/internal/v1/session", {
    headers: { "x-forwarded-for": `10.77.${index >> 8}.${(index & 255) + 1}` },
    json: { email: desk.email, password: PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.startsWith("nl_session="));
  if (res.status !== 200 || !cookie)
    throw new Error(`sign-in of ${desk.email}: ${res.status} ${JSON.stringify(res.body)}`);
  const csrf = (res.body as { csrf_token: string }).csrf_token;
  return { ...desk, headers: { cookie, "x-csrf-token": csrf } };
}

// ─── the run ─────────────────────────────────────────────────────────────────────────────────────
type Call = { visitId: number; requested: number; answered: number };
type Outcome = { calls: Call[]; empty: number; shed: number; late: number[]; errors: string[] };

/** Desk d makes the calls d, d + STAFF, d + 2·STAFF … of the run, each at its slot. */
async function deskLoop(port: number, desk: Desk, index: number, start: number, out: Outcome) {
  const interval = (DURATION_S * 1000) / CALLS;
  const next = `/api/internal/v1/locations/${desk.location}/queue/next`;
  let previous: number | null = null;
  for (let slot = index; slot < CALLS; slot += STAFF) {
    const due = start + slot * interval;
    const wait = due - nowMs();
    if (wait > 0) await sleep(wait);
    while (previous !== null) {
      const done = await request(port, "PATCH", `/api/internal/v1/queue-appointments/${previous}`, {
        headers: desk.headers,
        json: {
          data: {
            id: String(previous),
            type: "queue-appointments",
            attributes: { status: "completed" },
          },
        },
      });
      if (done.status === 503) {
        out.shed += 1;
        await sleep(SHED_PAUSE_MS);
        continue;
      }
      if (done.status !== 200)
        out.errors.push(`complete ${done.status} ${JSON.stringify(done.body)}`);
      previous = null;
    }
    for (;;) {
      const call = await request(port, "POST", next, { headers: desk.headers });
      if (call.status === 503) {
        out.shed += 1;
        await sleep(SHED_PAUSE_MS);
        continue;
      }
      if (call.status !== 200) {
        out.errors.push(`call next ${call.status} ${JSON.stringify(call.body)}`);
        break;
      }
      const data = (call.body as { data: { id: string } | null }).data;
      if (!data) {
        out.empty += 1;
        break;
      }
      out.late.push(call.started - due);
      previous = Number(data.id);
      out.calls.push({ visitId: previous, requested: call.started, answered: call.at });
      break;
    }
  }
}

/** What the same channels cost alone: one email and one SMS request every interval, from here. */
async function baseline(smtpUrl: string, twilioApiBase: string) {
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 5 });
  const auth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`;
  const interval = (DURATION_S * 1000) / CALLS;
  const count = Math.max(1, Math.round((BASELINE_S * 1000) / interval));
  const email: number[] = [];
  const sms: number[] = [];
  const errors: string[] = [];
  const start = nowMs();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + i * interval - nowMs();
    if (wait > 0) await sleep(wait);
    sends.push(
      (async () => {
        const started = nowMs();
        await transporter.sendMail({
          from: "Bench Bank <line@bench.test>",
          to: `baseline${i}@bench.test`,
          subject: "It is your turn",
          text: "Please come to desk 7.",
          html: "<p>Please come to desk 7.</p>",
        });
        email.push(nowMs() - started);
      })().catch((error: Error) => {
        errors.push(`baseline email: ${error.message}`);
      }),
      (async () => {
        const started = nowMs();
        const res = await fetch(
          `${twilioApiBase}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
          {
            method: "POST",
            headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              To: `+1647${String(i).padStart(7, "0")}`,
              From: SENDING_NUMBER,
              Body: "It is your turn: please come to desk 7.",
            }),
          },
        );
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`status ${res.status}`);
        sms.push(nowMs() - started);
      })().catch((error: Error) => {
        errors.push(`baseline SMS: ${error.message}`);
      }),
    );
  }
  await Promise.all(sends);
  transporter.close();
  return { email, sms, errors };
}

/** A timestamp of a raw row, as the driver hands it (a Date or its text). */
const ms = (value: Date | string) => new Date(value).getTime();

type MessageRow = {
  id: string | number;
  queue_appointment_id: number | null;
  channel: "email" | "sms";
  kind: string;
  recipient: string;
  status: string;
  status_reason: string | null;
  provider_message_id: string | null;
  attempts: number;
  created_at: Date | string;
  sent_at: Date | string | null;
};

const scratch = await createScratchDatabase(process.env.DATABASE_URL);
const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
let server: ChildProcess | undefined;
let failed = false;
/** what the SMTP server accepted and the Twilio stand-in received while the product ran */
const emailsIn: { messageId: string; to: string; at: number }[] = [];
const smsIn: { sid: string; to: string; at: number }[] = [];
let recording = true;
const sink = await startSmtpSink({
  onAccepted(mail, at) {
    if (!recording) return;
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    emailsIn.push({
      messageId: mail.messageId ?? "",
      to: to?.value[0]?.address ?? "",
      at: performance.timeOrigin + at,
    });
  },
});
const twilio = await startFakeTwilio({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  onSms(sms, at) {
    if (recording) smsIn.push({ sid: sms.sid, to: sms.to, at: performance.timeOrigin + at });
  },
});
try {
  const setupStarted = Date.now();
  const world = await createWorld(database.db);
  const port = await freePort();
  server = await startServer(scratch.url, port, {
    smtpUrl: sink.url,
    twilioApiBase: twilio.apiBase,
  });
  const desks: Desk[] = [];
  for (let i = 0; i < world.desks.length; i += 10)
    desks.push(
      ...(await Promise.all(
        world.desks.slice(i, i + 10).map((desk, j) => signIn(port, desk, i + j)),
      )),
    );
  console.log(
    `set-up: ${CALLS} visitors, ${STAFF} desks signed in over ${LOCATIONS} locations in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  const outcome: Outcome = { calls: [], empty: 0, shed: 0, late: [], errors: [] };
  const runStart = nowMs();
  await Promise.all(desks.map((desk, i) => deskLoop(port, desk, i, runStart, outcome)));
  const runSeconds = (nowMs() - runStart) / 1000;

  // Wait for every "your turn" of every call on both channels to be settled (or for GRACE_S).
  const expected = outcome.calls.length * 2;
  const graceStart = Date.now();
  for (;;) {
    const [pending] = await executeRows<{ rows: number; open: number }>(
      database.db,
      sql`select count(*)::int as rows,
                 (count(*) filter (where status in ('queued', 'sending', 'held')))::int as open
          from messages where kind like 'called_%'`,
    );
    if (
      (pending!.rows >= expected && pending!.open === 0) ||
      Date.now() - graceStart > GRACE_S * 1000
    )
      break;
    await sleep(250);
  }
  await sleep(500);
  recording = false;
  const settleSeconds = (Date.now() - graceStart) / 1000;

  // ─── what arrived, matched to the messages rows ─────────────────────────────────────────────
  const rows = await executeRows<MessageRow>(
    database.db,
    sql`select id, queue_appointment_id, channel, kind, recipient, status, status_reason, provider_message_id,
               attempts, created_at, sent_at
        from messages where direction = 'outbound'`,
  );
  const rowById = new Map(rows.map((row) => [Number(row.id), row]));
  const rowBySid = new Map(
    rows
      .filter((row) => row.channel === "sms" && row.provider_message_id)
      .map((row) => [row.provider_message_id!, row]),
  );
  const visits = await executeRows<{
    id: number;
    email: string;
    cell_phone: string;
    started_at: Date | string | null;
  }>(
    database.db,
    sql`select qa.id, c.email, c.cell_phone, qa.started_at
        from queue_appointments qa join clients c on c.id = qa.client_id`,
  );
  const visitByEmail = new Map(visits.map((visit) => [visit.email, visit.id]));
  const visitByPhone = new Map(visits.map((visit) => [visit.cell_phone, visit.id]));
  const startedAt = new Map(visits.map((visit) => [visit.id, visit.started_at]));

  const kindCounts = new Map<string, number>();
  const count = (key: string) => kindCounts.set(key, (kindCounts.get(key) ?? 0) + 1);
  /** each visit's "your turn" arrivals per channel */
  const calledEmail = new Map<number, number[]>();
  const calledSms = new Map<number, number[]>();
  let unmatched = 0;
  let inFlight = 0;
  const add = (map: Map<number, number[]>, visit: number, at: number) =>
    map.set(visit, [...(map.get(visit) ?? []), at]);
  for (const email of emailsIn) {
    const id = /<message-(\d+)@/.exec(email.messageId)?.[1];
    const row = id ? rowById.get(Number(id)) : undefined;
    if (!row) {
      unmatched += 1;
      continue;
    }
    count(`email ${row.kind}`);
    if (row.kind.startsWith("called_"))
      add(calledEmail, visitByEmail.get(email.to) ?? -1, email.at);
  }
  for (const sms of smsIn) {
    const row = rowBySid.get(sms.sid);
    const visit = visitByPhone.get(sms.to) ?? -1;
    if (!row) {
      // Twilio's answer not recorded yet (the row still sending as the rows were read), or a
      // second send of a row whose first answer was never recorded: only the latter is a fault.
      if (
        rows.some(
          (one) => one.channel === "sms" && one.status === "sending" && one.recipient === sms.to,
        )
      )
        inFlight += 1;
      else unmatched += 1;
      continue;
    }
    count(`sms ${row.kind}`);
    if (row.kind.startsWith("called_")) add(calledSms, visit, sms.at);
  }

  const emailLatency: number[] = [];
  const smsLatency: number[] = [];
  const callMs = outcome.calls.map((call) => call.answered - call.requested);
  const missing: { visitId: number; channel: string }[] = [];
  for (const call of outcome.calls) {
    const email = calledEmail.get(call.visitId);
    const sms = calledSms.get(call.visitId);
    if (email) emailLatency.push(email[0]! - call.answered);
    else missing.push({ visitId: call.visitId, channel: "email" });
    if (sms) smsLatency.push(sms[0]! - call.answered);
    else missing.push({ visitId: call.visitId, channel: "sms" });
  }
  const duplicates =
    [...calledEmail.values()].filter((ats) => ats.length > 1).length +
    [...calledSms.values()].filter((ats) => ats.length > 1).length;
  const missingStatus = new Map<string, number>();
  for (const gap of missing) {
    const row = rows.find(
      (one) =>
        one.queue_appointment_id === gap.visitId &&
        one.channel === gap.channel &&
        one.kind.startsWith("called_"),
    );
    const key = row
      ? `${row.status}${row.status_reason ? ` (${row.status_reason})` : ""}`
      : "no row";
    missingStatus.set(key, (missingStatus.get(key) ?? 0) + 1);
  }

  // Where the time goes, by the database's clock: the call's commit (visit started_at) → its
  // message row written (event handed on, job picked up, message composed) → the row sent.
  const called = rows.filter((row) => row.kind.startsWith("called_"));
  const toRow: number[] = [];
  const toSent: number[] = [];
  for (const row of called) {
    const started =
      row.queue_appointment_id === null ? null : startedAt.get(row.queue_appointment_id);
    if (started) toRow.push(ms(row.created_at) - ms(started));
    if (row.sent_at) toSent.push(ms(row.sent_at) - ms(row.created_at));
  }
  // … and inside the first step, from the job queue's own rows: the event's time → its job queued
  // (handed on by the dispatcher) → taken by a worker (a batch) → done (after the batch's earlier
  // jobs: the handler works a batch in order).
  const jobs = await executeRows<{
    type: string;
    visit: number;
    occurred: Date | string;
    created_on: Date | string;
    started_on: Date | string | null;
    completed_on: Date | string | null;
    ended_at: Date | string | null;
  }>(
    database.db,
    sql`select j.data->>'type' as type, (j.data->>'aggregateId')::int as visit,
               (j.data->>'occurredAt')::timestamptz as occurred, j.created_on, j.started_on,
               j.completed_on, qa.ended_at
        from pgboss.job j left join queue_appointments qa on qa.id = (j.data->>'aggregateId')::int
        where j.name = 'event.notify-visitors.v1'`,
  );
  const startedJobs = jobs.filter((job) => job.type === "queue_appointment.started");
  const handedOn = startedJobs.map((job) => ms(job.created_on) - ms(job.occurred));
  const pickedUp = startedJobs.flatMap((job) =>
    job.started_on ? [ms(job.started_on) - ms(job.created_on)] : [],
  );
  const worked = startedJobs.flatMap((job) =>
    job.started_on && job.completed_on ? [ms(job.completed_on) - ms(job.started_on)] : [],
  );
  const tooLate = startedJobs.filter(
    (job) =>
      job.ended_at &&
      (!job.started_on || ms(job.ended_at) < ms(job.completed_on ?? job.started_on)),
  ).length;
  const doneTimes = jobs.flatMap((job) => (job.completed_on ? [ms(job.completed_on)] : []));
  const handlerRate =
    doneTimes.length > 1
      ? (doneTimes.length - 1) / ((Math.max(...doneTimes) - Math.min(...doneTimes)) / 1000)
      : Number.NaN;
  const statusCounts = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.kind}/${row.channel}/${row.status}`;
    statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  }

  const base = await baseline(sink.url, twilio.apiBase);

  const [versionRow] = await executeRows<{ version: string }>(database.db, sql`select version()`);
  const version = String(versionRow?.version).split(" ").slice(0, 2).join(" ");
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  const emailP99 = percentile(emailLatency, 99);
  const smsP99 = percentile(smsLatency, 99);
  const met = emailP99 <= TARGET_P99_MS && smsP99 <= TARGET_P99_MS;
  const rate = outcome.calls.length / runSeconds;
  const lines = [
    "──── bench:notify ────",
    `machine: ${cpu}, ${os.cpus().length} cores (load average ${load}), Node ${process.version}, ${version}; date ${new Date().toISOString().slice(0, 10)}`,
    `run: ${outcome.calls.length} calls of ${CALLS} in ${runSeconds.toFixed(1)} s (${rate.toFixed(1)} calls/s; aimed at ${(CALLS / DURATION_S).toFixed(1)}/s) by ${STAFF} desks over ${LOCATIONS} locations; empty-line answers ${outcome.empty}, shed (503) ${outcome.shed}, errors ${outcome.errors.length}`,
    `call next (request → 200): ${spread(callMs)}; late start against the schedule p99 ${fmt(percentile(outcome.late, 99))}`,
    `call answered → "your turn" email accepted by the SMTP server: ${spread(emailLatency)}`,
    `call answered → "your turn" SMS received by the Twilio API:   ${spread(smsLatency)}`,
    `  where it goes (database clock): call committed → message row ${spread(toRow)}`,
    `                                  message row → sent             ${spread(toSent)}`,
    `  notify-visitors jobs of the calls: event → job queued ${spread(handedOn)}`,
    `                                     job queued → taken  ${spread(pickedUp)}`,
    `                                     taken → done        ${spread(worked)}`,
    `  notify-visitors: ${jobs.length} jobs (all events), ${handlerRate.toFixed(1)} jobs/s done while busy; ${tooLate} calls' jobs ran after the visit was completed (nothing left to say)`,
    `arrived: ${[...kindCounts].map(([key, n]) => `${key} ${n}`).join(", ")}; not matched to a row ${unmatched}; SMS whose answer was still being recorded ${inFlight}`,
    `messages rows: ${[...statusCounts].map(([key, n]) => `${key} ${n}`).join(", ")}`,
    `duplicates ("your turn" twice on a channel): ${duplicates}; missing after ${settleSeconds.toFixed(1)} s: ${missing.length}${missing.length ? ` (${[...missingStatus].map(([key, n]) => `${key} ${n}`).join(", ")})` : ""}`,
    `baseline, from this process at the same rate for ${BASELINE_S} s: nodemailer → same SMTP server p50 ${fmt(percentile(base.email, 50))}, p99 ${fmt(percentile(base.email, 99))}; POST → same Twilio stand-in p50 ${fmt(percentile(base.sms, 50))}, p99 ${fmt(percentile(base.sms, 99))}`,
    `target p99 ≤ ${TARGET_P99_MS} ms on both channels: ${met ? "met" : "NOT met"}`,
    `row: | notify: ${CALLS.toLocaleString("en")} visitors called in ${DURATION_S} s, email + SMS (PostgreSQL) | \`DATABASE_URL=… npm run bench:notify\` | call → SMTP accepted p50 ${fmt(percentile(emailLatency, 50))} / p99 ${fmt(emailP99)}; call → Twilio API p50 ${fmt(percentile(smsLatency, 50))} / p99 ${fmt(smsP99)}; ${rate.toFixed(1)} calls/s; ${duplicates} duplicates, ${missing.length} missing | nodemailer p50 ${fmt(percentile(base.email, 50))} / p99 ${fmt(percentile(base.email, 99))}; POST p50 ${fmt(percentile(base.sms, 50))} / p99 ${fmt(percentile(base.sms, 99))} | p99 ≤ 2 s — ${met ? "met" : "not met"} | ${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${version}, load average ${load} | ${new Date().toISOString().slice(0, 10)} |`,
  ];
  console.log(lines.join("\n"));

  const problems = [...outcome.errors.slice(0, 5), ...base.errors.slice(0, 5)];
  if (duplicates > 0) problems.push(`${duplicates} visitors heard "your turn" twice on a channel`);
  if (missing.length > 0) problems.push(`${missing.length} "your turn" messages missing`);
  if (unmatched > 0) problems.push(`${unmatched} messages arrived that no row accounts for`);
  if (outcome.calls.length < CALLS)
    problems.push(`only ${outcome.calls.length} of ${CALLS} calls took a visitor`);
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
  await sink.close();
  await twilio.close();
  await database.close();
  await scratch.drop();
}
process.exit(failed ? 1 : 0);
