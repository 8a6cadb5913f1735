// GET /locations/{id}/queue: the line with the location's current estimate for a new visitor and
// the services it offers (the lobby's filter). A fixed number of queries, whatever the line's length.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { LobbyEntry } from "../../shared/contracts/lobby-entry.ts";
import type { Locale } from "../../shared/domain.ts";
import { lobbyCounts } from "../../shared/lobby/lobby-counts.ts";
import { translated } from "../../shared/translations.ts";
import type { Db } from "../db/client.ts";
import { locationServices, services } from "../db/schema.ts";
import { estimateWaitForNewVisitor } from "../queue/wait-time/estimate-wait-for-new-visitor.ts";
import type { LearnedDurationsCache } from "../queue/wait-time/learn-service-durations.ts";
import type { LocationRow } from "./find-staff-location.ts";
import { loadLobbyQueue } from "./load-lobby-entries.ts";
import { presentLobbyEntry } from "./present-lobby-entry.ts";

export async function loadLobbyQueueDocument(
  db: Db,
  options: {
    location: LocationRow;
    locale: Locale;
    now?: Date;
    /** the app's kept duration samples; read afresh without */
    learnedDurations?: LearnedDurationsCache;
  },
) {
  const { location, locale, learnedDurations } = options;
  const scope = { vendorId: location.vendorId, locationId: location.id };
  const [{ entries, questions }, estimate, offered] = await Promise.all([
    loadLobbyQueue(db, scope),
    estimateWaitForNewVisitor(
      options.now ? { db, learnedDurations, now: options.now } : { db, learnedDurations },
      scope,
    ),
    db
      .select({ id: services.id, name: services.name, translations: services.translations })
      .from(locationServices)
      .innerJoin(
        services,
        and(
          eq(services.id, locationServices.serviceId),
          eq(services.vendorId, scope.vendorId),
          isNull(services.archivedAt),
        ),
      )
      .where(
        and(
          eq(locationServices.vendorId, scope.vendorId),
          eq(locationServices.locationId, scope.locationId),
        ),
      )
      .orderBy(asc(services.sortOrder), asc(services.name), asc(services.id)),
  ]);
  const now = options.now ?? new Date();
  const context = { locale, country: location.country, questions, now };
  const data: LobbyEntry[] = entries.map((entry) => presentLobbyEntry(entry, context));
  return {
    data,
    meta: {
      location: { id: String(location.id), name: location.name, timezone: location.timezone },
      counts: lobbyCounts(data),
      wait_estimate: estimate
        ? { seconds: estimate.seconds, expected_start: estimate.expectedStart.toISOString() }
        : null,
      services: offered.map((service) => ({
        id: String(service.id),
        name: translated(service.translations, "name", locale, service.name),
      })),
      generated_at: now.toISOString(),
    },
  };
}
