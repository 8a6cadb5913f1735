// The long-wait alert: when a visitor has waited longer than their location's threshold (off unless
// set), each staff member of the location is emailed once for that place in line, in their own
// language. Checked every minute by the notification sweep.
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { LOCALES, type Locale, ROLES } from "../../shared/domain.ts";
import { renderTemplate } from "../../shared/notifications/render-template.ts";
import { effectiveNotificationSettings } from "../../shared/notifications/settings.ts";
import { translated } from "../../shared/translations.ts";
import { parseVendorSettings } from "../../shared/vendor-settings.ts";
import type { Db } from "../db/client.ts";
import {
  clients,
  locations,
  messages,
  queueAppointments,
  userLocations,
  users,
  vendors,
} from "../db/schema.ts";
import type { SiteLinks } from "./compose-visitor-messages.ts";
import { lobbyLink, vendorLinkBase } from "./links.ts";
import { insertMessages, type MessageDraft } from "./message-store.ts";
import { resolveTemplate } from "./templates/resolve-template.ts";

const asLocale = (lang: string): Locale =>
  (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : "en";

/** Queues the alerts owed now across every vendor; resolves with how many. */
export async function queueLongWaitAlerts(
  db: Db,
  options: { site: SiteLinks; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const places = await db
    .select({
      id: locations.id,
      vendorId: locations.vendorId,
      name: locations.name,
      translations: locations.translations,
      settings: locations.notificationSettings,
      vendorName: vendors.name,
      vendorSlug: vendors.slug,
      vendorSettings: vendors.settings,
    })
    .from(locations)
    .innerJoin(vendors, eq(vendors.id, locations.vendorId));
  let queued = 0;
  for (const place of places) {
    const vendorSettings = parseVendorSettings(place.vendorSettings);
    const { long_wait_alert_minutes: minutes } = effectiveNotificationSettings(
      vendorSettings.notifications,
      place.settings,
    );
    if (minutes === null) continue;
    const waiting = await db
      .select({
        id: queueAppointments.id,
        queuedAt: queueAppointments.queuedAt,
        firstName: clients.firstName,
        lastName: clients.lastName,
      })
      .from(queueAppointments)
      .innerJoin(clients, eq(clients.id, queueAppointments.clientId))
      .where(
        and(
          eq(queueAppointments.locationId, place.id),
          eq(queueAppointments.status, "waiting"),
          lte(queueAppointments.queuedAt, new Date(now.getTime() - minutes * 60_000)),
        ),
      );
    if (waiting.length === 0) continue;
    const staff = await db
      .select({ id: users.id, firstName: users.firstName, email: users.email, lang: users.lang })
      .from(users)
      .innerJoin(userLocations, eq(userLocations.userId, users.id))
      .where(
        and(
          eq(userLocations.locationId, place.id),
          eq(users.active, true),
          gte(users.roleLevel, ROLES.staff),
        ),
      );
    if (staff.length === 0) continue;
    const keyOf = (visit: { id: number; queuedAt: Date }, userId: number) =>
      `visit:${visit.id}:long_wait:${visit.queuedAt.getTime()}:user:${userId}`;
    const keys = waiting.flatMap((visit) => staff.map((member) => keyOf(visit, member.id)));
    const sent = new Set(
      (
        await db
          .select({ key: messages.dedupeKey })
          .from(messages)
          .where(and(eq(messages.vendorId, place.vendorId), inArray(messages.dedupeKey, keys)))
      ).map((row) => row.key),
    );
    const base = await vendorLinkBase(
      db,
      { id: place.vendorId, slug: place.vendorSlug },
      options.site,
    );
    const drafts: MessageDraft[] = [];
    for (const visit of waiting) {
      const waited = Math.floor((now.getTime() - visit.queuedAt.getTime()) / 60_000);
      for (const member of staff) {
        const dedupeKey = keyOf(visit, member.id);
        if (sent.has(dedupeKey)) continue;
        const lang = asLocale(member.lang);
        const template = await resolveTemplate(db, {
          vendorId: place.vendorId,
          locationId: place.id,
          kind: "long_wait_alert",
          channel: "email",
          lang,
          synonyms: vendorSettings.synonyms,
        });
        if (!template) continue;
        const values = {
          first_name: member.firstName,
          vendor: place.vendorName,
          location: translated(place.translations, "name", lang, place.name),
          visitor_name: `${visit.firstName} ${visit.lastName}`.trim(),
          waited_minutes: String(waited),
          lobby_link: lobbyLink(base),
        };
        drafts.push({
          vendorId: place.vendorId,
          locationId: place.id,
          queueAppointmentId: visit.id,
          userId: member.id,
          channel: "email",
          kind: "long_wait_alert",
          recipient: member.email,
          lang,
          subject: template.subject === null ? null : renderTemplate(template.subject, values),
          body: renderTemplate(template.body, values),
          dedupeKey,
        });
      }
    }
    queued += (await insertMessages(db, drafts)).length;
  }
  return queued;
}
