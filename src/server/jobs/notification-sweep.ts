// Recurring job, every minute: what time alone makes due — "almost your turn" for lines that moved
// without a recalculation this node heard of, long-wait alerts to a location's staff, and the
// reminders before booked appointments.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queueAppointments } from "../db/schema.ts";
import { queueAlmostTurnMessages } from "../notifications/almost-turn.ts";
import { queueAppointmentReminders } from "../notifications/appointment-reminders.ts";
import type { SiteLinks } from "../notifications/compose-visitor-messages.ts";
import { queueLongWaitAlerts } from "../notifications/long-wait-alerts.ts";
import type { RecurringJob } from "./job-queue.ts";

export async function sweepNotifications(
  db: Db,
  options: { site: SiteLinks; now?: Date },
): Promise<number> {
  const lines = await db
    .selectDistinct({
      vendorId: queueAppointments.vendorId,
      locationId: queueAppointments.locationId,
    })
    .from(queueAppointments)
    .where(and(eq(queueAppointments.status, "waiting")));
  let queued = 0;
  for (const line of lines)
    queued += await queueAlmostTurnMessages(db, {
      ...line,
      site: options.site,
      ...(options.now ? { now: options.now } : {}),
    });
  queued += await queueLongWaitAlerts(db, options);
  queued += await queueAppointmentReminders(db, options);
  return queued;
}

export function notificationSweepJob(
  db: Db,
  site: SiteLinks,
  wakeSender: () => void,
): RecurringJob {
  return {
    name: "notification-sweep",
    cron: "* * * * *",
    async run() {
      if ((await sweepNotifications(db, { site })) > 0) wakeSender();
    },
  };
}
