// Runs one task per key at a time and folds the requests that arrive meanwhile into one more run,
// so a burst of changes to one appointment loads it once or twice, and answers never overtake.

export type Coalescer<V> = {
  push(key: string, value: V): void;
  /** resolves when no task is running or queued (for tests and shutdown) */
  idle(): Promise<void>;
};

export function coalesceByKey<V>(
  run: (key: string, value: V) => Promise<void>,
  merge: (queued: V, next: V) => V = (_queued, next) => next,
): Coalescer<V> {
  const queued = new Map<string, V>();
  const running = new Set<string>();
  const waiters: (() => void)[] = [];

  const settleIfIdle = () => {
    if (running.size > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const start = (key: string, value: V) => {
    running.add(key);
    run(key, value)
      .catch(() => {
        // `run` reports its own failures; a failed run must not stop the next one.
      })
      .finally(() => {
        running.delete(key);
        const next = queued.get(key);
        if (next === undefined) return settleIfIdle();
        queued.delete(key);
        start(key, next);
      });
  };

  return {
    push(key, value) {
      if (!running.has(key)) return start(key, value);
      const waiting = queued.get(key);
      queued.set(key, waiting === undefined ? value : merge(waiting, value));
    },
    idle: () =>
      running.size === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)),
  };
}
