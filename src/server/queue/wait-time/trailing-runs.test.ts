import { describe, expect, it } from "vitest";
import { trailingRuns } from "./trailing-runs.ts";

/** A task whose runs finish only when the test says so, recording the values each run got. */
function controlledTask() {
  const started: string[][] = [];
  const finishers: ((value: number) => void)[] = [];
  const failers: ((error: Error) => void)[] = [];
  return {
    started,
    run: (values: string[]) => {
      started.push([...values]);
      return new Promise<number>((resolve, reject) => {
        finishers.push(resolve);
        failers.push(reject);
      });
    },
    finish: (index: number, value: number) => finishers[index]!(value),
    fail: (index: number, error: Error) => failers[index]!(error),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("trailingRuns", () => {
  it("starts a run at once when none is under way for the key", async () => {
    const runs = trailingRuns<string, number>();
    const task = controlledTask();
    const answer = runs("a", "first", task.run);
    expect(task.started).toEqual([["first"]]);
    task.finish(0, 7);
    expect(await answer).toBe(7);
  });

  it("gives callers arriving during a run one shared run, after it, with all their values", async () => {
    const runs = trailingRuns<string, number>();
    const task = controlledTask();
    const first = runs("a", "v0", task.run);
    const later = Array.from({ length: 10 }, (_, i) => runs("a", `v${i + 1}`, task.run));
    expect(task.started).toHaveLength(1);
    task.finish(0, 1);
    expect(await first).toBe(1);
    await tick();
    expect(task.started).toEqual([["v0"], Array.from({ length: 10 }, (_, i) => `v${i + 1}`)]);
    task.finish(1, 2);
    expect(await Promise.all(later)).toEqual(Array(10).fill(2));
  });

  it("keeps keys apart", async () => {
    const runs = trailingRuns<string, number>();
    const task = controlledTask();
    const a = runs("a", "x", task.run);
    const b = runs("b", "y", task.run);
    expect(task.started).toEqual([["x"], ["y"]]);
    task.finish(0, 1);
    task.finish(1, 2);
    expect([await a, await b]).toEqual([1, 2]);
  });

  it("rejects the callers of a failed run and still runs for those waiting behind it", async () => {
    const runs = trailingRuns<string, number>();
    const task = controlledTask();
    const failing = runs("a", "x", task.run);
    const waiting = runs("a", "y", task.run);
    task.fail(0, new Error("database down"));
    await expect(failing).rejects.toThrow("database down");
    await tick();
    expect(task.started).toEqual([["x"], ["y"]]);
    task.finish(1, 5);
    expect(await waiting).toBe(5);
  });

  it("starts afresh once every run has finished", async () => {
    const runs = trailingRuns<string, number>();
    const task = controlledTask();
    const first = runs("a", "x", task.run);
    task.finish(0, 1);
    await first;
    const second = runs("a", "y", task.run);
    expect(task.started).toEqual([["x"], ["y"]]);
    task.finish(1, 2);
    expect(await second).toBe(2);
  });
});
