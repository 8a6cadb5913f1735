// Promise: a node killed with kill -9 right after staff call a visitor — the call committed, its
// event not yet handed on — sends the visitor's "your turn" exactly once after its restart, and
// the confirmation of their join too: every message a real SMTP server receives once.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client.ts";
import { ROLES } from "../../src/shared/domain.ts";
import { createStaffUser, type StaffFixture } from "../factories/staff.ts";
import { type SmtpSink, startSmtpSink } from "../fakes/smtp-sink.ts";
import {
  missingServices,
  recordFigures,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
} from "./fault-environment.ts";
import {
  createFaultScenario,
  FAULTS_VENDOR,
  type FaultScenario,
  visitorJoin,
} from "./fault-scenario.ts";
import { appointmentOf, openVisitorSession, postJoin } from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";

const LEASE_MS = 2_000;
const missing = missingServices("notifications after a crash", ["DATABASE_URL"]);

describe.skipIf(missing.length > 0)("notifications: kill -9 right after a call", () => {
  let database: ScratchDatabase;
  let scenario: FaultScenario;
  let desk: StaffFixture;
  let sink: SmtpSink;
  let node: ServerNode;
  let restarted: ServerNode | undefined;
  let pool: pg.Pool;
  const env = () => ({
    DATABASE_URL: database.url,
    SESSION_SECRET,
    DEFAULT_VENDOR: FAULTS_VENDOR,
    RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
    EVENT_LEASE_MS: String(LEASE_MS),
    SMTP_URL: sink.url,
    MAIL_FROM: "Fault Bank <line@faults.example>",
    DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
  });

  beforeAll(async () => {
    database = await scratchDatabase();
    scenario = await createFaultScenario(database.url, 1);
    const db = await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 });
    try {
      desk = await createStaffUser(db.db, {
        vendorId: scenario.vendorId,
        roleLevel: ROLES.staff,
        locationIds: scenario.locationIds,
      });
    } finally {
      await db.close();
    }
    sink = await startSmtpSink();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The teardown drops the database with its connections: a client of this pool still closing
    // then hears "terminating connection" (57P01), which is expected and must not fail the suite.
    pool.on("error", () => {});
    node = await serverNode({
      name: "node A",
      scenario: "notifications-crash",
      entry: "test/faults/counting-node.ts",
      env: { ...env(), HOLD_EVENTS: "1" },
    });
  });
  afterAll(async () => {
    await restarted?.dispose();
    await node?.dispose();
    await pool?.end();
    await sink?.close();
    await database?.drop();
  });

  it("sends the confirmation and the call once each after the restart", async () => {
    await node.start();
    const visitor = visitorJoin(scenario, "notify", 0);
    const session = await openVisitorSession(node.url);
    const joined = await postJoin(session, visitor.document);
    if (!joined.ok || joined.status !== 201) throw new Error("the join was not taken");
    const { id } = appointmentOf(joined);

    const signIn = await fetch(`${node.url}/api/internal/v1/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: desk.email, password: desk.password }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const called = await fetch(
      `${node.url}/api/internal/v1/locations/${visitor.locationId}/queue/next`,
      {
        method: "POST",
        headers: { cookie, "x-csrf-token": csrf },
      },
    );
    expect(called.status, await called.clone().text()).toBe(200);
    expect(((await called.json()) as { data: { id: string } }).data.id).toBe(String(id));

    // Held right after the call's commit: both events in the outbox, no message written or sent.
    const outbox = await pool.query<{ type: string }>("select type from domain_events order by id");
    expect(outbox.rows.map((row) => row.type)).toEqual([
      "queue_appointment.joined",
      "queue_appointment.called",
    ]);
    expect((await pool.query("select 1 from messages")).rowCount).toBe(0);
    expect(sink.messages).toHaveLength(0);

    expect((await node.kill()).signal).toBe("SIGKILL");
    const killedAt = Date.now();
    restarted = await serverNode({
      name: "node A restarted",
      scenario: "notifications-crash",
      entry: "test/faults/counting-node.ts",
      port: node.port,
      env: env(),
    });
    const restartMs = await restarted.start();
    const mails = await sink.waitFor(2, 60_000);
    const deliveredAfterMs = Date.now() - killedAt;
    // Time for a doubled send to show: a lease period, every queue polled again.
    await sleep(LEASE_MS + 3_000);
    expect(sink.messages).toHaveLength(2);
    const subjects = mails.map((mail) => mail.subject ?? "");
    expect(subjects.some((subject) => /in line/.test(subject))).toBe(true);
    expect(subjects.some((subject) => /your turn/.test(subject))).toBe(true);
    const rows = await pool.query<{ kind: string; status: string; attempts: number }>(
      "select kind, status, attempts from messages where queue_appointment_id = $1 and kind <> 'almost_turn' order by kind",
      [id],
    );
    expect(rows.rows).toEqual([
      { kind: "called_in_person", status: "sent", attempts: 1 },
      { kind: "joined", status: "sent", attempts: 1 },
    ]);
    recordFigures("notifications-crash", {
      messages_sent_once: sink.messages.length,
      lease_ms: LEASE_MS,
      restart_ms: round(restartMs),
      sent_after_kill_ms: round(deliveredAfterMs),
    });
  });
});
