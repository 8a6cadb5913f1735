import { afterEach, describe, expect, it, vi } from "vitest";

/** Loads the worker's script with a worker's globals stubbed; returns how to talk to it. */
async function startWorker() {
  let onMessage: ((event: { data: unknown }) => void) | undefined;
  const posted: unknown[] = [];
  const close = vi.fn();
  vi.stubGlobal("addEventListener", (type: string, listener: typeof onMessage) => {
    if (type === "message") onMessage = listener;
  });
  vi.stubGlobal("postMessage", (message: unknown) => posted.push(message));
  vi.stubGlobal("close", close);
  vi.resetModules();
  await import("./intl-warmup.worker.ts");
  if (!onMessage) throw new Error("the worker listens for no message");
  return { send: onMessage, posted, close };
}

afterEach(() => vi.unstubAllGlobals());

describe("the Intl warm-up worker", () => {
  it("makes the page language's formatters, then says so and ends", async () => {
    const worker = await startWorker();
    const asked = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    worker.send({ data: "ru" });
    expect(asked).toHaveBeenCalledWith("ru");
    expect(worker.posted).toEqual(["warm"]);
    expect(worker.close).toHaveBeenCalledOnce();
    asked.mockRestore();
  });

  it("still answers and ends when the language is not one the engine takes", async () => {
    const worker = await startWorker();
    expect(() => worker.send({ data: "not a language!" })).toThrow(RangeError);
    expect(worker.posted).toEqual(["warm"]);
    expect(worker.close).toHaveBeenCalledOnce();
  });
});
