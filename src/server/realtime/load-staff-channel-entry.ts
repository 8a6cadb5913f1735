// The staff channel's QueueAppointmentChanged data: the visitor exactly as the HTTP lobby presents
// them (src/server/lobby/load-lobby-entry-resource.ts), in the vendor's default language, since one
// message goes to every staff member following the location.
import { and, eq, sql } from "drizzle-orm";
import type { LobbyEntry } from "../../shared/contracts/lobby-entry.ts";
import { DEFAULT_LOCALE } from "../../shared/domain.ts";
import { matchLocale } from "../../shared/locale.ts";
import type { Db } from "../db/client.ts";
import { locations, vendors } from "../db/schema.ts";
import { loadLobbyEntryResource } from "../lobby/load-lobby-entry-resource.ts";

export type LoadStaffChannelEntry = (
  db: Db,
  options: { vendorId: number; locationId: number; id: number },
) => Promise<LobbyEntry | null>;

export const loadStaffChannelEntry: LoadStaffChannelEntry = async (db, options) => {
  const [place] = await db
    .select({
      country: locations.country,
      language: sql<unknown>`${vendors.settings} -> 'client_view' ->> 'default_language'`,
    })
    .from(locations)
    .innerJoin(vendors, eq(vendors.id, locations.vendorId))
    .where(and(eq(locations.id, options.locationId), eq(locations.vendorId, options.vendorId)))
    .limit(1);
  if (!place) return null;
  const language = typeof place.language === "string" ? place.language : undefined;
  return loadLobbyEntryResource(db, {
    vendorId: options.vendorId,
    location: { id: options.locationId, country: place.country },
    id: options.id,
    locale: matchLocale(language) ?? DEFAULT_LOCALE,
  });
};
