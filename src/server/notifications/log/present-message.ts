// A `messages` row as the message log and a visit's details show it (a JSON:API resource). A link's
// secret (a visit's confirm code, a token) is masked: staff read what was sent, not the key to it.
import type { MessageResource } from "../../../shared/contracts/messages.ts";
import type { messages } from "../../db/schema.ts";

export type MessageRow = typeof messages.$inferSelect;

/**
 * `code=`, `confirm_code=` and `token=` query values in links, up to the next separator; the same
 * pattern in PostgreSQL's syntax, so the log's search reads the text as it is shown.
 */
const LINK_SECRET = /([?&](?:code|confirm_code|token)=)[^\]&\s)>"']+/gi;
export const LINK_SECRET_SQL = `([?&](?:code|confirm_code|token)=)[^]&[:space:])>"']+`;
export const MASKED_SECRET = "…";

/** The text with every link secret masked. */
export function maskLinkSecrets(text: string): string {
  return text.replace(LINK_SECRET, `$1${MASKED_SECRET}`);
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const idOrNull = (id: number | null) => (id === null ? null : String(id));

export function presentMessage(row: MessageRow): MessageResource {
  return {
    type: "messages",
    id: String(row.id),
    attributes: {
      direction: row.direction,
      channel: row.channel,
      kind: row.kind,
      recipient: row.recipient,
      lang: row.lang,
      subject: row.subject === null ? null : maskLinkSecrets(row.subject),
      body: maskLinkSecrets(row.body),
      status: row.status,
      status_reason: row.statusReason,
      provider: row.provider,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      sent_at: iso(row.sentAt),
      delivered_at: iso(row.deliveredAt),
      location_id: idOrNull(row.locationId),
      queue_appointment_id: idOrNull(row.queueAppointmentId),
    },
  };
}
