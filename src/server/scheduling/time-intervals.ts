// Half-open time intervals [start, end) in epoch milliseconds, and the set operations that turn
// shifts, breaks and booked appointments into a staff member's free time.

export type TimeInterval = { start: number; end: number };

/** Sorted by start, empty intervals dropped, overlapping or touching ones merged. */
export function normalizeIntervals(intervals: readonly TimeInterval[]): TimeInterval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: TimeInterval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else {
      merged.push({ start: interval.start, end: interval.end });
    }
  }
  return merged;
}

/** The parts of `intervals` not covered by any of `holes`; both may be unsorted. */
export function subtractIntervals(
  intervals: readonly TimeInterval[],
  holes: readonly TimeInterval[],
): TimeInterval[] {
  const base = normalizeIntervals(intervals);
  const cuts = normalizeIntervals(holes);
  const result: TimeInterval[] = [];
  let h = 0;
  for (const interval of base) {
    let start = interval.start;
    // Holes ending before this interval can never cut a later one either: both lists are sorted.
    while (h < cuts.length && cuts[h]!.end <= start) h++;
    let k = h;
    while (k < cuts.length && cuts[k]!.start < interval.end) {
      const cut = cuts[k]!;
      if (cut.start > start) result.push({ start, end: cut.start });
      if (cut.end > start) start = cut.end;
      k++;
    }
    if (start < interval.end) result.push({ start, end: interval.end });
  }
  return result;
}

/** The parts of `intervals` inside [from, to). */
export function clipIntervals(
  intervals: readonly TimeInterval[],
  from: number,
  to: number,
): TimeInterval[] {
  const result: TimeInterval[] = [];
  for (const interval of normalizeIntervals(intervals)) {
    const start = Math.max(interval.start, from);
    const end = Math.min(interval.end, to);
    if (end > start) result.push({ start, end });
  }
  return result;
}
