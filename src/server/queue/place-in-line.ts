// How many people are ahead of a waiting visitor: the one rule behind every answer that says so —
// the confirmation page (the open API's `people_ahead`, the live wait-time list) and the "almost your
// turn" message with its `{ahead}` — so the page, the message and the quoted wait never disagree.
//
// People ahead of a waiting visitor V at a location are the visitors there who are waiting, not
// called (a called visitor is already at a desk, decision 0023), who joined before V in queue order
// (queued_at, then id), and who are expected to start no later than V. When nobody can serve V today
// (no expected start), every earlier uncalled waiting visitor counts; an earlier visitor with no
// expected start of their own does not count ahead of a V whose start is known. Why not the place
// in queue order: a later joiner then never pushes the count up (no "someone jumped ahead of me"),
// and an earlier visitor in another, slower lane who will be seen after V does not count, so the
// count never contradicts the wait quoted beside it. A called visitor has no count (null).
import { sql } from "drizzle-orm";
import { type DbOrTx, executeRows } from "../db/client.ts";

/** A waiting visitor as the rule reads them; a line lists them in queue order (queued_at, then id). */
export type PlaceInLine = {
  /** called to a desk (called_at set): ahead of nobody, and without a count of their own */
  called: boolean;
  /** epoch ms; null when nobody can serve them today */
  expectedStart: number | null;
};

/**
 * The people ahead of every visitor of a line, in its order (null for a called visitor). Walks the
 * line once, keeping the expected starts seen so far in a Fenwick tree over their ranks: O(n log n),
 * as it runs on every recalculation of lines hundreds long.
 */
export function peopleAheadInLine(line: readonly PlaceInLine[]): (number | null)[] {
  const starts = knownStarts(line);
  const seen = new Int32Array(starts.length + 1); // Fenwick tree, 1-based
  const add = (rank: number) => {
    for (let i = rank; i < seen.length; i += i & -i) seen[i]! += 1;
  };
  const atMost = (rank: number) => {
    let total = 0;
    for (let i = rank; i > 0; i -= i & -i) total += seen[i]!;
    return total;
  };
  let uncalledSoFar = 0;
  return line.map((visitor) => {
    if (visitor.called) return null;
    const rank = visitor.expectedStart === null ? 0 : upperBound(starts, visitor.expectedStart);
    const ahead = visitor.expectedStart === null ? uncalledSoFar : atMost(rank);
    uncalledSoFar += 1;
    if (visitor.expectedStart !== null) add(rank);
    return ahead;
  });
}

/**
 * For visitors joining the end of `line`: the people ahead of one expected at `expectedStart`
 * (epoch ms, or null). Each call takes its place, so the next joiner counts it, as the line with
 * them in it would. A join is answered from this without reading the line again.
 */
export function peopleAheadOfJoiners(
  line: readonly PlaceInLine[],
): (expectedStart: number | null) => number {
  const starts = knownStarts(line);
  // Starts of those who joined since, kept in order; few, as the line is read again every second or so.
  const joined: number[] = [];
  let uncalled = line.filter((visitor) => !visitor.called).length;
  return (expectedStart) => {
    let ahead = uncalled;
    if (expectedStart !== null) {
      const later = upperBound(joined, expectedStart);
      ahead = upperBound(starts, expectedStart) + later;
      joined.splice(later, 0, expectedStart);
    }
    uncalled += 1;
    return ahead;
  };
}

/** The expected starts of the line's uncalled visitors, ascending. */
function knownStarts(line: readonly PlaceInLine[]): Float64Array {
  const starts: number[] = [];
  for (const visitor of line) {
    if (!visitor.called && visitor.expectedStart !== null) starts.push(visitor.expectedStart);
  }
  return Float64Array.from(starts).sort();
}

/** How many of the ascending `sorted` are at most `value`. */
function upperBound(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The people ahead of one visitor of the vendor, counted by the database (the open API's GET, a
 * message's `{ahead}`); null unless the visitor is waiting and not called, or when there is no such
 * visitor. Compared with the visitor's own row, not with values read out of it: the database keeps
 * instants to the microsecond. The line's index (location, status, queued_at) finds the rows.
 */
export async function countPeopleAhead(
  db: DbOrTx,
  visitor: { vendorId: number; id: number },
): Promise<number | null> {
  const [row] = await executeRows<{ ahead: number | null }>(
    db,
    sql`
      select case when me.status = 'waiting' and me.called_at is null then (
          select count(*)::integer from queue_appointments other
          where other.location_id = me.location_id and other.status = 'waiting'
            and other.vendor_id = me.vendor_id and other.called_at is null
            and (other.queued_at, other.id) < (me.queued_at, me.id)
            and (me.expected_start is null or other.expected_start <= me.expected_start))
        end as ahead
      from queue_appointments me
      where me.id = ${visitor.id} and me.vendor_id = ${visitor.vendorId}`,
  );
  return row?.ahead ?? null;
}
