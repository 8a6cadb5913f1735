// Spots visitors who joined the line while the lobby was open: ids never seen on this location
// before, waiting. The first load of a location only sets the baseline, and a visitor returned to
// the line from a meeting is not new. Each arrival is marked new for a while, for the visual cue.
import { useEffect, useRef, useState } from "react";
import type { LobbyEntry } from "../../api/office/location-queue.ts";

export const NEW_FOR_MS = 90_000;

type Baseline = { locationId: string; seen: Set<string> };

/** The entries of `entries` that `baseline` has not seen, waiting; and the baseline grown by all. */
export function findArrivals(
  baseline: Set<string> | null,
  entries: readonly LobbyEntry[],
): { arrivals: LobbyEntry[]; seen: Set<string> } {
  const seen = new Set(baseline ?? []);
  const arrivals: LobbyEntry[] = [];
  for (const entry of entries) {
    if (baseline && !seen.has(entry.id) && entry.attributes.status === "waiting")
      arrivals.push(entry);
    seen.add(entry.id);
  }
  return { arrivals, seen };
}

export function useNewArrivals(
  locationId: string | null,
  entries: readonly LobbyEntry[] | undefined,
  onArrivals: (arrivals: LobbyEntry[]) => void,
): ReadonlySet<string> {
  const baseline = useRef<Baseline | null>(null);
  const [fresh, setFresh] = useState<ReadonlyMap<string, number>>(new Map());
  const notify = useRef(onArrivals);
  useEffect(() => {
    notify.current = onArrivals;
  });

  useEffect(() => {
    if (!locationId || !entries) return;
    const known = baseline.current?.locationId === locationId ? baseline.current.seen : null;
    const { arrivals, seen } = findArrivals(known, entries);
    baseline.current = { locationId, seen };
    if (arrivals.length === 0) return;
    const until = Date.now() + NEW_FOR_MS;
    setFresh((previous) => {
      const next = new Map(previous);
      for (const arrival of arrivals) next.set(arrival.id, until);
      return next;
    });
    notify.current(arrivals);
  }, [locationId, entries]);

  // Expire the marks; one timer for the earliest.
  useEffect(() => {
    if (fresh.size === 0) return;
    const earliest = Math.min(...fresh.values());
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setFresh((previous) => new Map([...previous].filter(([, until]) => until > now)));
      },
      Math.max(0, earliest - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [fresh]);

  return new Set(fresh.keys());
}
