// A loopback TCP proxy the fault tests put between a server and what it depends on (PostgreSQL,
// Redis) or in front of several servers (a load balancer), so a dependency can be lost and
// restored without stopping the machine's shared PostgreSQL or Redis.
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";

export type ProxyMode = "open" | "refusing" | "silent";
/**
 * One connection passed on: the client's port, the target's, when it connected (the proxy's
 * clock), and the proxy's own port on the target's side (what the target sees as the peer).
 */
export type Routed = {
  clientPort: number | undefined;
  port: number;
  at: number;
  upstreamPort: number | undefined;
};

export type TcpProxy = {
  readonly port: number;
  readonly mode: ProxyMode;
  /** connections piped right now */
  openConnections(): number;
  /** every connection forwarded so far: from which client port, to which target port, and when (performance.now()) */
  routed(): readonly Routed[];
  /**
   * As a dependency that went down: every piped connection is dropped and new ones are refused
   * (connection refused), until restore().
   */
  cut(): Promise<void>;
  /**
   * As a host that vanished from the network: piped connections are dropped, new ones are
   * accepted but never answered (the client's connect timeout is what ends them), until restore().
   */
  silence(): Promise<void>;
  /** forwards again, on the same port */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Listens on `port` (or a free one) and forwards each connection to the first of `targets` that
 * accepts it, taking them in turn, as a load balancer with passive health checks does.
 */
export async function startTcpProxy(options: {
  targets: number[];
  port?: number;
}): Promise<TcpProxy> {
  const { targets } = options;
  if (targets.length === 0) throw new Error("a proxy needs a target");
  let mode: ProxyMode = "open";
  let next = 0;
  const piped = new Set<Socket>();
  const routed: Routed[] = [];
  const held = new Set<Socket>();
  let server: Server | null = null;

  const forward = (incoming: Socket, first: number, attempt: number) => {
    const port = targets[(first + attempt) % targets.length]!;
    const outgoing = connect(port, "127.0.0.1");
    incoming.pause();
    outgoing.once("connect", () => {
      if (mode !== "open" || incoming.destroyed) {
        outgoing.destroy();
        return;
      }
      routed.push({
        clientPort: incoming.remotePort,
        port,
        at: performance.now(),
        upstreamPort: outgoing.localPort,
      });
      for (const socket of [incoming, outgoing]) {
        piped.add(socket);
        socket.once("close", () => piped.delete(socket));
      }
      incoming.on("error", () => outgoing.destroy());
      outgoing.on("error", () => incoming.destroy());
      incoming.on("close", () => outgoing.destroy());
      outgoing.on("close", () => incoming.destroy());
      incoming.pipe(outgoing);
      outgoing.pipe(incoming);
      incoming.resume();
    });
    outgoing.once("error", () => {
      if (outgoing.connecting === false && piped.has(outgoing)) return;
      // That target refused: try the next one, as long as some have not been tried.
      if (attempt + 1 < targets.length && !incoming.destroyed)
        forward(incoming, first, attempt + 1);
      else incoming.destroy();
    });
  };

  const accept = (incoming: Socket) => {
    incoming.on("error", () => {});
    if (mode === "silent") {
      held.add(incoming);
      incoming.once("close", () => held.delete(incoming));
      return;
    }
    if (mode !== "open") {
      incoming.destroy();
      return;
    }
    const first = next;
    next = (next + 1) % targets.length;
    forward(incoming, first, 0);
  };

  let port = options.port ?? 0;
  const listen = async () => {
    const created = createServer(accept);
    created.listen(port, "127.0.0.1");
    await once(created, "listening");
    const address = created.address();
    if (!address || typeof address === "string") throw new Error("proxy has no port");
    port = address.port;
    server = created;
  };
  const stopListening = async () => {
    const current = server;
    server = null;
    if (!current) return;
    const closed = once(current, "close");
    current.close();
    await closed;
  };
  const dropAll = () => {
    for (const socket of [...piped, ...held]) socket.destroy();
  };

  await listen();

  return {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    openConnections: () => piped.size / 2,
    routed: () => routed,
    async cut() {
      mode = "refusing";
      dropAll();
      // Closing the listener makes new connections fail at once with ECONNREFUSED.
      await stopListening();
    },
    async silence() {
      mode = "silent";
      dropAll();
      if (!server) await listen();
    },
    async restore() {
      for (const socket of held) socket.destroy();
      mode = "open";
      if (!server) await listen();
    },
    async close() {
      mode = "refusing";
      dropAll();
      await stopListening();
    },
  };
}
