// The load side of `npm run bench:join`, in its own process (clients and server are different
// machines in real life, and autocannon must not share the server's event loop): runs autocannon
// for each run the parent sends and answers with the figures.
import autocannon from "autocannon";

export type LoadRun = {
  url: string;
  path: string;
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  /** request bodies, sent in turn */
  bodies: string[];
  /** every request gets the Idempotency-Key `${keyPrefix}-${n}`, so none is a replay */
  keyPrefix: string;
};

export type LoadFigures = {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** filled in by the server side: database statements and CPU milliseconds per request */
  statementsPerRequest?: number;
  /** join runs: the places found in the database afterwards */
  written?: number;
  appCpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
};

process.on("message", async (run: LoadRun) => {
  let sent = 0;
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.durationS,
    requests: [
      {
        method: "POST",
        path: run.path,
        headers: run.headers,
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            body: run.bodies[sent % run.bodies.length],
            headers: { ...run.headers, "idempotency-key": `${run.keyPrefix}-${sent}` },
          };
        },
      },
    ],
  });
  const figures: LoadFigures = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
  };
  process.send?.(figures);
});

process.on("disconnect", () => process.exit(0));
