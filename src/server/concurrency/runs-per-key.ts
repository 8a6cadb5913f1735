// Runs an expensive task at most once at a time per key, and lets the calls that arrive while it
// runs share the one run queued after it: that run starts after each of them asked, so it sees
// what they committed before asking, and a burst of N calls costs two runs, not N in a row.

export type RunsPerKey<V, T> = {
  /**
   * Runs the task for `key` with `value` now when no run is under way for the key; otherwise joins
   * the run queued after the one under way (all joiners get the same promise), whose value is the
   * merge of theirs. Resolves or rejects with the outcome of that run: a failed run is reported to
   * its own callers only, and the run queued behind it goes ahead regardless.
   */
  run(key: string, value: V): Promise<T>;
  /** `run` for callers that do not wait: the task reports its own failures. */
  push(key: string, value: V): void;
  /** Resolves when no run is under way or queued for any key (tests, shutdown). */
  idle(): Promise<void>;
};

type Queued<V, T> = { value: V; promise: Promise<T> };
type Slot<V, T> = { running: Promise<T>; queued: Queued<V, T> | null };

const ignore = () => {};

/**
 * `task` gets the key and the value of the run; `merge` folds a call's value into the queued run's
 * (by default the latest call's value wins). A value may be the work itself:
 * `runsPerKey((_key, work: () => Promise<T>) => work())`.
 */
export function runsPerKey<V, T = void>(
  task: (key: string, value: V) => Promise<T>,
  merge: (queued: V, next: V) => V = (_queued, next) => next,
): RunsPerKey<V, T> {
  const slots = new Map<string, Slot<V, T>>();
  const idleWaiters: (() => void)[] = [];

  const begin = (key: string, value: V): Promise<T> => {
    let started: Promise<T>;
    try {
      started = task(key, value);
    } catch (error) {
      started = Promise.reject(error);
    }
    const slot: Slot<V, T> = { running: started, queued: null };
    slots.set(key, slot);
    slot.running = started.finally(() => {
      // A queued run replaces this slot when it begins; until then the key stays busy.
      if (slots.get(key) !== slot || slot.queued !== null) return;
      slots.delete(key);
      if (slots.size === 0) for (const wake of idleWaiters.splice(0)) wake();
    });
    return slot.running;
  };

  const run = (key: string, value: V): Promise<T> => {
    const slot = slots.get(key);
    if (!slot) return begin(key, value);
    if (slot.queued) {
      slot.queued.value = merge(slot.queued.value, value);
      return slot.queued.promise;
    }
    // The run under way may have read before this caller's change: wait for the next one.
    const queued: Queued<V, T> = {
      value,
      promise: slot.running.then(ignore, ignore).then(() => begin(key, queued.value)),
    };
    slot.queued = queued;
    return queued.promise;
  };

  return {
    run,
    push(key, value) {
      run(key, value).catch(ignore);
    },
    idle: () =>
      slots.size === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve)),
  };
}
