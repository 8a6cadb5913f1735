import { afterEach, describe, expect, it, vi } from "vitest";

type Listener = (event: unknown) => void;

/** A stand-in for the browser's Worker: records what the page sends and lets a test answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  static refuse = false;
  readonly url: string;
  readonly sent: unknown[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  constructor(url: URL | string) {
    if (FakeWorker.refuse) throw new DOMException("refused", "SecurityError");
    this.url = String(url);
    FakeWorker.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({});
  }
}

async function freshModule() {
  vi.resetModules();
  return import("./warm-up-intl.ts");
}

/** Whether the promise has settled once pending microtasks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeWorker.last = null;
  FakeWorker.refuse = false;
});

describe("warmUpIntl", () => {
  it("asks the worker to load the page's language and waits for its answer", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const { warmUpIntl, intlWarmedUp } = await freshModule();
    warmUpIntl("pl");
    expect(FakeWorker.last?.url).toMatch(/intl-warmup\.worker\.ts$/);
    expect(FakeWorker.last?.sent).toEqual(["pl"]);
    const warm = intlWarmedUp();
    expect(await settled(warm)).toBe(false);
    FakeWorker.last?.emit("message");
    expect(await settled(warm)).toBe(true);
  });

  it("stops waiting when the worker fails", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const { warmUpIntl, intlWarmedUp } = await freshModule();
    warmUpIntl("en");
    FakeWorker.last?.emit("error");
    expect(await settled(intlWarmedUp())).toBe(true);
  });

  it("stops waiting after INTL_WARM_UP_WAIT_MS when the worker is slow", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("Worker", FakeWorker);
    const { warmUpIntl, intlWarmedUp, INTL_WARM_UP_WAIT_MS } = await freshModule();
    warmUpIntl("en");
    const warm = intlWarmedUp();
    vi.advanceTimersByTime(INTL_WARM_UP_WAIT_MS - 1);
    expect(await settled(warm)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(warm)).toBe(true);
  });

  it("does not wait at all where workers are refused or missing", async () => {
    FakeWorker.refuse = true;
    vi.stubGlobal("Worker", FakeWorker);
    const refused = await freshModule();
    refused.warmUpIntl("en");
    expect(await settled(refused.intlWarmedUp())).toBe(true);

    vi.stubGlobal("Worker", undefined);
    const missing = await freshModule();
    missing.warmUpIntl("en");
    expect(await settled(missing.intlWarmedUp())).toBe(true);
  });
});
