import { describe, expect, it } from "vitest";
import { coalesceByKey } from "./coalesce-by-key.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("coalesceByKey", () => {
  it("runs one task per key at a time and folds requests made meanwhile into one more run", async () => {
    const runs: [string, number][] = [];
    const gates: ReturnType<typeof deferred>[] = [];
    const coalescer = coalesceByKey<number>(async (key, value) => {
      runs.push([key, value]);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
    });
    coalescer.push("a", 1);
    coalescer.push("a", 2);
    coalescer.push("a", 3);
    coalescer.push("b", 10);
    expect(runs).toEqual([
      ["a", 1],
      ["b", 10],
    ]);
    gates[0]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toEqual([
      ["a", 1],
      ["b", 10],
      ["a", 3],
    ]);
    for (const gate of gates) gate.resolve();
    await new Promise((r) => setTimeout(r, 0));
    for (const gate of gates) gate.resolve();
    await coalescer.idle();
    expect(runs).toHaveLength(3);
  });

  it("merges the folded requests with the given function and keeps going after a failed run", async () => {
    const runs: number[][] = [];
    let first = true;
    const coalescer = coalesceByKey<number[]>(
      async (_key, value) => {
        runs.push(value);
        if (first) {
          first = false;
          await new Promise((r) => setTimeout(r, 5));
          throw new Error("load failed");
        }
      },
      (queued, next) => [...queued, ...next],
    );
    coalescer.push("k", [1]);
    coalescer.push("k", [2]);
    coalescer.push("k", [3]);
    await coalescer.idle();
    expect(runs).toEqual([[1], [2, 3]]);
  });
});
