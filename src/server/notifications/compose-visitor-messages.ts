// The messages of a visit, ready to queue: for each kind asked, an email when the visitor gave an
// address, an SMS when they gave a mobile number and agreed to texts, the vendor sends SMS and the
// number has not replied STOP. Worded by the location's, the vendor's or the product's template in
// the visitor's language, with the visit as it is now (place in line, wait, desk, meeting link).
// Its `{ahead}` is the count the visitor's page shows (src/server/queue/place-in-line.ts).
import { and, eq } from "drizzle-orm";
import { LOCALES, type Locale } from "../../shared/domain.ts";
import { formatWaitDuration } from "../../shared/durations.ts";
import type { MessageChannel, MessageKind } from "../../shared/notifications/message-kinds.ts";
import { renderTemplate, templateVariables } from "../../shared/notifications/render-template.ts";
import { translated } from "../../shared/translations.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { DbOrTx } from "../db/client.ts";
import {
  clients,
  locations,
  queueAppointments,
  services,
  smsOptOuts,
  userLocations,
  users,
  vendors,
} from "../db/schema.ts";
import { countPeopleAhead } from "../queue/place-in-line.ts";
import { bookLink, manageLink, vendorLinkBase } from "./links.ts";
import type { MessageDraft } from "./message-store.ts";
import { resolveTemplates } from "./templates/resolve-template.ts";

export type SiteLinks = { publicUrl: string; defaultVendor: string };

export type ComposeVisitorMessages = {
  queueAppointmentId: number;
  kinds: readonly MessageKind[];
  /** what caused them: each draft's dedupe key is `${cause}:${kind}:${channel}` */
  cause: string;
  /** only these channels (a reply by SMS is answered by SMS) */
  channels?: readonly MessageChannel[];
  site: SiteLinks;
  now?: Date;
};

const asLocale = (lang: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(lang ?? "") ? (lang as Locale) : "en";

/** Whether the vendor sends texts at all: its SMS setting on and the opt-in not hidden. */
export function vendorSendsSms(settings: ReturnType<typeof parseVendorSettings>) {
  return (
    settings.client_view.sms_notifications &&
    settings.client_view.callback_contact_options.sms_notifications !== "hidden"
  );
}

export async function composeVisitorMessages(
  db: DbOrTx,
  request: ComposeVisitorMessages,
): Promise<MessageDraft[]> {
  const now = request.now ?? new Date();
  const [visit] = await db
    .select({
      id: queueAppointments.id,
      vendorId: queueAppointments.vendorId,
      locationId: queueAppointments.locationId,
      userId: queueAppointments.userId,
      callDesk: queueAppointments.callDesk,
      status: queueAppointments.status,
      queuedAt: queueAppointments.queuedAt,
      expectedStart: queueAppointments.expectedStart,
      quotedWaitSeconds: queueAppointments.quotedWaitSeconds,
      confirmCode: queueAppointments.confirmCode,
      ticket: queueAppointments.ticket,
      meetingLink: queueAppointments.meetingLink,
      dialIn: queueAppointments.dialIn,
      visitLang: queueAppointments.lang,
      clientLang: clients.lang,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
      cellPhone: clients.cellPhone,
      receiveSms: clients.receiveSms,
      locationName: locations.name,
      locationTranslations: locations.translations,
      locationAddress: locations.address,
      locationCity: locations.city,
      locationPhone: locations.phone,
      locationInstructions: locations.instructions,
      serviceName: services.name,
      serviceTranslations: services.translations,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
      vendorSettings: vendors.settings,
      feedbackShown: vendors.showQueueAppointmentFeedback,
    })
    .from(queueAppointments)
    .innerJoin(clients, eq(clients.id, queueAppointments.clientId))
    .innerJoin(locations, eq(locations.id, queueAppointments.locationId))
    .innerJoin(services, eq(services.id, queueAppointments.serviceId))
    .innerJoin(vendors, eq(vendors.id, queueAppointments.vendorId))
    .where(eq(queueAppointments.id, request.queueAppointmentId))
    .limit(1);
  if (!visit) return [];

  const settings = parseVendorSettings(visit.vendorSettings);
  const lang = asLocale(visit.clientLang ?? visit.visitLang);
  const wanted = (channel: MessageChannel) =>
    !request.channels || request.channels.includes(channel);
  const email = wanted("email") && visit.email ? visit.email : null;
  const sms = wanted("sms") && visit.receiveSms && visit.cellPhone && vendorSendsSms(settings);
  if (!email && !sms) return [];

  // What the messages need, read side by side; the place in line and the staff member only when
  // a kind names them.
  const needsLine = request.kinds.some((kind) => kind === "joined" || kind === "almost_turn");
  const needsStaff = request.kinds.some((kind) => kind.startsWith("called_"));
  const channels = (["email", "sms"] as const).filter((channel) =>
    channel === "email" ? Boolean(email) : Boolean(sms),
  );
  const [optedOut, base, ahead, staff, templates] = await Promise.all([
    sms && visit.cellPhone ? isOptedOut(db, visit.vendorId, visit.cellPhone) : false,
    vendorLinkBase(db, { id: visit.vendorId, slug: visit.vendorSlug }, request.site),
    needsLine ? countPeopleAhead(db, visit).then((ahead) => ahead ?? 0) : 0,
    needsStaff && visit.userId !== null ? staffOf(db, visit.userId, visit.locationId) : null,
    resolveTemplates(db, {
      vendorId: visit.vendorId,
      locationId: visit.locationId,
      lang,
      synonyms: settings.synonyms,
      pairs: request.kinds.flatMap((kind) => channels.map((channel) => ({ kind, channel }))),
    }),
  ]);
  const values = visitValues(visit, { lang, now, base, settings, ahead, staff });

  const drafts: MessageDraft[] = [];
  for (const kind of request.kinds) {
    for (const channel of channels) {
      const recipient = channel === "email" ? email : visit.cellPhone;
      if (!recipient) continue;
      const template = templates.get(`${kind} ${channel}`);
      if (!template) continue;
      const draft: MessageDraft = {
        vendorId: visit.vendorId,
        locationId: visit.locationId,
        queueAppointmentId: visit.id,
        channel,
        kind,
        recipient,
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

/**
 * The body with its variables filled in. A part that names a variable with nothing to say (no
 * instructions, no dial-in, no feedback link) is left out rather than sent half empty: a paragraph
 * of an email, a sentence of an SMS.
 */
export function renderBody(
  body: string,
  values: Record<string, string>,
  channel: MessageChannel,
): string {
  const filled = (part: string) =>
    templateVariables(part).every((name) => (values[name] ?? "") !== "");
  const render = (part: string) =>
    renderTemplate(part, values)
      .replace(/[ \t]{2,}/g, " ")
      .trim();
  if (channel === "email")
    return body
      .split(/\n{2,}/)
      .filter(filled)
      .map(render)
      .filter((part) => part !== "")
      .join("\n\n");
  return body
    .split("\n")
    .map((line) =>
      line
        .split(/(?<=[.!?。！？])\s+/)
        .filter(filled)
        .map(render)
        .filter((part) => part !== "")
        .join(" "),
    )
    .filter((line) => line !== "")
    .join("\n");
}

type VisitRow = {
  id: number;
  vendorId: number;
  locationId: number;
  userId: number | null;
  callDesk: string | null;
  status: string;
  queuedAt: Date;
  expectedStart: Date | null;
  quotedWaitSeconds: number | null;
  confirmCode: string;
  ticket: string | null;
  meetingLink: string | null;
  dialIn: { e164: string; international: string; pin?: string | undefined } | null;
  firstName: string;
  lastName: string;
  cellPhone: string | null;
  locationName: string;
  locationTranslations: { locale: string; field: string; content: string }[];
  locationAddress: string;
  locationCity: string;
  locationPhone: string | null;
  locationInstructions: string | null;
  serviceName: string;
  serviceTranslations: { locale: string; field: string; content: string }[];
  vendorName: string;
  feedbackShown: boolean;
};

/** Whether the number replied STOP to the vendor's texts. */
export function isOptedOut(db: DbOrTx, vendorId: number, phone: string): Promise<boolean> {
  return db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.vendorId, vendorId), eq(smsOptOuts.phone, phone)))
    .limit(1)
    .then((rows) => rows.length > 0);
}

/** The staff member serving the visit: their first name and their desk at the location. */
function staffOf(
  db: DbOrTx,
  userId: number,
  locationId: number,
): Promise<{ firstName: string; desk: string | null } | null> {
  return db
    .select({ firstName: users.firstName, desk: userLocations.desk })
    .from(users)
    .leftJoin(
      userLocations,
      and(eq(userLocations.userId, users.id), eq(userLocations.locationId, locationId)),
    )
    .where(eq(users.id, userId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

function visitValues(
  visit: VisitRow,
  context: {
    lang: Locale;
    now: Date;
    base: URL;
    settings: ReturnType<typeof parseVendorSettings>;
    ahead: number;
    staff: { firstName: string; desk: string | null } | null;
  },
): Record<string, string> {
  const { lang, now, base, settings, ahead } = context;
  const waitMinutes =
    visit.expectedStart !== null
      ? Math.max(0, Math.round((visit.expectedStart.getTime() - now.getTime()) / 60_000))
      : visit.quotedWaitSeconds !== null
        ? Math.round(visit.quotedWaitSeconds / 60)
        : null;
  const staffName = context.staff?.firstName ?? "";
  // The desk the visitor was called to, else the serving staff member's desk at the location.
  const desk = visit.callDesk ?? context.staff?.desk ?? "";
  const location = translated(visit.locationTranslations, "name", lang, visit.locationName);
  const manage = manageLink(base, { id: visit.id, confirmCode: visit.confirmCode, lang });
  const feedbackCollected = visit.feedbackShown && settings.features.queue_appointment_feedback;
  return {
    first_name: visit.firstName,
    last_name: visit.lastName,
    vendor: visit.vendorName,
    location,
    location_address: [visit.locationAddress, visit.locationCity].filter(Boolean).join(", "),
    service: translated(visit.serviceTranslations, "name", lang, visit.serviceName),
    manage_link: manage,
    // Places made before tickets have none; their messages leave the value empty.
    ticket: visit.ticket ?? "",
    book_link: bookLink(base, visit.locationId, lang),
    feedback_link: feedbackCollected ? manage : "",
    position: String(ahead + 1),
    ahead: String(ahead),
    wait: waitMinutes === null ? "" : formatWaitDuration(waitMinutes, lang),
    instructions:
      translated(
        visit.locationTranslations,
        "instructions",
        lang,
        visit.locationInstructions ?? "",
      ) ?? "",
    // Without a desk on record the visitor is sent to the location itself.
    desk: desk || location,
    staff_name: staffName || visit.vendorName,
    phone: visit.cellPhone ?? "",
    meeting_link: visit.meetingLink ?? "",
    dial_in: visit.dialIn?.international ?? "",
    dial_in_pin: visit.dialIn?.pin ?? "",
  };
}
