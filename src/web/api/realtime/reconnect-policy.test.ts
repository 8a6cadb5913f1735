import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createReconnectPolicy, RECONNECT_POLICY } from "./reconnect-policy.ts";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

function setUp() {
  const calls: string[] = [];
  const logged: [string, unknown][] = [];
  const policy = createReconnectPolicy({
    disconnect: () => calls.push("disconnect"),
    connect: () => calls.push("connect"),
    reload: () => calls.push("reload"),
    log: (message, detail) => logged.push([message, detail]),
  });
  /** socket.io retries every few seconds: one failure now, then one every 5 s until `ms` from now */
  const failFor = (ms: number, every = 5 * SECOND) => {
    policy.connectFailed(new Error("websocket error"));
    for (let waited = every; waited <= ms; waited += every) {
      vi.advanceTimersByTime(every);
      policy.connectFailed(new Error("websocket error"));
    }
  };
  return { calls, logged, policy, failFor };
}

describe("realtime reconnect policy (spec §4, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-01-01T09:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("uses the spec's thresholds: 5 minutes, 15 minutes and a 20-second delay", () => {
    expect(RECONNECT_POLICY).toEqual({
      gracefulAfterMs: 300_000,
      reloadAfterMs: 900_000,
      gracefulDelayMs: 20_000,
    });
  });

  it("leaves socket.io to retry on its own while reconnect errors last 5 minutes or less", () => {
    const { calls, policy } = setUp();
    policy.connectFailed(new Error("first"));
    vi.advanceTimersByTime(5 * MINUTE);
    policy.connectFailed(new Error("at exactly five minutes"));
    expect(calls).toEqual([]);
  });

  it("after more than 5 minutes of reconnect errors, disconnects and reconnects 20 s later", () => {
    const { calls, policy } = setUp();
    policy.connectFailed(new Error("first"));
    vi.advanceTimersByTime(5 * MINUTE + 1);
    policy.connectFailed(new Error("still failing"));
    expect(calls).toEqual(["disconnect"]);
    vi.advanceTimersByTime(20 * SECOND - 1);
    expect(calls).toEqual(["disconnect"]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(["disconnect", "connect"]);
  });

  it("reconnects gracefully again every further 5 minutes of errors, and reloads the page after 15", () => {
    const { calls, failFor } = setUp();
    failFor(15 * MINUTE);
    expect(calls).toEqual(["disconnect", "connect", "disconnect", "connect"]);
    failFor(5 * SECOND);
    expect(calls).toEqual(["disconnect", "connect", "disconnect", "connect", "reload"]);
    failFor(MINUTE);
    expect(calls.filter((c) => c === "reload")).toHaveLength(1);
  });

  it("starts the clocks again once a connection succeeds", () => {
    const { calls, policy, failFor } = setUp();
    failFor(4 * MINUTE);
    policy.connected();
    failFor(4 * MINUTE);
    expect(calls).toEqual([]);
    failFor(MINUTE + 5 * SECOND);
    expect(calls).toEqual(["disconnect"]);
  });

  it("cancels a pending graceful reconnect when the connection comes back first", () => {
    const { calls, policy, failFor } = setUp();
    failFor(5 * MINUTE + 5 * SECOND);
    expect(calls).toEqual(["disconnect"]);
    policy.connected();
    vi.advanceTimersByTime(20 * SECOND);
    expect(calls).toEqual(["disconnect"]);
  });

  it("takes the graceful path when the server closes the connection", () => {
    const { calls, logged, policy } = setUp();
    policy.disconnected("io server disconnect");
    expect(calls).toEqual(["disconnect"]);
    vi.advanceTimersByTime(20 * SECOND);
    expect(calls).toEqual(["disconnect", "connect"]);
    expect(logged).toEqual([["realtime: connection killed", "io server disconnect"]]);
  });

  it("logs killed connections and failed reconnects, but not a disconnect the page asked for", () => {
    const { calls, logged, policy } = setUp();
    policy.disconnected("transport close");
    policy.disconnected("ping timeout");
    const error = new Error("websocket error");
    policy.connectFailed(error);
    policy.disconnected("io client disconnect");
    expect(logged).toEqual([
      ["realtime: connection killed", "transport close"],
      ["realtime: connection killed", "ping timeout"],
      ["realtime: reconnect failed", error],
    ]);
    // socket.io reconnects by itself after a transport close or a ping timeout
    expect(calls).toEqual([]);
  });
});
