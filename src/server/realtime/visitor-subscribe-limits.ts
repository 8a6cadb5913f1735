// Limits on guessing confirm codes over the socket: wrong-code subscribes to visitor appointment
// channels are counted per connection and per client address (the address count shared by every
// node through the rate-limit store); past either limit, every visitor-channel subscribe of that
// connection or address is refused, the right code included, until the window ends.
import type { FastifyBaseLogger } from "fastify";
import type { RateCounter } from "../http/rate-limit.ts";

export const FAILED_SUBSCRIBE_WINDOW_MS = 60_000;
/** wrong codes one connection may send in a window; a page never sends a second */
export const FAILED_SUBSCRIBES_PER_SOCKET = 10;

export type VisitorSubscribeLimitOptions = {
  counter: RateCounter;
  /** wrong codes one client address may send in a window, over all its connections and nodes */
  perAddress: number;
  perSocket?: number;
  log: FastifyBaseLogger;
  now?: () => number;
};

export type VisitorSubscribeLimit = {
  /** false once the connection or its address is past its limit */
  allowed(): Promise<boolean>;
  /** counts a wrong (or unknown) code */
  failed(): Promise<void>;
};

export function visitorSubscribeLimits(options: VisitorSubscribeLimitOptions) {
  const { counter, perAddress, log } = options;
  const perSocket = options.perSocket ?? FAILED_SUBSCRIBES_PER_SOCKET;
  const now = options.now ?? Date.now;
  const keyOf = (address: string) => `realtime-wrong-code:${address}`;

  /** The limit of one connection from `address`. */
  return (address: string): VisitorSubscribeLimit => {
    let window = { failures: 0, endsAt: 0 };
    const socketFailures = () => {
      if (window.endsAt <= now())
        window = { failures: 0, endsAt: now() + FAILED_SUBSCRIBE_WINDOW_MS };
      return window;
    };
    return {
      async allowed() {
        if (socketFailures().failures >= perSocket) return false;
        try {
          return (await counter.count(keyOf(address))) < perAddress;
        } catch (error) {
          // As the HTTP limits do (skipOnError): a store outage must not take live updates down.
          log.warn({ err: error }, "realtime: subscribe limit unavailable");
          return true;
        }
      },
      async failed() {
        socketFailures().failures += 1;
        try {
          await counter.hit(keyOf(address), FAILED_SUBSCRIBE_WINDOW_MS);
        } catch (error) {
          log.warn({ err: error }, "realtime: subscribe limit unavailable");
        }
      },
    };
  };
}
