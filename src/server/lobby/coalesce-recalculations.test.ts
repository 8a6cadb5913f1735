// The recalculation runner: never two runs of a location at once, every request covered by a run
// that starts after it, and a burst folded into one more run.
import { describe, expect, it } from "vitest";
import { coalesceRecalculations } from "./coalesce-recalculations.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("coalesceRecalculations", () => {
  it("folds every request made during a run into one more run after it", async () => {
    const run = coalesceRecalculations();
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const task = () => {
      const index = started.length;
      started.push(index);
      return gates[index]!.promise;
    };
    const first = run("location-1", task);
    const burst = [run("location-1", task), run("location-1", task), run("location-1", task)];
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

  it("runs locations independently", async () => {
    const run = coalesceRecalculations();
    const gate = deferred();
    let runs = 0;
    const task = () => {
      runs += 1;
      return gate.promise;
    };
    const a = run("a", task);
    const b = run("b", task);
    expect(runs).toBe(2);
    gate.resolve();
    await Promise.all([a, b]);
  });

  it("runs again after a failed run, and reports the failure to its callers only", async () => {
    const run = coalesceRecalculations();
    const gate = deferred();
    const failing = run("x", () => gate.promise);
    const next = run("x", async () => {});
    gate.reject(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    await expect(next).resolves.toBeUndefined();
  });

  it("starts afresh once idle", async () => {
    const run = coalesceRecalculations();
    let runs = 0;
    await run("x", async () => {
      runs += 1;
    });
    await run("x", async () => {
      runs += 1;
    });
    expect(runs).toBe(2);
  });
});
