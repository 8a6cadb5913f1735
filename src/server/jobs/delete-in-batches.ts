// The retention jobs' loop: a delete of at most `BATCH` rows per statement, repeated until one
// deletes fewer, so that a large backlog never holds one long transaction and its locks.
import type { SQL } from "drizzle-orm";
import { type Db, executeRows } from "../db/client.ts";

export const BATCH = 5_000;

/**
 * Runs `statement` (a delete of up to `BATCH` rows that selects `count(*)::integer as count` of
 * what it deleted) until it deletes fewer than `BATCH`; resolves with how many went in all.
 */
export async function deleteInBatches(db: Db, statement: SQL): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await executeRows<{ count: number }>(db, statement);
    const count = rows[0]?.count ?? 0;
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
