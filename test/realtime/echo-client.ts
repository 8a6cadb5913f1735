// A real laravel-echo client (socket.io connector, socket.io-client, WebSocket only) for tests,
// with helpers that wait for a channel's next event or for the server's answer to a subscribe.
import Echo from "laravel-echo";
import { io, type Socket } from "socket.io-client";
import { REALTIME_EVENTS, type SubscriptionError } from "../../src/shared/realtime-channels.ts";

export type EchoClientOptions = {
  bearerToken?: string;
  auth?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Echo's event namespace; false (the default here) listens to bare event names */
  namespace?: string | false;
};

export function connectEcho(url: string, options: EchoClientOptions = {}) {
  const echo = new Echo<"socket.io">({
    broadcaster: "socket.io",
    client: io,
    host: url,
    transports: ["websocket"],
    namespace: options.namespace ?? false,
    // Echo mutates its auth option; each client gets its own object.
    auth: { headers: {}, ...options.auth },
    bearerToken: options.bearerToken ?? null,
    withoutInterceptors: true,
    extraHeaders: options.headers,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  return echo;
}

export type EchoClient = ReturnType<typeof connectEcho>;
type Channel = ReturnType<EchoClient["channel"]>;

/** The server's answer to the channel's subscribe: "subscribed", or the refusal it sent. */
export function subscription(
  channel: Channel,
  timeoutMs = 3_000,
): Promise<"subscribed" | SubscriptionError> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer to subscribe ${channel.name}`)),
      timeoutMs,
    );
    channel.on(REALTIME_EVENTS.subscriptionSucceeded, () => {
      clearTimeout(timer);
      resolve("subscribed");
    });
    channel.on(REALTIME_EVENTS.subscriptionError, (error: SubscriptionError) => {
      clearTimeout(timer);
      resolve(error);
    });
  });
}

/** The data of the next `event` on the channel (listened to through Echo's listen). */
export function nextEvent<T = unknown>(
  channel: Channel,
  event: string,
  timeoutMs = 3_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      channel.stopListening(event, listener);
      reject(new Error(`no ${event} on ${channel.name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (data: T) => {
      clearTimeout(timer);
      channel.stopListening(event, listener);
      resolve(data);
    };
    channel.listen(event, listener);
  });
}

/** Collects every `event` on the channel, to assert that nothing arrived. */
export function collectEvents<T = unknown>(channel: Channel, event: string): T[] {
  const seen: T[] = [];
  channel.listen(event, (data: T) => seen.push(data));
  return seen;
}

/** Echo types its socket with a minimal shim; it is socket.io-client's Socket. */
export function socketOf(echo: EchoClient): Socket {
  return echo.connector.socket as unknown as Socket;
}

export function connected(echo: EchoClient, timeoutMs = 3_000): Promise<void> {
  const socket = socketOf(echo);
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("socket did not connect")), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
