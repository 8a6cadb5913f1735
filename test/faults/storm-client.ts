// A light visitor page for the reconnect storm, thousands at once: one socket.io-client socket
// speaking Echo's protocol (subscribe on every connect, as Echo does on reconnect), which after a
// reconnect re-reads its location's wait list over HTTP, retrying as the page's query would.
import type { Agent } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { io, type Socket } from "socket.io-client";
import {
  REALTIME_EVENTS,
  REALTIME_PATH,
  realtimeChannels,
} from "../../src/shared/realtime-channels.ts";
import { call } from "./open-api-http.ts";

export type StormClient = {
  /** when (performance.now()) the server last confirmed the subscription */
  subscribedAt(): number;
  /** when the last re-read after a reconnect succeeded; 0 before any */
  resyncedAt(): number;
  resyncAttempts(): number;
  reconnects(): number;
  /** handshakes the server refused, by the refusal's code (or message) */
  refusals(): readonly string[];
  /** false once socket.io gave up on its own (a refused handshake is not retried) */
  active(): boolean;
  close(): void;
};

/** bounded, and enough to outlast a storm: each try waits Retry-After (about 2 s) */
const RESYNC_TRIES = 20;

export function connectStormClient(url: string, locationId: number, agent: Agent): StormClient {
  let subscribedAt = 0;
  let resyncedAt = 0;
  let resyncAttempts = 0;
  let connects = 0;
  const refusals: string[] = [];
  const channel = realtimeChannels.locationPublic(locationId);
  const socket: Socket = io(url, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    // socket.io's own back-off (1 s, doubling to 5 s, ±50 %), as in the browser.
    reconnection: true,
  });
  const resync = async () => {
    for (let attempt = 0; attempt < RESYNC_TRIES; attempt++) {
      resyncAttempts++;
      const answer = await call(url, {
        path: `/api/v2/open/queue-appointments-services/${locationId}`,
        agent,
        timeoutMs: 15_000,
      });
      if (answer.ok && answer.status === 200) {
        resyncedAt = performance.now();
        return;
      }
      const retryAfter = answer.ok ? Number(answer.headers["retry-after"] ?? 1) : 1;
      await sleep(Math.min(5, Math.max(1, retryAfter)) * 1000 * (0.5 + Math.random()));
    }
  };
  socket.on("connect", () => {
    connects++;
    socket.emit("subscribe", { channel, auth: { headers: {} } });
    if (connects > 1) void resync();
  });
  socket.on("connect_error", (error: Error & { data?: { code?: string } }) => {
    if (error.data) refusals.push(error.data.code ?? error.message);
  });
  socket.on(REALTIME_EVENTS.subscriptionSucceeded, (name: string) => {
    if (name === channel) subscribedAt = performance.now();
  });
  return {
    subscribedAt: () => subscribedAt,
    resyncedAt: () => resyncedAt,
    resyncAttempts: () => resyncAttempts,
    reconnects: () => Math.max(0, connects - 1),
    refusals: () => refusals,
    active: () => socket.active,
    close: () => socket.disconnect(),
  };
}
