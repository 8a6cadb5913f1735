// The Echo side of a socket: `subscribe` joins the channel's room once authorised, `unsubscribe`
// leaves it; every refusal is told to the client as subscription_error (channel, {status, code, message}).
// A staff channel ends when its token or session runs out, or when its session is revoked.
import type { FastifyBaseLogger } from "fastify";
import type { Socket } from "socket.io";
import {
  parseChannel,
  REALTIME_EVENTS,
  type SubscriptionError,
} from "../../shared/realtime-channels.ts";
import type { Db } from "../db/client.ts";
import { translate } from "../http/messages.ts";
import {
  type Authorisation,
  authorizeSubscription,
  checkStaffGrant,
  type StaffGrant,
} from "./authorize-subscription.ts";
import { channelMessageSchema } from "./echo-auth.ts";
import type { SocketData } from "./socket-context.ts";
import type { StaffSubscriptions } from "./staff-subscriptions.ts";
import type { VisitorSubscribeLimit } from "./visitor-subscribe-limits.ts";

export type ChannelSubscriptionOptions = {
  db: Db;
  secret: string;
  log: FastifyBaseLogger;
  /** this node's staff subscriptions, which revocations end */
  staffSubscriptions: StaffSubscriptions;
  /** the wrong-code limit of this connection */
  visitorLimit: VisitorSubscribeLimit;
  /** channels one connection may hold (a staff lobby follows a handful) */
  maxChannels?: number;
  /** authorisations one connection may have under way at once */
  maxPending?: number;
};

type Refusal = { status: number; code: string; messageId: string };
type Outcome = Authorisation | ({ ok: false } & Refusal);

const sessionRevoked: Refusal = {
  status: 401,
  code: "session_revoked",
  messageId: "Realtime.sign_in_required",
};
const tooManyAttempts: Refusal = {
  status: 429,
  code: "too_many_attempts",
  messageId: "Errors.rate_limited",
};

// setTimeout takes at most a signed 32-bit delay; a longer wait is re-armed when it fires.
const MAX_TIMER_MS = 2_147_483_647;

export function handleChannelSubscriptions(socket: Socket, options: ChannelSubscriptionOptions) {
  const { db, secret, log, staffSubscriptions, visitorLimit } = options;
  const { maxChannels = 100, maxPending = 20 } = options;
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
    delete data.staffChannels[channel];
    void socket.leave(channel);
  };

  const armExpiry = (channel: string, expiresAt: number) => {
    clearTimeout(expiryTimers.get(channel));
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

  const endRevoked = (channel: string) => {
    leave(channel);
    tell(channel, sessionRevoked);
  };

  /** Checks the sessions of the held staff channels again, ending those no longer allowed. */
  const recheck = () => {
    for (const [channel, held] of Object.entries(data.staffChannels)) {
      const parsed = parseChannel(channel);
      if (parsed?.kind !== "location-staff") {
        leave(channel);
        continue;
      }
      const mark = staffSubscriptions.mark();
      checkStaffGrant({ db, vendorId: data.vendorId, secret }, held, parsed.locationId)
        .then((result) => {
          if (data.staffChannels[channel] !== held || socket.disconnected) return;
          if (staffSubscriptions.revokedSince(mark, held)) return endRevoked(channel);
          if (!result.ok) {
            leave(channel);
            return tell(channel, result);
          }
          if (result.expiresAt !== undefined) hold(channel, held, result.expiresAt);
        })
        .catch((error: unknown) =>
          log.warn({ err: error, channel }, "realtime: could not check a held staff channel"),
        );
    }
  };

  const hold = (channel: string, grant: StaffGrant, endsAt: number) => {
    data.staffChannels[channel] = { ...grant, endsAt };
    armExpiry(channel, endsAt);
  };

  // A recovered session comes back with its rooms: its staff channels keep their expiry and have
  // their sessions checked at once, as one revoked meanwhile must not come back with them.
  for (const [channel, held] of Object.entries(data.staffChannels ?? {}))
    armExpiry(channel, held.endsAt);
  const unregister = staffSubscriptions.add({
    held: () => data.staffChannels,
    endRevoked,
    recheck,
  });
  if (Object.keys(data.staffChannels).length > 0) recheck();

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

    const visitorChannel = parsed.kind === "queue-appointment-public";
    const attempt = Symbol(channel);
    pending.set(channel, attempt);
    const mark = staffSubscriptions.mark();
    let result: Outcome;
    try {
      result =
        visitorChannel && !(await visitorLimit.allowed())
          ? { ok: false, ...tooManyAttempts }
          : await authorizeSubscription({ db, vendorId: data.vendorId, secret }, parsed, auth);
    } catch (error) {
      log.warn({ err: error, channel }, "realtime: could not authorise a subscription");
      result = { ok: false, status: 503, code: "unavailable", messageId: "Realtime.unavailable" };
    }
    if (visitorChannel && !result.ok && result.status === 403) await visitorLimit.failed();
    if (pending.get(channel) !== attempt || socket.disconnected) return;
    pending.delete(channel);

    if (!result.ok) {
      log.debug({ channel, code: result.code }, "realtime: subscription refused");
      leave(channel);
      return tell(channel, result);
    }
    await socket.join(channel);
    if (result.staff) {
      hold(channel, result.staff, result.expiresAt ?? result.staff.expiresAt);
      // Revoked while its check or the join was under way: the check may have read the session
      // just before it ended, and the revocation found no channel to end yet.
      if (staffSubscriptions.revokedSince(mark, result.staff)) return endRevoked(channel);
    }
    socket.emit(REALTIME_EVENTS.subscriptionSucceeded, channel, {});
  });

  socket.on("unsubscribe", (raw: unknown) => {
    const message = channelMessageSchema.safeParse(raw);
    if (!message.success) return;
    pending.delete(message.data.channel);
    leave(message.data.channel);
  });

  socket.on("disconnect", () => {
    unregister();
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
    pending.clear();
  });
}
