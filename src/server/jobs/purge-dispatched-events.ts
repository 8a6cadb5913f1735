// Recurring job: the outbox keeps dispatched events for EVENT_RETENTION_DAYS (to investigate and
// replay), then deletes them with the handlers' records of them. Daily, in small batches.
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../db/client.ts";
import type { RecurringJob } from "./job-queue.ts";

const BATCH = 5_000;

/** Deletes what is past retention; resolves with the number of events deleted. */
export async function purgeDispatchedEvents(db: Db, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await executeRows<{ count: number }>(
      db,
      sql`
      with old as (
        select id from domain_events
        where dispatched_at < now() - ${retentionDays} * interval '1 day'
        order by id limit ${BATCH}
      ), gone as (
        delete from domain_events where id in (select id from old) returning id
      ),
      handled as (
        delete from handled_events where event_id in (select id from gone)
      )
      select count(*)::integer as count from gone`,
    );
    const count = rows[0]?.count ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

export function purgeDispatchedEventsJob(db: Db, retentionDays: number): RecurringJob {
  return {
    name: "purge-dispatched-events",
    cron: "17 3 * * *",
    run: async () => {
      await purgeDispatchedEvents(db, retentionDays);
    },
  };
}
