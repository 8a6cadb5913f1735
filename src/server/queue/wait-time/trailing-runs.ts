// Shares runs of an expensive task per key among the callers that need one: each caller gets a run
// that starts after it asked (so the run sees what the caller committed before asking), and all
// callers arriving while a run is under way share the single run that follows it. A burst of N
// joins at one location then recalculates its line about twice instead of N times in a row.

export type TrailingRuns<T> = (key: string, run: () => Promise<T>) => Promise<T>;

const ignore = () => {};

export function trailingRuns<T>(): TrailingRuns<T> {
  const slots = new Map<string, { running: Promise<T>; next: Promise<T> | null }>();

  const begin = (key: string, run: () => Promise<T>): Promise<T> => {
    const slot: { running: Promise<T>; next: Promise<T> | null } = {
      running: Promise.resolve() as Promise<T>,
      next: null,
    };
    slot.running = run().finally(() => {
      if (slots.get(key) === slot && slot.next === null) slots.delete(key);
    });
    slots.set(key, slot);
    return slot.running;
  };

  return (key, run) => {
    const slot = slots.get(key);
    if (!slot) return begin(key, run);
    // The run under way may have read before this caller's change: wait for the next one.
    slot.next ??= slot.running.then(ignore, ignore).then(() => begin(key, run));
    return slot.next;
  };
}
