// One run at a time per key, every call covered by a run that starts after it, a burst folded into
// one more run, and failures reported to the callers of the failed run only.
import { describe, expect, it } from "vitest";
import { runsPerKey } from "./runs-per-key.ts";

/** A task whose runs finish only when the test says so, recording what each run got. */
function controlledTask<V, T>() {
  const started: [string, V][] = [];
  const finishers: ((result: T) => void)[] = [];
  const failers: ((error: Error) => void)[] = [];
  return {
    started,
    values: () => started.map(([, value]) => value),
    task: (key: string, value: V) => {
      started.push([key, value]);
      return new Promise<T>((resolve, reject) => {
        finishers.push(resolve);
        failers.push(reject);
      });
    },
    finish: (index: number, result: T) => finishers[index]!(result),
    fail: (index: number, error: Error) => failers[index]!(error),
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const concat = <E>(queued: E[], next: E[]) => [...queued, ...next];

describe("runsPerKey", () => {
  it("starts a run at once when none is under way for the key", async () => {
    const task = controlledTask<string, number>();
    const runs = runsPerKey(task.task);
    const answer = runs.run("a", "first");
    expect(task.started).toEqual([["a", "first"]]);
    task.finish(0, 7);
    expect(await answer).toBe(7);
  });

  it("runs one task per key at a time and folds calls made meanwhile into one more run, with the latest value", async () => {
    const task = controlledTask<number, void>();
    const runs = runsPerKey(task.task);
    runs.push("a", 1);
    runs.push("a", 2);
    runs.push("a", 3);
    runs.push("b", 10);
    expect(task.started).toEqual([
      ["a", 1],
      ["b", 10],
    ]);
    task.finish(0, undefined);
    await tick();
    expect(task.started).toEqual([
      ["a", 1],
      ["b", 10],
      ["a", 3],
    ]);
    task.finish(1, undefined);
    task.finish(2, undefined);
    await runs.idle();
    expect(task.started).toHaveLength(3);
  });

  it("gives callers arriving during a run one shared run, after it, with all their values merged", async () => {
    const task = controlledTask<string[], number>();
    const runs = runsPerKey(task.task, concat);
    const first = runs.run("a", ["v0"]);
    const later = Array.from({ length: 10 }, (_, i) => runs.run("a", [`v${i + 1}`]));
    expect(task.started).toHaveLength(1);
    expect(later[0]).toBe(later[1]);
    task.finish(0, 1);
    expect(await first).toBe(1);
    await tick();
    expect(task.values()).toEqual([["v0"], Array.from({ length: 10 }, (_, i) => `v${i + 1}`)]);
    task.finish(1, 2);
    expect(await Promise.all(later)).toEqual(Array(10).fill(2));
  });

  it("runs the work a call brings as its value, a burst of calls in one more run", async () => {
    const runs = runsPerKey((_key, work: () => Promise<void>) => work());
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const work = () => {
      const index = started.length;
      started.push(index);
      return gates[index]!.promise;
    };
    const first = runs.run("location-1", work);
    const burst = [
      runs.run("location-1", work),
      runs.run("location-1", work),
      runs.run("location-1", work),
    ];
    expect(started).toEqual([0]);
    expect(burst[0]).toBe(burst[1]);
    gates[0]!.resolve();
    await first;
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await Promise.all(burst);
    expect(started).toEqual([0, 1]);
  });

  it("keeps keys apart: runs of different keys go ahead side by side", async () => {
    const task = controlledTask<string, number>();
    const runs = runsPerKey(task.task);
    const a = runs.run("a", "x");
    const b = runs.run("b", "y");
    expect(task.started).toEqual([
      ["a", "x"],
      ["b", "y"],
    ]);
    task.finish(0, 1);
    task.finish(1, 2);
    expect([await a, await b]).toEqual([1, 2]);
  });

  it("rejects the callers of a failed run and still runs for those waiting behind it", async () => {
    const task = controlledTask<string, number>();
    const runs = runsPerKey(task.task);
    const failing = runs.run("a", "x");
    const waiting = runs.run("a", "y");
    task.fail(0, new Error("database down"));
    await expect(failing).rejects.toThrow("database down");
    await tick();
    expect(task.values()).toEqual(["x", "y"]);
    task.finish(1, 5);
    expect(await waiting).toBe(5);
  });

  it("keeps going after a failed run its callers did not wait for, with the merged values", async () => {
    const ran: number[][] = [];
    let first = true;
    const runs = runsPerKey(async (_key, value: number[]) => {
      ran.push(value);
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error("load failed");
      }
    }, concat);
    runs.push("k", [1]);
    runs.push("k", [2]);
    runs.push("k", [3]);
    await runs.idle();
    expect(ran).toEqual([[1], [2, 3]]);
  });

  it("reports a task that throws before it returns a promise as a failed run", async () => {
    const runs = runsPerKey((): Promise<void> => {
      throw new Error("bad input");
    });
    await expect(runs.run("a", undefined)).rejects.toThrow("bad input");
    await runs.idle();
  });

  it("starts afresh once every run has finished", async () => {
    const task = controlledTask<string, number>();
    const runs = runsPerKey(task.task);
    const first = runs.run("a", "x");
    task.finish(0, 1);
    expect(await first).toBe(1);
    const second = runs.run("a", "y");
    expect(task.values()).toEqual(["x", "y"]);
    task.finish(1, 2);
    expect(await second).toBe(2);
  });

  it("is idle at once when nothing runs, and once the last queued run has finished", async () => {
    const task = controlledTask<string, void>();
    const runs = runsPerKey(task.task);
    await runs.idle();
    runs.push("a", "x");
    runs.push("a", "y");
    let idle = false;
    const settled = runs.idle().then(() => {
      idle = true;
    });
    task.finish(0, undefined);
    await tick();
    expect(idle).toBe(false);
    task.finish(1, undefined);
    await settled;
    expect(idle).toBe(true);
  });
});
