// Shares runs of an expensive task per key among the callers that need one: each caller gets a run
// that starts after it asked (so the run sees what the caller committed before asking), and all
// callers arriving while a run is under way share the single run that follows it, which receives
// every one of their values. A burst of N joins at one location then recalculates its line about
// twice instead of N times in a row.

export type TrailingRuns<V, T> = (
  key: string,
  value: V,
  run: (values: V[]) => Promise<T>,
) => Promise<T>;

type Slot<V, T> = { running: Promise<T>; next: Promise<T> | null; nextValues: V[] };

const ignore = () => {};

export function trailingRuns<V, T>(): TrailingRuns<V, T> {
  const slots = new Map<string, Slot<V, T>>();

  const begin = (key: string, values: V[], run: (values: V[]) => Promise<T>): Promise<T> => {
    const slot: Slot<V, T> = {
      running: Promise.resolve() as Promise<T>,
      next: null,
      nextValues: [],
    };
    slot.running = run(values).finally(() => {
      if (slots.get(key) === slot && slot.next === null) slots.delete(key);
    });
    slots.set(key, slot);
    return slot.running;
  };

  return (key, value, run) => {
    const slot = slots.get(key);
    if (!slot) return begin(key, [value], run);
    // The run under way may have read before this caller's change: wait for the next one.
    slot.nextValues.push(value);
    slot.next ??= slot.running.then(ignore, ignore).then(() => begin(key, slot.nextValues, run));
    return slot.next;
  };
}
