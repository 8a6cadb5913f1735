// The product's durable event handlers and recurring jobs, in one list that every node and the
// separate worker process (worker.ts) build alike, so a job queued anywhere is worked anywhere.
// Notifications, webhooks and report rollups add their handlers here.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { EventHandler } from "./event-handler.ts";
import type { RecurringJob } from "./job-queue.ts";
import { purgeHandledEventsJob } from "./purge-handled-events.ts";

export type JobDeps = { db: Db; config: Config; log: FastifyBaseLogger };

export function durableHandlers(_deps: JobDeps): EventHandler[] {
  return [];
}

export function recurringJobs(deps: JobDeps): RecurringJob[] {
  return [purgeHandledEventsJob(deps.db, deps.config.HANDLED_EVENT_RETENTION_DAYS)];
}
