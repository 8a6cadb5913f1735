// Puts the socket.io server on the API's own port (path /socket.io, WebSocket only, spec §9),
// speaking laravel-echo's protocol, with the Redis streams adapter when REDIS_URL is set.
import type { FastifyInstance } from "fastify";
import { Server } from "socket.io";
import { REALTIME_PATH } from "../../shared/realtime-channels.ts";
import { loadQueueAppointmentDocument } from "../queue/present-queue-appointment.ts";
import {
  broadcastDomainEvents,
  type LoadQueueAppointmentDocument,
} from "./broadcast-domain-events.ts";
import { handleChannelSubscriptions } from "./channel-subscriptions.ts";
import { loadStaffChannelEntry } from "./load-staff-channel-entry.ts";
import { createRedisAdapter } from "./redis-adapter.ts";
import { resolveSocketContext, type SocketData } from "./socket-context.ts";
import { createStaffSubscriptions } from "./staff-subscriptions.ts";
import { visitorSubscribeLimits } from "./visitor-subscribe-limits.ts";

type RealtimeHost = Pick<
  FastifyInstance,
  | "server"
  | "log"
  | "config"
  | "database"
  | "caches"
  | "events"
  | "rateCounter"
  | "staffSessionRevocations"
> & {
  /** from load shedding (src/server/http/load-shedding.ts), when the app sheds load */
  isUnderPressure?: () => boolean;
};

export type RealtimeOptions = {
  /** share rooms with the other nodes through Redis; without it, this node's sockets only */
  redisUrl?: string | undefined;
  /** the presenter behind realtime payloads; the HTTP answer's own by default */
  loadQueueAppointmentDocument?: LoadQueueAppointmentDocument;
  /** how long a dropped connection can come back with its rooms and the events it missed */
  recoveryWindowMs?: number;
};

export type Realtime = Awaited<ReturnType<typeof attachRealtime>>;

export async function attachRealtime(app: RealtimeHost, options: RealtimeOptions = {}) {
  const redis = options.redisUrl ? await createRedisAdapter(options.redisUrl, app.log) : undefined;
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    serveClient: false,
    // Clients only send subscribe/unsubscribe; a staff token with many location ids stays well below this.
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: {
      maxDisconnectionDuration: options.recoveryWindowMs ?? 2 * 60_000,
      skipMiddlewares: true,
    },
    ...(redis ? { adapter: redis.adapter } : {}),
    // A node whose event loop already lags refuses new connections (socket.io clients retry with
    // back-off), so a reconnect storm cannot take it over: the reconnect-storm test measured
    // /healthz waiting 6 s behind 2,000 handshakes without this.
    allowRequest: (_request, callback) => callback(null, !app.isUnderPressure?.()),
  });

  io.use(resolveSocketContext(app.caches.vendors, app.config.TRUST_PROXY));
  const staffSubscriptions = createStaffSubscriptions();
  const stopListening = app.staffSessionRevocations.listen({
    revoked: (revocation) => staffSubscriptions.revoke(revocation),
    missed: () => staffSubscriptions.recheckAll(),
  });
  const visitorLimitOf = visitorSubscribeLimits({
    counter: app.rateCounter,
    perAddress: app.config.RATE_LIMIT_LOOKUP_PER_MINUTE,
    log: app.log,
  });
  io.on("connection", (socket) =>
    handleChannelSubscriptions(socket, {
      db: app.database.db,
      secret: app.config.SESSION_SECRET,
      log: app.log,
      staffSubscriptions,
      visitorLimit: visitorLimitOf((socket.data as SocketData).address),
    }),
  );
  const bridge = broadcastDomainEvents({
    io,
    events: app.events,
    db: app.database.db,
    log: app.log,
    loadQueueAppointmentDocument:
      options.loadQueueAppointmentDocument ?? loadQueueAppointmentDocument,
    loadStaffChannelEntry,
  });

  // While Redis is away, events raised on other nodes never reach this node's sockets. When it
  // returns, their connections are closed: clients reconnect at once (socket.io's own retry) and
  // re-read what they show, as the web client does after every reconnect.
  let redisWasDown = false;
  const redisWatch = setInterval(() => {
    if (!redis) return;
    if (!redis.isReady()) redisWasDown = true;
    else if (redisWasDown) {
      redisWasDown = false;
      app.log.warn(
        { sockets: io.engine.clientsCount },
        "realtime: Redis is back; closing local connections so clients resync",
      );
      for (const socket of io.of("/").sockets.values()) socket.conn.close();
    }
  }, 250);
  redisWatch.unref();

  return {
    io,
    /** resolves once every domain event received so far has reached the adapter */
    idle: () => bridge.idle(),
    /**
     * Drops every connection (clients see a transport close and reconnect, to another node when
     * there is one, recovering their rooms) and leaves the HTTP server to app.close().
     */
    async close() {
      clearInterval(redisWatch);
      stopListening();
      bridge.stop();
      io.engine.close();
      await io.of("/").adapter.close();
      await redis?.close();
    },
  };
}
