// The addresses messages link to, on the vendor's own host: a visitor's link opened on another
// vendor's host would find nothing. The default vendor is served on PUBLIC_URL itself; another
// vendor on its first registered domain, with PUBLIC_URL's scheme and port.
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { vendorDomains } from "../db/schema.ts";

export async function vendorLinkBase(
  db: DbOrTx,
  vendor: { id: number; slug: string },
  site: { publicUrl: string; defaultVendor: string },
): Promise<URL> {
  const base = new URL(site.publicUrl);
  if (vendor.slug === site.defaultVendor) return base;
  const [domain] = await db
    .select({ host: vendorDomains.host })
    .from(vendorDomains)
    .where(eq(vendorDomains.vendorId, vendor.id))
    .orderBy(asc(vendorDomains.host))
    .limit(1);
  if (domain) base.hostname = domain.host;
  return base;
}

/** The visitor's own page of their place: status, changes, cancel, and feedback once served. */
export function manageLink(base: URL, visit: { id: number; confirmCode: string; lang: string }) {
  const url = new URL("/callback-service/confirmation", base);
  url.searchParams.set("id", String(visit.id));
  url.searchParams.set("code", visit.confirmCode);
  url.searchParams.set("lang", visit.lang);
  return url.toString();
}

/** The visitor's page of a booked appointment: details, add to calendar, reschedule, cancel. */
export function manageAppointmentLink(
  base: URL,
  appointment: { id: number; confirmCode: string; lang: string },
) {
  const url = new URL("/appointments/manage", base);
  url.searchParams.set("id", String(appointment.id));
  url.searchParams.set("code", appointment.confirmCode);
  url.searchParams.set("lang", appointment.lang);
  return url.toString();
}

/** The booking steps with the location chosen, to book again. */
export function bookAppointmentLink(base: URL, locationId: number, lang: string) {
  const url = new URL("/select-service", base);
  url.searchParams.set("location", String(locationId));
  url.searchParams.set("lang", lang);
  return url.toString();
}

/** The location's form, to join again. */
export function bookLink(base: URL, locationId: number, lang: string) {
  const url = new URL(`/callback-service/${locationId}`, base);
  url.searchParams.set("lang", lang);
  return url.toString();
}

export function lobbyLink(base: URL) {
  return new URL("/lobby", base).toString();
}
