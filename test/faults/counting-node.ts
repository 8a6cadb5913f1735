// A real server node (run-node.ts) with two handlers of the fault tests' own: a durable one that
// counts each event it is given into delivery_counts, once per event through onceForEvent as every
// durable handler does; and, with HOLD_EVENTS=1, a live one that never returns, so the node stays
// stopped right after its commits, before any handler of theirs has run: the moment to kill it.
import pg from "pg";
import { z } from "zod";
import { DOMAIN_EVENT_TYPES } from "../../src/server/events/outbox.ts";
import { defineEventHandler } from "../../src/server/jobs/event-handler.ts";
import { runNode } from "../../src/server/run-node.ts";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("the counting node runs on PostgreSQL (DATABASE_URL)");
const pool = new pg.Pool({ connectionString: url, max: 2 });

const countDeliveries = defineEventHandler({
  name: "count-deliveries",
  version: 1,
  handles: DOMAIN_EVENT_TYPES,
  delivery: "durable",
  payload: z.record(z.string(), z.unknown()),
  async handle(event) {
    // The effect and the record that it happened commit together (what onceForEvent does, on a
    // connection of the test's own so the count needs no product table).
    const client = await pool.connect();
    try {
      await client.query("begin");
      const claimed = await client.query(
        "insert into handled_events (handler, event_id) values ('count-deliveries.v1', $1) on conflict do nothing returning event_id",
        [event.id],
      );
      if (claimed.rowCount === 1) {
        await client.query("insert into delivery_counts (event_id, type) values ($1, $2)", [
          event.id,
          event.type,
        ]);
      }
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  },
});

const hold = defineEventHandler({
  name: "hold-events",
  version: 1,
  handles: DOMAIN_EVENT_TYPES,
  delivery: "live",
  payload: z.record(z.string(), z.unknown()),
  handle: () => new Promise<void>(() => {}),
});

runNode({
  extraEventHandlers: [countDeliveries, ...(process.env.HOLD_EVENTS === "1" ? [hold] : [])],
}).catch((error) => {
  process.stderr.write(`counting node: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
