// What a provider's status callback says of an SMS it took: delivered, or failed with its error
// code. A status only moves forward: a delivered message is never failed afterwards, and the
// provider's intermediate reports (queued, sending, sent) change nothing the sender has not recorded.
import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { messages } from "../../db/schema.ts";

export type SmsStatusReport = {
  provider: string;
  providerMessageId: string;
  /** the provider's status word, e.g. Twilio's MessageStatus */
  status: string;
  errorCode?: string | undefined;
  now?: Date;
};

/** A visit whose messages changed: the lobby shows them on the visitor's details. */
export type VisitMessagesChange = {
  vendorId: number;
  locationId: number;
  queueAppointmentId: number;
};

/**
 * Applies the report. The messages it changed (none for an unknown id or no news), with the visit
 * each belongs to when it belongs to one.
 */
export async function recordSmsStatus(
  db: DbOrTx,
  report: SmsStatusReport,
): Promise<{ id: number; visit: VisitMessagesChange | null }[]> {
  const now = report.now ?? new Date();
  const theMessage = and(
    eq(messages.provider, report.provider),
    eq(messages.providerMessageId, report.providerMessageId),
    eq(messages.direction, "outbound"),
    eq(messages.channel, "sms"),
    ne(messages.status, "delivered"),
  );
  let changes: Partial<typeof messages.$inferInsert>;
  if (report.status === "delivered") {
    changes = { status: "delivered", deliveredAt: now, statusReason: null };
  } else if (report.status === "failed" || report.status === "undelivered") {
    changes = {
      status: "failed",
      statusReason: `${report.provider} ${report.errorCode || report.status}`,
    };
  } else {
    return [];
  }
  const rows = await db
    .update(messages)
    .set({ ...changes, updatedAt: now })
    .where(theMessage)
    .returning({
      id: messages.id,
      vendorId: messages.vendorId,
      locationId: messages.locationId,
      queueAppointmentId: messages.queueAppointmentId,
    });
  return rows.map((row) => ({
    id: row.id,
    visit:
      row.queueAppointmentId === null || row.locationId === null
        ? null
        : {
            vendorId: row.vendorId,
            locationId: row.locationId,
            queueAppointmentId: row.queueAppointmentId,
          },
  }));
}
