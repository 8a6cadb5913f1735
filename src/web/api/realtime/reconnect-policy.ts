// What the realtime client does when the connection fails (spec §4 "Realtime connection", §9):
// reconnect errors for over 5 minutes → graceful reconnect (disconnect, reconnect after 20 s);
// over 15 minutes → full page reload; a server-initiated disconnect takes the graceful path.
// Pure: the socket, the page and the clock come in, so it is tested with fake timers.

export const RECONNECT_POLICY = {
  gracefulAfterMs: 300_000,
  reloadAfterMs: 900_000,
  gracefulDelayMs: 20_000,
} as const;

export type ReconnectThresholds = {
  gracefulAfterMs: number;
  reloadAfterMs: number;
  gracefulDelayMs: number;
};

export type ReconnectActions = {
  /** close the connection; socket.io stops retrying on its own */
  disconnect(): void;
  /** open it again (socket.io retries by itself from there) */
  connect(): void;
  reload(): void;
  /** spec §8: killed connections and failed reconnects are logged */
  log(message: string, detail?: unknown): void;
};

export type ReconnectPolicy = {
  /** the connection is up (first time or again) */
  connected(): void;
  /** an attempt to (re)connect failed */
  connectFailed(error: unknown): void;
  /** the connection closed, with socket.io's reason */
  disconnected(reason: string): void;
  dispose(): void;
};

export function createReconnectPolicy(
  actions: ReconnectActions,
  thresholds: ReconnectThresholds = RECONNECT_POLICY,
): ReconnectPolicy {
  /** first failure since the connection was last up: the clock of the page reload */
  let failingSince: number | null = null;
  /** start of the current 5-minute window: the clock of the graceful reconnect */
  let windowStart: number | null = null;
  let pendingReconnect: ReturnType<typeof setTimeout> | null = null;
  let reloading = false;

  const reconnectGracefully = () => {
    if (pendingReconnect !== null) return;
    actions.disconnect();
    pendingReconnect = setTimeout(() => {
      pendingReconnect = null;
      windowStart = Date.now();
      actions.connect();
    }, thresholds.gracefulDelayMs);
  };

  return {
    connected() {
      failingSince = null;
      windowStart = null;
      if (pendingReconnect !== null) clearTimeout(pendingReconnect);
      pendingReconnect = null;
    },

    connectFailed(error) {
      if (reloading) return;
      actions.log("realtime: reconnect failed", error);
      const now = Date.now();
      failingSince ??= now;
      windowStart ??= now;
      if (now - failingSince > thresholds.reloadAfterMs) {
        reloading = true;
        actions.reload();
      } else if (now - windowStart > thresholds.gracefulAfterMs) {
        reconnectGracefully();
      }
    },

    disconnected(reason) {
      // "io client disconnect": the page (or this policy) closed it on purpose.
      if (reason === "io client disconnect") return;
      actions.log("realtime: connection killed", reason);
      // The server closed it on purpose; socket.io will not retry by itself.
      if (reason === "io server disconnect") reconnectGracefully();
    },

    dispose() {
      if (pendingReconnect !== null) clearTimeout(pendingReconnect);
      pendingReconnect = null;
    },
  };
}
