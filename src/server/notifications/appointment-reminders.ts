// Reminders before a booked appointment, at the times the vendor names (booking.reminder_minutes,
// 24 hours and 1 hour before by default). The minute's sweep queues each reminder once its moment
// has come and before the appointment starts: once per appointment, version and offset (a moved
// appointment is reminded again for its new time; a cancelled one never, as it is no longer
// confirmed). A reminder whose moment came before the appointment was booked or last changed is
// not sent: whoever booked at 10:30 for 11:00 needs no "in one hour" at 10:31.
import { and, eq, gt, inArray, isNotNull, lte, ne, or } from "drizzle-orm";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, messages, vendors } from "../db/schema.ts";
import { composeAppointmentMessages } from "./compose-appointment-messages.ts";
import type { SiteLinks } from "./compose-visitor-messages.ts";
import { insertMessages } from "./message-store.ts";

const MINUTE = 60_000;
/** The furthest a reminder may be set ahead (the settings' limit): 14 days. */
const LONGEST_REMINDER_MINUTES = 20_160;

/** The cause of one reminder: its dedupe keys begin with it. */
export const reminderCause = (appointmentId: number, version: number, minutes: number) =>
  `reminder:${appointmentId}:v${version}:${minutes}`;

/** Queues the reminders now due; answers how many messages it queued. */
export async function queueAppointmentReminders(
  db: DbOrTx,
  options: { site: SiteLinks; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const upcoming = await db
    .select({
      id: appointments.id,
      version: appointments.version,
      startsAt: appointments.startsAt,
      changedAt: appointments.updatedAt,
      settings: vendors.settings,
    })
    .from(appointments)
    .innerJoin(vendors, eq(vendors.id, appointments.vendorId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(appointments.status, 1),
        // a client with no address to write to gets nothing, and is not composed for every minute
        or(
          and(isNotNull(clients.email), ne(clients.email, "")),
          and(isNotNull(clients.cellPhone), eq(clients.receiveSms, true)),
        ),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + LONGEST_REMINDER_MINUTES * MINUTE)),
      ),
    );

  const due: { appointmentId: number; cause: string }[] = [];
  const settingsOf = new Map<unknown, ReturnType<typeof parseVendorSettings>>();
  for (const row of upcoming) {
    let settings = settingsOf.get(row.settings);
    if (!settings) {
      settings = parseVendorSettings(row.settings);
      settingsOf.set(row.settings, settings);
    }
    for (const minutes of settings.booking.reminder_minutes) {
      const moment = row.startsAt.getTime() - minutes * MINUTE;
      if (moment > now.getTime() || moment < row.changedAt.getTime()) continue;
      due.push({ appointmentId: row.id, cause: reminderCause(row.id, row.version, minutes) });
    }
  }
  if (due.length === 0) return 0;

  // What an earlier sweep queued already (a reminder is composed once, not every minute).
  const sent = await db
    .select({ dedupeKey: messages.dedupeKey })
    .from(messages)
    .where(
      and(
        inArray(
          messages.appointmentId,
          due.map((reminder) => reminder.appointmentId),
        ),
        eq(messages.kind, "appointment_reminder"),
      ),
    );
  const causes = new Set(sent.map((row) => row.dedupeKey?.split(":appointment_reminder:")[0]));
  let queued = 0;
  for (const reminder of due) {
    if (causes.has(reminder.cause)) continue;
    const drafts = await composeAppointmentMessages(db, {
      appointmentId: reminder.appointmentId,
      kinds: ["appointment_reminder"],
      cause: reminder.cause,
      site: options.site,
    });
    queued += (await insertMessages(db, drafts)).length;
  }
  return queued;
}
