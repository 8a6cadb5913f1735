// Whom an SMS reply comes from: the vendor that last texted the number (one sending number serves
// the whole deployment for now, so the number texted does not tell vendors apart), and the visit
// the reply is about: the visitor's open visit, else their latest.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/domain.ts";
import { matchLocale } from "../../../shared/locale.ts";
import { parseVendorSettings } from "../../../shared/vendor-settings.ts";
import type { DbOrTx } from "../../db/client.ts";
import { clients, locations, messages, queueAppointments, vendors } from "../../db/schema.ts";
import type { Synonyms } from "../../http/messages.ts";
import { vendorSendsSms } from "../compose-visitor-messages.ts";

export type SmsConversation = {
  vendorId: number;
  vendorName: string;
  synonyms: Synonyms | undefined;
  /** the vendor still sends texts (its SMS setting on) */
  sendsSms: boolean;
  /** the location and language of the last SMS the vendor sent the number */
  locationId: number | null;
  locationName: string | null;
  lang: Locale;
};

export type SmsVisit = {
  id: number;
  locationId: number;
  status: string;
  active: boolean;
};

/** The vendor that most recently sent an SMS to `phone`, or null when none ever did. */
export async function findSmsConversation(
  db: DbOrTx,
  phone: string,
): Promise<SmsConversation | null> {
  const [row] = await db
    .select({
      vendorId: messages.vendorId,
      vendorName: vendors.name,
      settings: vendors.settings,
      locationId: messages.locationId,
      locationName: locations.name,
      lang: messages.lang,
    })
    .from(messages)
    .innerJoin(vendors, eq(vendors.id, messages.vendorId))
    .leftJoin(locations, eq(locations.id, messages.locationId))
    .where(
      and(
        eq(messages.recipient, phone),
        eq(messages.direction, "outbound"),
        eq(messages.channel, "sms"),
        inArray(messages.provider, ["twilio", "log"]),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!row) return null;
  const settings = parseVendorSettings(row.settings);
  return {
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    synonyms: settings.synonyms,
    sendsSms: vendorSendsSms(settings),
    locationId: row.locationId,
    locationName: row.locationName,
    lang: matchLocale(row.lang) ?? DEFAULT_LOCALE,
  };
}

/** The visit of the vendor's visitor with this number: waiting or in progress first, else the latest. */
export async function findSmsVisit(
  db: DbOrTx,
  vendorId: number,
  phone: string,
): Promise<SmsVisit | null> {
  const active = sql<boolean>`${queueAppointments.status} in ('waiting', 'in_progress')`;
  const [row] = await db
    .select({
      id: queueAppointments.id,
      locationId: queueAppointments.locationId,
      status: queueAppointments.status,
      active,
    })
    .from(queueAppointments)
    .innerJoin(clients, eq(clients.id, queueAppointments.clientId))
    .where(and(eq(clients.vendorId, vendorId), eq(clients.cellPhone, phone)))
    .orderBy(desc(active), desc(queueAppointments.queuedAt), desc(queueAppointments.id))
    .limit(1);
  return row ?? null;
}
