// Recurring job: the record of which durable handler has had which event (handled_events) is what
// keeps a retried job from repeating its effect. Jobs are retried for minutes to hours, and a dead
// one is kept 14 days for a platform admin to retry; after HANDLED_EVENT_RETENTION_DAYS the record
// goes. Daily, in small batches.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { BATCH, deleteInBatches } from "./delete-in-batches.ts";
import type { RecurringJob } from "./job-queue.ts";

/** Deletes the records past retention; resolves with how many went. */
export function purgeHandledEvents(db: Db, retentionDays: number): Promise<number> {
  return deleteInBatches(
    db,
    sql`
      with old as (
        select handler, event_id from handled_events
        where handled_at < now() - ${retentionDays} * interval '1 day'
        limit ${BATCH}
      ), gone as (
        delete from handled_events h using old
        where h.handler = old.handler and h.event_id = old.event_id
        returning 1
      )
      select count(*)::integer as count from gone`,
  );
}

export function purgeHandledEventsJob(db: Db, retentionDays: number): RecurringJob {
  return {
    name: "purge-handled-events",
    cron: "17 3 * * *",
    run: async () => {
      await purgeHandledEvents(db, retentionDays);
    },
  };
}
