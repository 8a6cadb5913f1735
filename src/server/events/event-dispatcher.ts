// Hands committed domain events to their handlers, at least once, in sequence order. A node claims
// a batch of undispatched events for a lease (other nodes skip them), runs the live handlers,
// queues one job per durable handler (a job id fixed per handler and event, so a second dispatch
// queues nothing), then deletes the batch from the outbox. A node that dies holding a lease loses
// nothing: when the lease runs out, any node (its own successor included) claims the batch again.
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, executeRows } from "../db/client.ts";
import type { EventHandler } from "../jobs/event-handler.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { AggregateType, DispatchedEvent, DomainEventType } from "./outbox.ts";

/** How long a claim on events lasts unless EVENT_LEASE_MS says otherwise. */
export const DEFAULT_EVENT_LEASE_MS = 30_000;

export type EventDispatcherOptions = {
  db: Db;
  handlers: readonly EventHandler[];
  /** where durable handlers' jobs go; null only when no handler is durable */
  jobs: Pick<JobQueue, "enqueue"> | null;
  log: FastifyBaseLogger;
  /** how long a claimed batch is this node's before another node may take it over */
  leaseMs?: number;
  /** how often the outbox is read without being woken (other nodes' events, expired leases) */
  pollMs?: number;
  batchSize?: number;
};

type ClaimedRow = {
  id: string | number;
  vendor_id: number;
  type: string;
  aggregate_type: string;
  aggregate_id: string | number;
  payload: Record<string, unknown>;
  occurred_at: string | Date;
};

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;

export function createEventDispatcher(options: EventDispatcherOptions) {
  const { db, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_EVENT_LEASE_MS;
  const pollMs = options.pollMs ?? 250;
  const batchSize = options.batchSize ?? 256;
  const live = options.handlers.filter((handler) => handler.delivery === "live");
  if (options.handlers.some((handler) => handler.delivery === "durable") && !options.jobs)
    throw new Error("durable event handlers need a job queue");

  let running: Promise<void> | null = null;
  let again = false;
  /**
   * The highest id this node has dispatched. Its own wake-ups read only above it: the key index
   * keeps the entries of handed-on rows until vacuum, and under a stream of joins a scan from the
   * start stepped over tens of thousands of them on every wake-up (it doubled the database's CPU
   * per join). The poll reads the whole outbox, so an event committed after a
   * higher one (its id drawn first), another node's leftovers and lapsed leases wait at most
   * one poll.
   */
  let floor = 0;
  let fullScanDue = true;
  /** whether the next pass reads the outbox: not when it only hands on what this node handed off */
  let readDue = true;
  /** events this node wrote already claimed (joins), to hand on without reading them back */
  const handedOff: DispatchedEvent[] = [];
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  const idleWaiters: (() => void)[] = [];

  async function claim(above: number): Promise<DispatchedEvent[]> {
    const rows = await executeRows<ClaimedRow>(
      db,
      sql`
      update domain_events set lease_until = now() + ${leaseMs} * interval '1 millisecond'
      where id in (
        select id from domain_events
        where (lease_until is null or lease_until < now()) and id > ${above}
        order by id
        limit ${batchSize}
        for update skip locked
      )
      returning id, vendor_id, type, aggregate_type, aggregate_id, payload, occurred_at`,
    );
    return rows
      .map((row) => ({
        id: Number(row.id),
        vendorId: row.vendor_id,
        type: row.type as DomainEventType,
        aggregateType: row.aggregate_type as AggregateType,
        aggregateId: Number(row.aggregate_id),
        payload: row.payload,
        occurredAt: new Date(row.occurred_at),
      }))
      .sort((a, b) => a.id - b.id);
  }

  async function runLive(event: DispatchedEvent) {
    for (const handler of live) {
      if (!handler.handles.includes(event.type)) continue;
      try {
        await handler.handle(event, handler.payload.parse(event.payload));
      } catch (error) {
        // A live effect is a convenience that the next change repairs (a page resyncs, a cache
        // expires); one failure must not hold back the events behind it.
        log.error(
          { err: error, eventId: event.id, type: event.type, handler: handler.name },
          "live event handler failed",
        );
      }
    }
  }

  /** Live handlers, then durable jobs, then the row's deletion: every batch, once claimed. */
  async function handOn(events: readonly DispatchedEvent[]) {
    for (const event of events) await runLive(event);
    await options.jobs?.enqueue(events);
    const ids = events.map((event) => event.id);
    // Handed on: the row goes. A delete only marks the row, where marking it dispatched wrote a
    // new version of it (bench:join: 58 % of the baseline with the mark, 66 % without).
    await db.execute(sql`
      delete from domain_events where id in (select unnest(${`{${ids.join(",")}}`}::bigint[]))`);
    floor = Math.max(floor, ...ids);
  }

  /**
   * One batch: claim, run the live handlers (what a person is watching: realtime comes first),
   * queue the durable handlers' jobs, delete the rows. True if the batch was full.
   */
  async function dispatchBatch(above: number): Promise<boolean> {
    const events = await claim(above);
    if (events.length === 0) return false;
    await handOn(events);
    return events.length === batchSize;
  }

  async function pass() {
    const above = fullScanDue ? 0 : floor;
    const read = readDue || fullScanDue;
    fullScanDue = false;
    readDue = false;
    try {
      // What this node claimed as it wrote it comes first, in batches of what arrived together.
      while (handedOff.length > 0) {
        const batch = handedOff.splice(0, batchSize).sort((a, b) => a.id - b.id);
        try {
          await handOn(batch);
        } catch (error) {
          // Not lost: its lease lapses and a poll claims it again.
          log.warn({ err: error }, "handing on claimed events failed; they will be read again");
        }
      }
      if (read) while (await dispatchBatch(above)) {}
    } catch (error) {
      // The database is away or the job queue refused: the lease runs out and the batch is
      // claimed again, here or on another node.
      log.warn({ err: error }, "event dispatch failed; retrying shortly");
    }
  }

  function wake(fullScan = false, read = true) {
    if (fullScan) fullScanDue = true;
    if (read) readDue = true;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }

  return {
    /** Starts reading the outbox: now, on every wake, and every `pollMs`. */
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => wake(true), pollMs);
      timer.unref();
      wake(true);
    },
    /** This node committed events: dispatch them now rather than at the next poll. */
    wake: () => wake(),
    /**
     * This node committed these events already claimed (their lease set as they were written):
     * hand them on now, without reading them back. If the node dies first, the lease lapses and
     * any node's poll takes them over.
     */
    handOff(events: readonly DispatchedEvent[]) {
      handedOff.push(...events);
      wake(false, false);
    },
    /** Resolves when every event committed before the call has been dispatched (tests, shutdown). */
    async drain() {
      for (;;) {
        if (running) await new Promise<void>((resolve) => idleWaiters.push(resolve));
        const left = await executeRows(db, sql`select 1 from domain_events limit 1`);
        if (left.length === 0 || stopped) return;
        wake(true);
        if (!running) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /**
     * Stops reading, after one last pass that hands on what this node committed (shutdown): the
     * batch under way finishes, and what a failure leaves is claimed again when its lease lapses.
     */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
      fullScanDue = true;
      await pass();
    },
  };
}
