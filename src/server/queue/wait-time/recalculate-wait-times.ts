// Recomputes a location's wait times after any change to its line, stores each waiting visitor's
// expected start (and, for a visitor who just joined, the wait quoted to them) and announces the
// new list (spec §7 WaitTimeRecalculated). Called after commit.
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { DomainEventBus, WaitTimeEntry } from "../../events/domain-events.ts";
import { loadWaitTimeInput, type WaitTimeScope } from "./load-wait-time-input.ts";
import { simulateWaitTimes } from "./simulate-wait-times.ts";
import { type TrailingRuns, trailingRuns } from "./trailing-runs.ts";

/** First key of the two-key advisory lock, so these locks never collide with other uses of locks. */
const WAIT_TIME_LOCK_CLASS = 0x57_41_49_54; // "WAIT"

/** A visitor who just joined: the run that first places them records the wait quoted at joining. */
export type QuoteRequest = { id: number; joinedAt: Date };

/** Per database: the recalculations under way and queued, per location. */
const sharedRuns = new WeakMap<Db, TrailingRuns<QuoteRequest | null, WaitTimeEntry[]>>();

type Deps = { db: Db; events: DomainEventBus; now?: Date };
type Scope = { vendorId: number; locationId: number };

/** Seconds from joining to the expected start (never negative); null when nobody can serve. */
export function quotedWaitSeconds(expectedStart: string | null, joinedAt: Date): number | null {
  if (expectedStart === null) return null;
  return Math.max(0, Math.round((Date.parse(expectedStart) - joinedAt.getTime()) / 1000));
}

/**
 * Resolves with the line as a recalculation that started after this call computed it. Callers
 * arriving while one runs for the location share the next one: under a burst of joins the line is
 * recalculated a few times, not once per join in a row (each of which held a pooled connection
 * while it waited for the lock). A fixed clock (`now`, in tests) asks for exactly one run.
 */
export function recalculateWaitTimes(
  deps: Deps,
  scope: Scope,
  quote: QuoteRequest | null = null,
): Promise<WaitTimeEntry[]> {
  const quotes = (values: (QuoteRequest | null)[]) =>
    values.filter((value): value is QuoteRequest => value !== null);
  if (deps.now) return recalculateOnce(deps, scope, quotes([quote]));
  let runs = sharedRuns.get(deps.db);
  if (!runs) {
    runs = trailingRuns();
    sharedRuns.set(deps.db, runs);
  }
  return runs(`${scope.vendorId}:${scope.locationId}`, quote, (values) =>
    recalculateOnce(deps, scope, quotes(values)),
  );
}

async function recalculateOnce(
  deps: Deps,
  scope: Scope,
  quotes: QuoteRequest[],
): Promise<WaitTimeEntry[]> {
  const entries = await deps.db.transaction(async (tx) => {
    // One recalculation per location at a time: a later one waits, then sees the earlier one's writes.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${WAIT_TIME_LOCK_CLASS}, ${scope.locationId})`,
    );
    // Read the clock after the lock, so a recalculation that waited does not plan from the past.
    const now = deps.now ?? new Date();
    return computeAndStore(tx, scope, now, quotes);
  });
  deps.events.emit("waitTimesRecalculated", { ...scope, entries });
  return entries;
}

async function computeAndStore(
  tx: DbOrTx,
  scope: WaitTimeScope,
  now: Date,
  quotes: QuoteRequest[],
): Promise<WaitTimeEntry[]> {
  const input = await loadWaitTimeInput(tx, scope, now);
  const { visits } = simulateWaitTimes(input.simulation);
  const startById = new Map(visits.map((visit) => [visit.id, visit.expectedStart]));
  const joinedAtById = new Map(quotes.map((quote) => [quote.id, quote.joinedAt]));

  const changed: { id: number; expectedStart: string | null; quoted: number | null }[] = [];
  const entries = input.waiting.map((row): WaitTimeEntry => {
    const start = startById.get(row.id) ?? null;
    const iso = start === null ? null : new Date(start).toISOString();
    const joinedAt = joinedAtById.get(row.id);
    // A new visitor's quote is stored even when an earlier run already placed them.
    if ((row.expectedStart?.getTime() ?? null) !== start || joinedAt) {
      const quoted = joinedAt ? quotedWaitSeconds(iso, joinedAt) : null;
      changed.push({ id: row.id, expectedStart: iso, quoted });
    }
    return { id: String(row.id), attributes: { expected_start: iso } };
  });

  if (changed.length > 0) {
    const values = sql.join(
      changed.map(
        (row) =>
          sql`(${row.id}::integer, ${row.expectedStart}::timestamptz, ${row.quoted}::integer)`,
      ),
      sql`, `,
    );
    // One statement for the whole line; the status guard keeps a visitor called meanwhile as is.
    await tx.execute(sql`
      update queue_appointments as q
      set expected_start = v.expected_start,
          quoted_wait_seconds = coalesce(v.quoted_wait_seconds, q.quoted_wait_seconds)
      from (values ${values}) as v(id, expected_start, quoted_wait_seconds)
      where q.id = v.id
        and q.vendor_id = ${scope.vendorId}
        and q.location_id = ${scope.locationId}
        and q.status = 'waiting'`);
  }
  return entries;
}
