// The one realtime client of the web app: laravel-echo over socket.io-client, WebSocket only, bare
// event names (namespace false), the §4/§9 reconnect policy, and a resync call after every reconnect
// so pages re-read what changed while they were offline. The socket opens on the first subscription.
// Each subscription also reports when the server confirms it (first subscribe and every re-subscribe),
// the moment from which no change is missed: a page re-reads its state then.
import Echo from "laravel-echo";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import type {
  BoardSettingsChanged,
  ManageQueueAppointmentUpdated,
  QueueAppointmentChanged,
  QueueAppointmentMessagesChanged,
  WaitTimeEntry,
  WaitTimeRecalculated,
} from "../../../shared/contracts/realtime.ts";
import {
  REALTIME_EVENTS,
  REALTIME_PATH,
  realtimeChannels,
  type SubscriptionError,
} from "../../../shared/realtime-channels.ts";
import {
  createReconnectPolicy,
  RECONNECT_POLICY,
  type ReconnectThresholds,
} from "./reconnect-policy.ts";

export type RealtimeClientOptions = {
  /** the server's origin; the page's own by default */
  url?: string;
  /** staff pages: the token of the page's initial state (spec §6) */
  bearerToken?: string | null;
  /** called after every reconnect (not the first connect): re-read the state shown */
  onResync?: () => void;
  reload?: () => void;
  log?: (message: string, detail?: unknown) => void;
  reconnectPolicy?: ReconnectThresholds;
  /** extra socket.io-client options (tests set headers and short retry delays) */
  socketOptions?: Omit<Partial<ManagerOptions & SocketOptions>, "auth" | "path" | "transports">;
};

type Handler<T> = (data: T) => void;
type OnError = Handler<SubscriptionError>;
/** the server confirmed the subscription: from now on every change arrives as an event */
type OnSubscribed = () => void;
type EchoChannel = ReturnType<Echo<"socket.io">["channel"]>;

/** Every event carries its payload under `data` (spec §7); anything else is not passed on. */
const dataOf =
  <P extends { data: unknown }>(handler: Handler<P["data"]>) =>
  (payload: P) => {
    if (typeof payload === "object" && payload !== null && "data" in payload) handler(payload.data);
  };

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

export function createRealtimeClient(options: RealtimeClientOptions = {}) {
  // Echo sends this object with every subscribe; it is changed in place as codes come and go.
  const auth = {
    headers: {} as Record<string, string>,
    confirm_codes: {} as Record<string, string>,
    /** private locations' boards: the board link's token per location */
    board_tokens: {} as Record<string, string>,
  };
  if (options.bearerToken) auth.headers.Authorization = `Bearer ${options.bearerToken}`;
  const resyncListeners = new Set<() => void>();
  if (options.onResync) resyncListeners.add(options.onResync);
  const connectionListeners = new Set<(up: boolean) => void>();
  let up = false;
  const announce = (next: boolean) => {
    if (next === up) return;
    up = next;
    for (const listener of connectionListeners) listener(next);
  };
  const holders = new Map<string, number>();
  // Channels the server has confirmed since their last subscribe; a follower that joins one of them
  // late is told at once, as the confirmation it would wait for has already come.
  const confirmed = new Set<string>();
  let echo: Echo<"socket.io"> | null = null;
  let disposePolicy = () => {};

  const open = (): Echo<"socket.io"> => {
    if (echo) return echo;
    const created = new Echo<"socket.io">({
      ...options.socketOptions,
      broadcaster: "socket.io",
      client: io,
      host: options.url ?? null,
      path: REALTIME_PATH,
      transports: ["websocket"],
      namespace: false,
      auth,
      withoutInterceptors: true,
    });
    echo = created;
    watchConnection(created);
    return created;
  };

  const watchConnection = (current: Echo<"socket.io">) => {
    const socket = current.connector.socket as unknown as Socket;
    const policy = createReconnectPolicy(
      {
        disconnect: () => socket.disconnect(),
        connect: () => socket.connect(),
        reload: options.reload ?? (() => window.location.reload()),
        log: options.log ?? ((message, detail) => console.warn(message, detail)),
      },
      options.reconnectPolicy ?? RECONNECT_POLICY,
    );
    disposePolicy = () => policy.dispose();
    let connectedBefore = false;
    let echoResubscribed = false;
    // Echo re-subscribes its channels on socket.io's own reconnect, but not after a reconnect
    // the policy makes (disconnect, then connect); that one re-subscribes here.
    socket.io.on("reconnect", () => {
      echoResubscribed = true;
    });
    socket.on("connect", () => {
      policy.connected();
      announce(true);
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      confirmed.clear();
      if (!echoResubscribed)
        for (const channel of Object.values(current.connector.channels)) channel.subscribe();
      echoResubscribed = false;
      for (const listener of resyncListeners) listener();
    });
    socket.on("connect_error", (error) => policy.connectFailed(error));
    socket.on("disconnect", (reason) => {
      confirmed.clear();
      announce(false);
      policy.disconnected(reason);
    });
  };

  /** Follows one event of a channel; the channel is left when its last follower stops. */
  const follow = <T>(
    name: string,
    channelOf: (e: Echo<"socket.io">) => EchoChannel,
    event: string,
    handler: Handler<T>,
    onError?: OnError,
    onSubscribed?: OnSubscribed,
  ) => {
    const current = open();
    const isNew = !current.connector.channels[name];
    const channel = channelOf(current);
    if (isNew) {
      // The channel's own bookkeeping, ahead of any follower's callback reading it.
      channel.listen(REALTIME_EVENTS.subscriptionSucceeded, () => confirmed.add(name));
      channel.listen(REALTIME_EVENTS.subscriptionError, () => confirmed.delete(name));
    }
    channel.listen(event, handler);
    if (onError) channel.listen(REALTIME_EVENTS.subscriptionError, onError);
    // Echo's channel.subscribed() waits for the socket's "connect", not for the server's answer;
    // the answer comes as (subscription_succeeded, channel, {}) and a channel listener gets it.
    let stopped = false;
    const subscribed = onSubscribed && (() => void (stopped || onSubscribed()));
    if (subscribed) {
      channel.listen(REALTIME_EVENTS.subscriptionSucceeded, subscribed);
      if (confirmed.has(name)) queueMicrotask(subscribed);
    }
    holders.set(name, (holders.get(name) ?? 0) + 1);
    return (afterLeave?: () => void): void => {
      if (stopped) return;
      stopped = true;
      channel.stopListening(event, handler);
      if (onError) channel.stopListening(REALTIME_EVENTS.subscriptionError, onError);
      if (subscribed) channel.stopListening(REALTIME_EVENTS.subscriptionSucceeded, subscribed);
      const left = (holders.get(name) ?? 1) - 1;
      if (left > 0) {
        holders.set(name, left);
        return;
      }
      holders.delete(name);
      confirmed.delete(name);
      current.leaveChannel(name);
      afterLeave?.();
    };
  };

  return {
    /**
     * §7 WaitTimeRecalculated: the location's wait-time list. `onSubscribed` runs whenever the server
     * confirms the channel (after reconnects too). `boardToken`: a private location's board link
     * token, without which its channel is refused. Returns the unsubscribe function.
     */
    subscribeToLocation(
      locationId: number | string,
      handler: Handler<WaitTimeEntry[]>,
      onError?: OnError,
      onSubscribed?: OnSubscribed,
      boardToken?: string,
    ) {
      const name = realtimeChannels.locationPublic(locationId);
      if (boardToken) auth.board_tokens[String(locationId)] = boardToken;
      const stop = follow(
        name,
        (e) => e.channel(name),
        REALTIME_EVENTS.waitTimeRecalculated,
        dataOf<WaitTimeRecalculated>(handler),
        onError,
        onSubscribed,
      );
      return () => stop(() => delete auth.board_tokens[String(locationId)]);
    },

    /**
     * BoardSettingsChanged on the location's public channel: the vendor's settings changed, so a
     * lobby board reads itself again. `boardToken` as for subscribeToLocation. Returns the
     * unsubscribe function.
     */
    subscribeToBoardSettings(
      locationId: number | string,
      handler: () => void,
      boardToken?: string,
    ) {
      const name = realtimeChannels.locationPublic(locationId);
      if (boardToken) auth.board_tokens[String(locationId)] = boardToken;
      const stop = follow(
        name,
        (e) => e.channel(name),
        REALTIME_EVENTS.boardSettingsChanged,
        dataOf<BoardSettingsChanged>(handler),
      );
      return () => stop(() => delete auth.board_tokens[String(locationId)]);
    },

    /** §7 ManageQueueAppointmentUpdated (its data); the confirm code proves the visitor may follow it. */
    subscribeToQueueAppointment(
      id: number | string,
      confirmCode: string,
      handler: Handler<ManageQueueAppointmentUpdated["data"]>,
      onError?: OnError,
      onSubscribed?: OnSubscribed,
    ) {
      const name = realtimeChannels.queueAppointmentPublic(id);
      auth.confirm_codes[String(id)] = confirmCode;
      const stop = follow(
        name,
        (e) => e.channel(name),
        REALTIME_EVENTS.queueAppointmentUpdated,
        dataOf<ManageQueueAppointmentUpdated>(handler),
        onError,
        onSubscribed,
      );
      return () => stop(() => delete auth.confirm_codes[String(id)]);
    },

    /** Staff: every change to a location's line (the visitor as the lobby shows them) and its wait times. */
    subscribeToStaffLocation(
      locationId: number | string,
      handlers: {
        /** the visitor as the lobby shows them (QueueAppointmentChanged's data, a LobbyEntry) */
        queueAppointmentChanged?: Handler<unknown>;
        waitTimes?: Handler<WaitTimeEntry[]>;
        /** a visit's messages changed: its id (QueueAppointmentMessagesChanged's data) */
        queueAppointmentMessagesChanged?: Handler<QueueAppointmentMessagesChanged["data"]>;
        /** a booked appointment changed (AppointmentChanged): the schedule and lobby re-read */
        appointmentChanged?: Handler<unknown>;
        onError?: OnError;
        onSubscribed?: OnSubscribed;
      },
    ) {
      const name = realtimeChannels.locationStaff(locationId);
      const channelOf = (e: Echo<"socket.io">) => e.private(`App.Models.Location.${locationId}`);
      const stops = [
        follow(
          name,
          channelOf,
          REALTIME_EVENTS.queueAppointmentChanged,
          dataOf<QueueAppointmentChanged>(handlers.queueAppointmentChanged ?? (() => {})),
          handlers.onError,
          handlers.onSubscribed,
        ),
        follow(
          name,
          channelOf,
          REALTIME_EVENTS.waitTimeRecalculated,
          dataOf<WaitTimeRecalculated>(handlers.waitTimes ?? (() => {})),
        ),
        follow(
          name,
          channelOf,
          REALTIME_EVENTS.queueAppointmentMessagesChanged,
          dataOf<QueueAppointmentMessagesChanged>(
            handlers.queueAppointmentMessagesChanged ?? (() => {}),
          ),
        ),
        follow(name, channelOf, REALTIME_EVENTS.appointmentChanged, (payload: unknown) =>
          // The payload says which one; every listener re-reads, so its shape matters little.
          handlers.appointmentChanged?.(
            typeof payload === "object" && payload !== null && "data" in payload
              ? payload.data
              : payload,
          ),
        ),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },

    /** Follows whether the socket is up: called at once with the state now, then on each change. */
    onConnectionChange(listener: (up: boolean) => void) {
      connectionListeners.add(listener);
      listener(up);
      return () => void connectionListeners.delete(listener);
    },

    /** Adds a listener called after every reconnect; returns its removal. */
    onResync(listener: () => void) {
      resyncListeners.add(listener);
      return () => void resyncListeners.delete(listener);
    },

    /** A fresh staff token (after sign-in or renewal), used from the next subscribe on. */
    setBearerToken(token: string | null) {
      if (token) auth.headers.Authorization = `Bearer ${token}`;
      else delete auth.headers.Authorization;
    },

    disconnect() {
      disposePolicy();
      echo?.disconnect();
      echo = null;
      holders.clear();
      confirmed.clear();
    },
  };
}
