// Promise: a node killed with kill -9 right after its commits, before any handler has seen their
// events, loses none of them and doubles none: restarted, it hands each event to each handler, and
// a durable handler that counts into a table counts every event exactly once.
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  missingServices,
  recordFigures,
  round,
  type ScratchDatabase,
  SESSION_SECRET,
  scratchDatabase,
  waitFor,
} from "./fault-environment.ts";
import {
  createFaultScenario,
  FAULTS_VENDOR,
  type FaultScenario,
  visitorJoin,
} from "./fault-scenario.ts";
import { appointmentOf, openVisitorSession, postJoin } from "./open-api-http.ts";
import { type ServerNode, serverNode } from "./server-node.ts";

const JOINS = 30;
const LEASE_MS = 2_000;

const missing = missingServices("events after a crash", ["DATABASE_URL"]);

describe.skipIf(missing.length > 0)("domain events: kill -9 after commit, before handlers", () => {
  let database: ScratchDatabase;
  let scenario: FaultScenario;
  let node: ServerNode;
  let restarted: ServerNode | undefined;
  let pool: pg.Pool;
  const env = () => ({
    DATABASE_URL: database.url,
    SESSION_SECRET,
    DEFAULT_VENDOR: FAULTS_VENDOR,
    RATE_LIMIT_JOIN_PER_MINUTE: "1000000",
    EVENT_LEASE_MS: String(LEASE_MS),
    DATA_DIR: `/tmp/nextline-faults-${process.pid}`,
  });

  beforeAll(async () => {
    database = await scratchDatabase();
    scenario = await createFaultScenario(database.url, 2);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The teardown drops the database with its connections: a client of this pool still closing
    // then hears "terminating connection" (57P01), which is expected and must not fail the suite.
    pool.on("error", () => {});
    await pool.query(
      "create table delivery_counts (event_id bigint not null, type text not null, at timestamptz not null default now())",
    );
    node = await serverNode({
      name: "node A",
      scenario: "events-crash",
      entry: "test/faults/counting-node.ts",
      env: { ...env(), HOLD_EVENTS: "1" },
    });
  });
  afterAll(async () => {
    await restarted?.dispose();
    await node?.dispose();
    await pool?.end();
    await database?.drop();
  });

  it("delivers every event exactly once after the restart", async () => {
    await node.start();
    const session = await openVisitorSession(node.url);
    const joined: number[] = [];
    for (let index = 0; index < JOINS; index++) {
      const answer = await postJoin(session, visitorJoin(scenario, "events", index).document);
      if (!answer.ok || answer.status !== 201) throw new Error(`join ${index} was not taken`);
      joined.push(appointmentOf(answer).id);
    }
    // The node is held right after its commits: every event still in the outbox, nothing delivered.
    const events = await pool.query<{ id: string }>(
      "select id from domain_events where type = 'queue_appointment.joined' order by id",
    );
    expect(events.rows).toHaveLength(JOINS);
    expect((await pool.query("select 1 from delivery_counts")).rowCount).toBe(0);

    const killed = await node.kill();
    expect(killed.signal).toBe("SIGKILL");
    const killedAt = Date.now();
    // The same node again, on the same port and database, now without the hold.
    restarted = await serverNode({
      name: "node A restarted",
      scenario: "events-crash",
      entry: "test/faults/counting-node.ts",
      port: node.port,
      env: env(),
    });
    const restartMs = await restarted.start();
    const delivered = await waitFor(
      `${JOINS} deliveries`,
      async () => {
        const rows = await pool.query<{ event_id: string }>("select event_id from delivery_counts");
        return rows.rowCount! >= JOINS ? rows.rows : undefined;
      },
      60_000,
      100,
    );
    const deliveredAfterMs = Date.now() - killedAt;
    // Give a doubled delivery the time to show: a second lease period, every queue polled again.
    await sleep(LEASE_MS + 2_000);
    const counts = await pool.query<{ event_id: string; n: number }>(
      "select event_id, count(*)::integer as n from delivery_counts group by event_id order by event_id",
    );
    expect(counts.rows.map((row) => row.event_id)).toEqual(events.rows.map((row) => row.id));
    expect(counts.rows.every((row) => row.n === 1)).toBe(true);
    expect(delivered).toHaveLength(JOINS);
    const left = await pool.query("select 1 from domain_events");
    expect(left.rowCount).toBe(0);
    // The places themselves are all there, announced after the restart.
    const places = await pool.query("select id from queue_appointments where id = any($1::int[])", [
      joined,
    ]);
    expect(places.rowCount).toBe(JOINS);
    recordFigures("events-crash", {
      events: JOINS,
      delivered_once: counts.rows.length,
      lease_ms: LEASE_MS,
      restart_ms: round(restartMs),
      delivered_after_kill_ms: round(deliveredAfterMs),
    });
  });
});
