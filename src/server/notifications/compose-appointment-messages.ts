// The messages of a booked appointment, ready to queue: for each kind asked, an email when the
// client gave an address, an SMS when they gave a mobile number and agreed to texts, the vendor
// sends SMS and the number has not replied STOP (kept in the log as suppressed). Worded by the
// location's, the vendor's or the product's template in the appointment's language, with its start
// in the location's zone. Each draft names the appointment: the sender attaches its calendar file.
import { eq } from "drizzle-orm";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import type { MessageKind } from "../../shared/notifications/message-kinds.ts";
import { renderTemplate } from "../../shared/notifications/render-template.ts";
import { translated } from "../../shared/translations.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import { appointments, clients, locations, services, users, vendors } from "../db/schema.ts";
import { translate } from "../http/messages.ts";
import { boardName } from "../tv/board-name.ts";
import {
  isOptedOut,
  renderBody,
  type SiteLinks,
  vendorSendsSms,
} from "./compose-visitor-messages.ts";
import { bookAppointmentLink, manageAppointmentLink, vendorLinkBase } from "./links.ts";
import type { MessageDraft } from "./message-store.ts";
import { resolveTemplates } from "./templates/resolve-template.ts";

export type AppointmentMessageKind = Extract<MessageKind, `appointment_${string}`>;

const IN_PERSON = 1;
const OFF_SITE = 4;

const asLocale = (lang: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(lang ?? "") ? (lang as Locale) : "en";

/** The start as the client reads it: the date and the time in the location's zone and language. */
export function appointmentWhen(start: Date, timeZone: string, lang: Locale) {
  return {
    date: new Intl.DateTimeFormat(lang, { dateStyle: "full", timeZone }).format(start),
    time: new Intl.DateTimeFormat(lang, { timeStyle: "short", timeZone }).format(start),
  };
}

export async function composeAppointmentMessages(
  db: DbOrTx,
  request: {
    appointmentId: number;
    kinds: readonly AppointmentMessageKind[];
    /** what caused them: each draft's dedupe key is `${cause}:${kind}:${channel}` */
    cause: string;
    site: SiteLinks;
  },
): Promise<MessageDraft[]> {
  const [row] = await db
    .select({
      id: appointments.id,
      vendorId: appointments.vendorId,
      locationId: appointments.locationId,
      userId: appointments.userId,
      startsAt: appointments.startsAt,
      meetingMethod: appointments.meetingMethod,
      destination: appointments.destination,
      confirmCode: appointments.confirmCode,
      appointmentLang: appointments.lang,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      cellPhone: clients.cellPhone,
      receiveSms: clients.receiveSms,
      locationName: locations.name,
      locationTranslations: locations.translations,
      locationAddress: locations.address,
      locationCity: locations.city,
      timezone: locations.timezone,
      serviceName: services.name,
      serviceTranslations: services.translations,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
      vendorSettings: vendors.settings,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(locations, eq(locations.id, appointments.locationId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(vendors, eq(vendors.id, appointments.vendorId))
    .where(eq(appointments.id, request.appointmentId))
    .limit(1);
  // An appointment without a client (staff blocked the time) has no one to tell.
  if (!row) return [];

  const settings = parseVendorSettings(row.vendorSettings);
  // The language the client booked in: the calendar file and the manage page are in it too.
  const lang = asLocale(row.appointmentLang);
  const email = row.email || null;
  const phone = row.receiveSms && row.cellPhone && vendorSendsSms(settings) ? row.cellPhone : null;
  if (!email && !phone) return [];
  const channels = (["email", "sms"] as const).filter((channel) =>
    channel === "email" ? email !== null : phone !== null,
  );

  const [optedOut, base, staff, templates] = await Promise.all([
    phone ? isOptedOut(db, row.vendorId, phone) : false,
    vendorLinkBase(db, { id: row.vendorId, slug: row.vendorSlug }, request.site),
    row.userId === null
      ? null
      : db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1)
          .then((rows) => rows[0] ?? null),
    resolveTemplates(db, {
      vendorId: row.vendorId,
      locationId: row.locationId,
      lang,
      synonyms: settings.synonyms,
      pairs: request.kinds.flatMap((kind) => channels.map((channel) => ({ kind, channel }))),
    }),
  ]);

  const location = translated(row.locationTranslations, "name", lang, row.locationName);
  const values: Record<string, string> = {
    first_name: row.firstName,
    last_name: row.lastName,
    vendor: row.vendorName,
    location,
    // Where to go: the location in person, the client's own address off site, nowhere for a call.
    location_address:
      row.meetingMethod === IN_PERSON
        ? [row.locationAddress, row.locationCity].filter(Boolean).join(", ")
        : row.meetingMethod === OFF_SITE
          ? (row.destination ?? "")
          : "",
    service: translated(row.serviceTranslations, "name", lang, row.serviceName),
    ...appointmentWhen(row.startsAt, row.timezone, lang),
    staff_name: staff ? boardName(staff.firstName, staff.lastName) : "",
    meeting_method: translate(lang, `Calendar.method.${row.meetingMethod}`),
    manage_link: manageAppointmentLink(base, {
      id: row.id,
      confirmCode: row.confirmCode,
      lang,
    }),
    code: row.confirmCode,
    book_link: bookAppointmentLink(base, row.locationId, lang),
  };

  const drafts: MessageDraft[] = [];
  for (const kind of request.kinds) {
    for (const channel of channels) {
      const template = templates.get(`${kind} ${channel}`);
      if (!template) continue;
      const draft: MessageDraft = {
        vendorId: row.vendorId,
        locationId: row.locationId,
        appointmentId: row.id,
        channel,
        kind,
        recipient: (channel === "email" ? email : phone)!,
        lang,
        subject: template.subject === null ? null : renderTemplate(template.subject, values),
        body: renderBody(template.body, values, channel),
        dedupeKey: `${request.cause}:${kind}:${channel}`,
      };
      // Kept in the log, never sent: the number replied STOP.
      if (channel === "sms" && optedOut) {
        draft.status = "suppressed";
        draft.statusReason = "opted_out";
      }
      drafts.push(draft);
    }
  }
  return drafts;
}
