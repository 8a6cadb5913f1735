// Recurring job: a short ticket's counter (ticket_counters, decision 0022) is one row per location,
// local day and prefix, and is read only on the day it counts for. A location's local date is at
// most a day from the UTC date, so a counter more than two days before today's UTC date counts for
// no day still to come; the tickets it handed out stay on their visits. Daily, in small batches.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { BATCH, deleteInBatches } from "./delete-in-batches.ts";
import type { RecurringJob } from "./job-queue.ts";

/** days before today's UTC date that a counter is kept */
const KEPT_DAYS = 2;

/** Deletes the counters of days gone by; resolves with how many went. */
export function purgeTicketCounters(db: Db): Promise<number> {
  return deleteInBatches(
    db,
    sql`
      with old as (
        select location_id, local_date, prefix from ticket_counters
        where local_date < (now() at time zone 'utc')::date - ${KEPT_DAYS}::integer
        limit ${BATCH}
      ), gone as (
        delete from ticket_counters c using old
        where c.location_id = old.location_id and c.local_date = old.local_date
          and c.prefix = old.prefix
        returning 1
      )
      select count(*)::integer as count from gone`,
  );
}

export function purgeTicketCountersJob(db: Db): RecurringJob {
  return {
    name: "purge-ticket-counters",
    cron: "27 3 * * *",
    run: async () => {
      await purgeTicketCounters(db);
    },
  };
}
