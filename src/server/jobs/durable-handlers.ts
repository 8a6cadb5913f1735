// The product's durable event handlers, job tasks and recurring jobs, in one list that every node and the
// separate worker process (worker.ts) build alike, so a job queued anywhere is worked anywhere.
// Notifications, webhooks and report rollups add their handlers here.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { EmailTransport } from "../notifications/channels.ts";
import type { SiteLinks } from "../notifications/compose-visitor-messages.ts";
import { materialiseStaffShiftsJob } from "../staff/materialise-shifts.ts";
import { autoNoShowSweepJob } from "./auto-no-show-sweep.ts";
import { deliverPasswordResetTask } from "./deliver-password-reset.ts";
import { deliverStaffInvitationTask } from "./deliver-staff-invitation.ts";
import type { EventHandler } from "./event-handler.ts";
import type { RecurringJob } from "./job-queue.ts";
import type { JobTask } from "./job-task.ts";
import { notificationSweepJob } from "./notification-sweep.ts";
import { notifyAppointmentClientsHandler } from "./notify-appointment-clients.ts";
import { notifySignInFailuresHandler } from "./notify-sign-in-failures.ts";
import { notifyVisitorsHandler } from "./notify-visitors.ts";
import { purgeHandledEventsJob } from "./purge-handled-events.ts";
import { purgeTicketCountersJob } from "./purge-ticket-counters.ts";

export type JobDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** emails a job sends itself (those carrying a single-use link) */
  email: EmailTransport;
  /** where the links in messages point */
  site: SiteLinks;
  /** messages were queued: the sender of this process sends them now */
  wakeSender: () => void;
};

export function durableHandlers(deps: JobDeps): EventHandler[] {
  return [
    notifyVisitorsHandler(deps),
    notifyAppointmentClientsHandler(deps),
    notifySignInFailuresHandler(deps),
  ];
}

/** Work that commands queue outside their requests. */
export function jobTasks(deps: JobDeps): JobTask[] {
  return [deliverPasswordResetTask(deps), deliverStaffInvitationTask(deps)];
}

export function recurringJobs(deps: JobDeps): RecurringJob[] {
  return [
    purgeHandledEventsJob(deps.db, deps.config.HANDLED_EVENT_RETENTION_DAYS),
    purgeTicketCountersJob(deps.db),
    notificationSweepJob(deps.db, deps.site, deps.wakeSender),
    autoNoShowSweepJob(deps.db),
    materialiseStaffShiftsJob(deps.db),
  ];
}
