// Transaction-scoped advisory locks of the lobby (their classes: src/server/db/advisory-locks.ts).
// Released at commit or rollback, so a crashed request never leaves one behind.
import { sql } from "drizzle-orm";
import { SERVING_LOCK_CLASS, WAIT_TIME_LOCK_CLASS } from "../db/advisory-locks.ts";
import type { Tx } from "../db/client.ts";

/** One "start serving" at a time per staff member, so nobody ends up serving two visitors. */
export async function lockStaffMemberServing(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SERVING_LOCK_CLASS}, ${userId})`);
}

/**
 * Call next's locks in one statement: the staff member's serving lock (as above), then (the select
 * list is evaluated in order) the location's line, held shared: waits for a wait-time
 * recalculation of the location in flight, while other callers share the lock. Also answers
 * whether the location is one of the vendor's and not archived (an archived location serves
 * nobody), saving call next a statement of its own.
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
                      where id = ${location.id} and vendor_id = ${location.vendorId}
                        and archived_at is null) as found`,
  );
  // Both drivers (pg, PGlite) answer a raw statement with its rows as objects.
  return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
}
