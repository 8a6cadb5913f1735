// The Echo side of a socket: `subscribe` joins the channel's room once authorised, `unsubscribe`
// leaves it; every refusal is told to the client as subscription_error (channel, {status, code, message}).
import type { FastifyBaseLogger } from "fastify";
import type { Socket } from "socket.io";
import {
  parseChannel,
  REALTIME_EVENTS,
  type SubscriptionError,
} from "../../shared/realtime-channels.ts";
import type { Db } from "../db/client.ts";
import { translate } from "../http/messages.ts";
import { authorizeSubscription } from "./authorize-subscription.ts";
import { channelMessageSchema } from "./echo-auth.ts";
import type { SocketData } from "./socket-context.ts";

export type ChannelSubscriptionOptions = {
  db: Db;
  secret: string;
  log: FastifyBaseLogger;
  /** channels one connection may hold (a staff lobby follows a handful) */
  maxChannels?: number;
  /** authorisations one connection may have under way at once */
  maxPending?: number;
};

type Refusal = { status: number; code: string; messageId: string };
type Outcome = { ok: true; expiresAt?: number | undefined } | ({ ok: false } & Refusal);

// setTimeout takes at most a signed 32-bit delay; a longer wait is re-armed when it fires.
const MAX_TIMER_MS = 2_147_483_647;

export function handleChannelSubscriptions(socket: Socket, options: ChannelSubscriptionOptions) {
  const { db, secret, log, maxChannels = 100, maxPending = 20 } = options;
  const data = socket.data as SocketData;
  /** channel → the attempt under way; a later subscribe or an unsubscribe supersedes it */
  const pending = new Map<string, symbol>();
  const expiryTimers = new Map<string, NodeJS.Timeout>();

  const tell = (channel: string, refusal: Refusal) => {
    const error: SubscriptionError = {
      status: refusal.status,
      code: refusal.code,
      message: translate(data.locale, refusal.messageId),
    };
    socket.emit(REALTIME_EVENTS.subscriptionError, channel, error);
  };

  const leave = (channel: string) => {
    clearTimeout(expiryTimers.get(channel));
    expiryTimers.delete(channel);
    delete data.expiries[channel];
    void socket.leave(channel);
  };

  const armExpiry = (channel: string, expiresAt: number) => {
    clearTimeout(expiryTimers.get(channel));
    data.expiries[channel] = expiresAt;
    const delay = Math.max(0, expiresAt - Date.now());
    const timer = setTimeout(
      () => {
        if (delay === MAX_TIMER_MS) return armExpiry(channel, expiresAt);
        leave(channel);
        tell(channel, {
          status: 401,
          code: "token_expired",
          messageId: "Realtime.session_expired",
        });
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    expiryTimers.set(channel, timer);
  };

  // A recovered session comes back with its rooms; its staff channels keep their expiry.
  for (const [channel, expiresAt] of Object.entries(data.expiries ?? {}))
    armExpiry(channel, expiresAt);

  socket.on("subscribe", async (raw: unknown) => {
    const message = channelMessageSchema.safeParse(raw);
    if (!message.success) {
      const channel =
        typeof (raw as { channel?: unknown })?.channel === "string"
          ? (raw as { channel: string }).channel
          : "";
      return tell(channel.slice(0, 200), {
        status: 422,
        code: "invalid_subscription",
        messageId: "Realtime.invalid_subscription",
      });
    }
    const { channel, auth } = message.data;
    const parsed = parseChannel(channel);
    if (!parsed)
      return tell(channel, {
        status: 404,
        code: "unknown_channel",
        messageId: "Realtime.unknown_channel",
      });
    const held = socket.rooms.size - 1; // every socket is also in the room of its own id
    if ((!socket.rooms.has(channel) && held >= maxChannels) || pending.size >= maxPending) {
      return tell(channel, {
        status: 429,
        code: "too_many_channels",
        messageId: "Realtime.too_many_channels",
      });
    }

    const attempt = Symbol(channel);
    pending.set(channel, attempt);
    let result: Outcome;
    try {
      result = await authorizeSubscription({ db, vendorId: data.vendorId, secret }, parsed, auth);
    } catch (error) {
      log.warn({ err: error, channel }, "realtime: could not authorise a subscription");
      result = { ok: false, status: 503, code: "unavailable", messageId: "Realtime.unavailable" };
    }
    if (pending.get(channel) !== attempt || socket.disconnected) return;
    pending.delete(channel);

    if (!result.ok) {
      log.debug({ channel, code: result.code }, "realtime: subscription refused");
      leave(channel);
      return tell(channel, result);
    }
    await socket.join(channel);
    if (result.expiresAt !== undefined) armExpiry(channel, result.expiresAt);
    socket.emit(REALTIME_EVENTS.subscriptionSucceeded, channel, {});
  });

  socket.on("unsubscribe", (raw: unknown) => {
    const message = channelMessageSchema.safeParse(raw);
    if (!message.success) return;
    pending.delete(message.data.channel);
    leave(message.data.channel);
  });

  socket.on("disconnect", () => {
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
    pending.clear();
  });
}
