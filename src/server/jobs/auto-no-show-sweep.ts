// Recurring job, every minute: a called visitor who has not come to the desk within the vendor's
// auto_no_show_minutes of their latest call (or recall) is marked a no-show, as staff would. Off
// unless the vendor sets it. Each visit is changed in its own short transaction on a row locked
// with SKIP LOCKED and checked again under the lock, so two nodes sweeping at once, or staff
// starting the visitor meanwhile, never change a visit twice or undo a start.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { Db } from "../db/client.ts";
import { queueAppointments, vendors } from "../db/schema.ts";
import { applyQueueStatusChange } from "../queue/apply-queue-status-change.ts";
import type { RecurringJob } from "./job-queue.ts";

/** How many visits one sweep of one vendor changes at most; the next minute takes the rest. */
const BATCH = 200;

const q = queueAppointments;
const latestCall = sql`coalesce(${q.recalledAt}, ${q.calledAt})`;

/** Marks the unanswered calls of every vendor that asks for it; resolves with how many. */
export async function markUnansweredCallsNoShow(db: Db, now = new Date()): Promise<number> {
  const asking = await db
    .select({ id: vendors.id, settings: vendors.settings })
    .from(vendors)
    .where(sql`(${vendors.settings} ->> 'auto_no_show_minutes') is not null`);
  let marked = 0;
  for (const vendor of asking) {
    const minutes = parseVendorSettings(vendor.settings).auto_no_show_minutes;
    if (minutes === null) continue;
    const before = new Date(now.getTime() - minutes * 60_000);
    const due = await db
      .select({ id: q.id })
      .from(q)
      .where(
        and(
          eq(q.vendorId, vendor.id),
          eq(q.status, "waiting"),
          isNotNull(q.calledAt),
          lte(latestCall, before),
        ),
      )
      .orderBy(asc(q.id))
      .limit(BATCH);
    for (const { id } of due) {
      const changed = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(q)
          .where(
            and(
              eq(q.id, id),
              eq(q.vendorId, vendor.id),
              eq(q.status, "waiting"),
              isNotNull(q.calledAt),
              lte(latestCall, before),
            ),
          )
          .for("update", { skipLocked: true });
        if (!row) return false;
        await applyQueueStatusChange(tx, {
          row,
          to: "no_show",
          now,
          serverUserId: null,
          // nobody: the vendor's rule did it
          actorUserId: null,
        });
        return true;
      });
      if (changed) marked++;
    }
  }
  return marked;
}

export function autoNoShowSweepJob(db: Db): RecurringJob {
  return {
    name: "auto-no-show-sweep",
    cron: "* * * * *",
    async run() {
      await markUnansweredCallsNoShow(db);
    },
  };
}
