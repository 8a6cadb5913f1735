import { describe, expect, it } from "vitest";
import { trailingRuns } from "./trailing-runs.ts";

/** A task whose runs finish only when the test says so, recording when each started. */
function controlledTask() {
  const started: number[] = [];
  const finishers: ((value: number) => void)[] = [];
  const failers: ((error: Error) => void)[] = [];
  let asked = 0;
  return {
    started,
    ask: () => ++asked,
    run: () => {
      started.push(asked);
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
    const runs = trailingRuns<number>();
    const task = controlledTask();
    const answer = runs("a", task.run);
    expect(task.started).toHaveLength(1);
    task.finish(0, 7);
    expect(await answer).toBe(7);
  });

  it("gives callers arriving during a run one shared run that starts after it", async () => {
    const runs = trailingRuns<number>();
    const task = controlledTask();
    task.ask();
    const first = runs("a", task.run);
    const later = Array.from({ length: 10 }, () => {
      task.ask();
      return runs("a", task.run);
    });
    expect(task.started).toEqual([1]);
    task.finish(0, 1);
    expect(await first).toBe(1);
    await tick();
    // One more run, started after every later caller had asked.
    expect(task.started).toEqual([1, 11]);
    task.finish(1, 2);
    expect(await Promise.all(later)).toEqual(Array(10).fill(2));
  });

  it("keeps keys apart", async () => {
    const runs = trailingRuns<number>();
    const task = controlledTask();
    const a = runs("a", task.run);
    const b = runs("b", task.run);
    expect(task.started).toHaveLength(2);
    task.finish(0, 1);
    task.finish(1, 2);
    expect([await a, await b]).toEqual([1, 2]);
  });

  it("rejects the callers of a failed run and still runs for those waiting behind it", async () => {
    const runs = trailingRuns<number>();
    const task = controlledTask();
    const failing = runs("a", task.run);
    const waiting = runs("a", task.run);
    task.fail(0, new Error("database down"));
    await expect(failing).rejects.toThrow("database down");
    await tick();
    task.finish(1, 5);
    expect(await waiting).toBe(5);
  });

  it("starts afresh once every run has finished", async () => {
    const runs = trailingRuns<number>();
    const task = controlledTask();
    const first = runs("a", task.run);
    task.finish(0, 1);
    await first;
    const second = runs("a", task.run);
    expect(task.started).toHaveLength(2);
    task.finish(1, 2);
    expect(await second).toBe(2);
  });
});
