// Folds the wait-time recalculations that lobby changes ask for into as few runs as keep every
// change covered: while a location's recalculation runs, all requests for it wait for one more run,
// which starts after the running one and so reads every change committed before it was asked for.
// Twenty desks calling next at once then cost two recalculations, not twenty queued one by one.

type Lane = { running: Promise<void>; queued: Promise<void> | null };

export type RecalculationRunner = (key: string, recalculate: () => Promise<void>) => Promise<void>;

export function coalesceRecalculations(): RecalculationRunner {
  const lanes = new Map<string, Lane>();

  const settle = (key: string, finished: Promise<void>) => {
    const lane = lanes.get(key);
    if (lane && lane.running === finished && lane.queued === null) lanes.delete(key);
  };

  return (key, recalculate) => {
    const lane = lanes.get(key);
    if (!lane) {
      const running: Promise<void> = recalculate().finally(() => settle(key, running));
      lanes.set(key, { running, queued: null });
      return running;
    }
    if (lane.queued) return lane.queued;
    const queued: Promise<void> = lane.running
      .catch(() => {
        // the running one's callers hear of its failure; this run goes ahead regardless
      })
      .then(() => {
        lane.running = queued;
        lane.queued = null;
        return recalculate();
      })
      .finally(() => settle(key, queued));
    lane.queued = queued;
    return queued;
  };
}
