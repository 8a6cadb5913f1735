// Transaction-scoped advisory locks of the lobby. Released at commit or rollback, so a crashed
// request never leaves one behind.
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/** First key of the lobby's two-key locks: "SERV". */
const SERVING_LOCK_CLASS = 0x53_45_52_56;
/**
 * The class of the wait-time recalculation's per-location lock (WAIT_TIME_LOCK_CLASS in
 * src/server/queue/wait-time/recalculate-wait-times.ts, "WAIT"). Call next holds it shared, so it
 * never runs while a recalculation is writing expected starts: the recalculation's row locks
 * would otherwise make SKIP LOCKED pass over the visitor at the front of the line.
 */
export const WAIT_TIME_LOCK_CLASS = 0x57_41_49_54;

/** One "start serving" at a time per staff member, so nobody ends up serving two visitors. */
export async function lockStaffMemberServing(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERVING_LOCK_CLASS}, ${userId})`);
}

/** Waits for a wait-time recalculation of the location in flight; other callers share the lock. */
export async function holdLineAgainstRecalculation(tx: Tx, locationId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(${WAIT_TIME_LOCK_CLASS}, ${locationId})`,
  );
}
