// The durable job queue: pg-boss on the product's own database (PostgreSQL, or the embedded PGlite
// through pg-boss's PGlite adapter). Durable event handlers get one queue each, retried with
// exponential backoff and then moved to the dead-letter queue a platform admin can read; recurring
// jobs (retention) are scheduled here too.
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, type JobResult, PgBoss } from "pg-boss";
import { z } from "zod";
import type { DispatchedEvent } from "../events/outbox.ts";
import { type EventHandler, handlerJobId, handlerQueue } from "./event-handler.ts";
import { type JobTask, type JobTaskRef, taskQueue } from "./job-task.ts";

export const DEAD_LETTER_QUEUE = "dead-letters";

export type RetryPolicy = {
  retryLimit: number;
  /** seconds */
  retryDelay: number;
  retryBackoff: boolean;
  /** seconds; with backoff only */
  retryDelayMax: number;
};

/** Retries of a failing durable job: about 1 s, 2 s, 4 s … capped at 10 min, ten retries in all. */
export const DURABLE_RETRY: RetryPolicy = {
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 600,
};

export type JobConnection =
  | { kind: "pglite"; client: PGlite }
  | { kind: "postgres"; url: string; poolSize?: number };

/** A recurring job: a cron schedule (UTC) and what it does. */
export type RecurringJob = {
  name: string;
  cron: string;
  run(): Promise<void>;
};

/** What each durable job carries: the event, as the dispatcher handed it on. */
const eventJobData = z.object({
  eventId: z.number().int(),
  vendorId: z.number().int(),
  type: z.string(),
  aggregateType: z.string(),
  aggregateId: z.number().int(),
  occurredAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
type EventJobData = z.infer<typeof eventJobData>;

/** How many jobs `sendMany` inserts with one statement. */
const SEND_MANY_CHUNK = 1_000;
/** How many jobs of one handler a worker takes at a time. */
const JOB_BATCH_SIZE = 32;
/** How many of a batch's objects a worker handles at once (each object's jobs in order). */
const JOB_CONCURRENCY = 8;

function eventOf(data: EventJobData): DispatchedEvent {
  return {
    id: data.eventId,
    vendorId: data.vendorId,
    type: data.type as DispatchedEvent["type"],
    aggregateType: data.aggregateType as DispatchedEvent["aggregateType"],
    aggregateId: data.aggregateId,
    payload: data.payload,
    occurredAt: new Date(data.occurredAt),
  };
}

export type DeadJob = {
  id: string;
  queue: string;
  eventId: number | null;
  eventType: string | null;
  failedAt: string;
  attempts: number;
  error: string | null;
};

export type JobQueueOptions = {
  connection: JobConnection;
  handlers: readonly EventHandler[];
  /** work that commands queue outside their requests (job-task.ts) */
  tasks?: readonly JobTask[];
  recurring?: readonly RecurringJob[];
  log: FastifyBaseLogger;
  /** run this node's workers (durable handlers and recurring jobs); false only queues */
  work: boolean;
  /** retries of durable jobs; DURABLE_RETRY unless a test shortens them */
  retry?: Partial<RetryPolicy>;
};

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(options: JobQueueOptions) {
  const { connection, log } = options;
  const durable = options.handlers.filter((handler) => handler.delivery === "durable");
  const { retryDelayMax, ...fixed } = { ...DURABLE_RETRY, ...options.retry };
  // pg-boss takes a maximum delay only with backoff.
  const retry = fixed.retryBackoff ? { ...fixed, retryDelayMax } : fixed;
  const boss =
    connection.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(connection.client),
          backend: "pglite",
          useListenNotify: true,
          registerInstance: false,
        })
      : new PgBoss({
          connectionString: connection.url,
          max: connection.poolSize ?? 4,
          useListenNotify: true,
          registerInstance: false,
        });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));
  let started = false;

  return {
    boss,
    /** Creates the queues (idempotent) and, when this node works, starts its workers. */
    async start() {
      await boss.start();
      started = true;
      await boss.createQueue(DEAD_LETTER_QUEUE);
      for (const handler of durable) {
        await boss.createQueue(handlerQueue(handler), {
          ...retry,
          deadLetter: DEAD_LETTER_QUEUE,
          notify: true,
        });
      }
      for (const task of options.tasks ?? []) {
        await boss.createQueue(taskQueue(task), {
          ...retry,
          deadLetter: DEAD_LETTER_QUEUE,
          notify: true,
        });
      }
      for (const job of options.recurring ?? []) {
        await boss.createQueue(job.name);
        await boss.schedule(job.name, job.cron);
      }
      if (!options.work) return;
      for (const task of options.tasks ?? []) {
        await boss.work(
          taskQueue(task),
          { batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await task.run(job.data);
            } catch (error) {
              log.warn(
                { err: error, job: job.id, task: task.name },
                "job task failed; it will be retried",
              );
              throw error;
            }
          },
        );
      }
      for (const handler of durable) {
        await boss.work<EventJobData>(
          handlerQueue(handler),
          {
            // Jobs come in batches, each settled on its own: a backlog (after a restart, an
            // outage of a receiver) drains at the handler's pace, not one job per poll.
            batchSize: JOB_BATCH_SIZE,
            perJobResults: true,
            burstWhenBatchFull: true,
            // Retries fall due on their own schedule, which no notification announces.
            pollingIntervalSeconds: 1,
            notifyPollingIntervalSeconds: 1,
          },
          async (jobs) => {
            const settle = async (job: (typeof jobs)[number]): Promise<JobResult> => {
              try {
                const event = eventOf(eventJobData.parse(job.data));
                await handler.handle(event, handler.payload.parse(event.payload));
                return { id: job.id, status: "completed" };
              } catch (error) {
                log.warn(
                  { err: error, job: job.id, handler: handler.name, retry: job.retryCount },
                  "durable event handler failed; it will be retried",
                );
                return {
                  id: job.id,
                  status: "failed",
                  output: { message: error instanceof Error ? error.message : String(error) },
                };
              }
            };
            // In the order they were queued for each object: a receiver sees an object's events
            // in sequence. Different objects' events go side by side, a few at a time: worked one
            // after another, a handler of a few database round trips fell behind a minute of
            // calls at one visitor every two seconds per core (bench:notify).
            const byObject = new Map<string, (typeof jobs)[number][]>();
            for (const job of jobs) {
              const data = job.data as Partial<EventJobData> | undefined;
              const key = `${data?.aggregateType ?? "job"} ${data?.aggregateId ?? job.id}`;
              byObject.set(key, [...(byObject.get(key) ?? []), job]);
            }
            const groups = [...byObject.values()];
            const settled = new Map<string, JobResult>();
            await Promise.all(
              Array.from({ length: Math.min(JOB_CONCURRENCY, groups.length) }, async () => {
                for (let group = groups.shift(); group; group = groups.shift())
                  for (const job of group) settled.set(job.id, await settle(job));
              }),
            );
            const results = jobs.map((job) => settled.get(job.id)!);
            return results;
          },
        );
      }
      for (const job of options.recurring ?? []) {
        await boss.work(job.name, async () => {
          await job.run();
        });
      }
    },

    /** Queues one job per durable handler of each event; an event queued before is not queued again. */
    async enqueue(events: readonly DispatchedEvent[]) {
      for (const handler of durable) {
        const jobs = events
          .filter((event) => handler.handles.includes(event.type))
          .map((event) => ({
            id: handlerJobId(handler, event.id),
            data: {
              eventId: event.id,
              vendorId: event.vendorId,
              type: event.type,
              aggregateType: event.aggregateType,
              aggregateId: event.aggregateId,
              occurredAt: event.occurredAt.toISOString(),
              payload: event.payload,
            } satisfies EventJobData,
          }));
        if (jobs.length > 0) await boss.insert(handlerQueue(handler), jobs);
      }
    },

    /** Queues one job of a task; the caller's request does no more of the task's work. */
    async send<P>(task: JobTaskRef<P>, data: P): Promise<void> {
      await boss.send(taskQueue(task), data as object);
    },

    /**
     * Queues one job of a task per payload, in one insert per thousand: thousands of jobs at once
     * (the invitations of a staff import) without a round trip each.
     */
    async sendMany<P>(task: JobTaskRef<P>, data: readonly P[]): Promise<void> {
      for (let start = 0; start < data.length; start += SEND_MANY_CHUNK) {
        await boss.insert(
          taskQueue(task),
          data.slice(start, start + SEND_MANY_CHUNK).map((item) => ({ data: item as object })),
        );
      }
    },

    /** Jobs that failed every retry, newest first, with the last error of each. */
    async listDead(limit = 200): Promise<DeadJob[]> {
      const dead = await boss.findJobs<Partial<EventJobData>>(DEAD_LETTER_QUEUE, {
        limit: 100_000,
      });
      const listed = await Promise.all(
        dead
          .filter((job) => job.state === "created" || job.state === "retry")
          .slice(-limit)
          .reverse()
          .map(async (job): Promise<DeadJob> => {
            const source = job.sourceName ?? null;
            const originalId = job.sourceId ?? null;
            const original =
              source && originalId ? await boss.findJobs(source, { id: originalId }) : [];
            const output = original[0]?.output as { message?: unknown } | undefined;
            return {
              id: job.id,
              queue: source ?? DEAD_LETTER_QUEUE,
              eventId: typeof job.data.eventId === "number" ? job.data.eventId : null,
              eventType: typeof job.data.type === "string" ? job.data.type : null,
              failedAt: (original[0]?.completedOn ?? job.createdOn).toISOString(),
              attempts: (original[0]?.retryCount ?? 0) + 1,
              error: typeof output?.message === "string" ? output.message : null,
            };
          }),
      );
      return listed;
    },

    /** Puts a dead job's event back on its handler's queue and takes it off the dead list. */
    async retryDead(id: string): Promise<boolean> {
      const [job] = await boss.findJobs<Partial<EventJobData>>(DEAD_LETTER_QUEUE, { id });
      if (!job?.sourceName || (job.state !== "created" && job.state !== "retry")) return false;
      await boss.send(job.sourceName, job.data);
      await boss.deleteJob(DEAD_LETTER_QUEUE, id);
      return true;
    },

    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
}
