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

/**
 * Call next's locks in one statement: the staff member's serving lock (as above), then (the select
 * list is evaluated in order) the location's line, held shared: waits for a wait-time
 * recalculation of the location in flight, while other callers share the lock. Also answers
 * whether the location is one of the vendor's, saving call next a statement of its own.
 */
export async function lockServingAtLocation(
  tx: Tx,
  userId: number,
  location: { vendorId: number; id: number },
): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_advisory_xact_lock(${SERVING_LOCK_CLASS}, ${userId}),
               pg_advisory_xact_lock_shared(${WAIT_TIME_LOCK_CLASS}, ${location.id}),
               exists(select 1 from locations
                      where id = ${location.id} and vendor_id = ${location.vendorId}) as found`,
  );
  // Both drivers (pg, PGlite) answer a raw statement with its rows as objects.
  return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
}
