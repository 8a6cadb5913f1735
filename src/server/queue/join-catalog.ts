// What a join reads about a location before it can check the visitor's form: the location, the
// service as offered there, and the questions asked for it. The open join route keeps each answer
// for a moment (JOIN_CATALOG_TTL_MS, README "Configuration"), so a burst of joins at a location
// reads them once instead of twice per join. A change to a location, a service or a question drops
// the answers it touches at once (AppCaches.invalidate). The gates themselves (open now? private?)
// are evaluated on every join against the clock.
import { and, eq, isNull } from "drizzle-orm";
import type { HourAdjustments } from "../../shared/opening-hours.ts";
import type { AnswerableQuestion } from "../../shared/queue/question-answers.ts";
import type { DbOrTx } from "../db/client.ts";
import { locationServices, locations, services } from "../db/schema.ts";
import { loadHourAdjustments } from "../locations/load-hour-adjustments.ts";
import { loadAnswerableQuestions } from "../questions/load-answerable-questions.ts";

export type JoinRows = {
  /** null when the vendor has no such location, or it is archived */
  location: typeof locations.$inferSelect | null;
  /** null when the location does not offer the service, or it is archived */
  service: typeof services.$inferSelect | null;
  /** the questions asked for the service; empty when the vendor's form asks none */
  questions: AnswerableQuestion[];
  /** the location's holidays and special openings around today, which the closed-hours gate honours */
  adjustments: HourAdjustments;
};

export type JoinRowsKey = {
  vendorId: number;
  locationId: number;
  serviceId: number;
  withQuestions: boolean;
  /**
   * the join's clock: the holidays read are those around it (not part of the cache key; a kept
   * answer covers the days around the moment it was read, and lives for moments)
   */
  now?: Date;
};

export type JoinRowsReader = (db: DbOrTx, key: JoinRowsKey) => Promise<JoinRows>;

/** Reads the rows afresh: the location with the service (one query) and the questions, side by side. */
export const readJoinRows: JoinRowsReader = async (db, key) => {
  const asked = key.withQuestions
    ? loadAnswerableQuestions(db, { vendorId: key.vendorId, serviceId: key.serviceId })
    : Promise.resolve([]);
  asked.catch(() => {}); // awaited below; a failure of the other query must not leave it unhandled
  const adjusted = loadHourAdjustments(db, {
    vendorId: key.vendorId,
    locationIds: [key.locationId],
    now: key.now ?? new Date(),
  });
  adjusted.catch(() => {});
  const [found] = await db
    .select({ location: locations, service: services })
    .from(locations)
    .leftJoin(
      locationServices,
      and(
        eq(locationServices.locationId, locations.id),
        eq(locationServices.vendorId, key.vendorId),
        eq(locationServices.serviceId, key.serviceId),
      ),
    )
    .leftJoin(
      services,
      and(
        eq(services.id, locationServices.serviceId),
        eq(services.vendorId, key.vendorId),
        isNull(services.archivedAt),
      ),
    )
    .where(
      and(
        eq(locations.id, key.locationId),
        eq(locations.vendorId, key.vendorId),
        // An archived location takes no visitors, by the open form, the kiosk or the front desk.
        isNull(locations.archivedAt),
      ),
    );
  return {
    location: found?.location ?? null,
    service: found?.service ?? null,
    questions: await asked,
    adjustments: (await adjusted).get(key.locationId) ?? new Map(),
  };
};

/** Above this many cached answers, expired ones are swept on the next miss. */
const SWEEP_ABOVE = 2_000;

export type JoinCatalog = {
  read: JoinRowsReader;
  /** drops the answers of every key that matches all the given fields, read or being read */
  forget(match: {
    vendorId: number;
    locationId?: number;
    serviceId?: number;
    /** only the answers that read the questions */
    withQuestions?: true;
  }): void;
  clear(): void;
};

/**
 * A reader that keeps each answer for `ttlMs` (0: no caching). Joins arriving while an answer is
 * being read share that read; a failed read is not kept.
 */
export function createJoinCatalog(ttlMs: number, now: () => number = Date.now): JoinCatalog {
  const cache = new Map<string, { rows: Promise<JoinRows>; expires: number; key: JoinRowsKey }>();
  return {
    read(db, key) {
      if (ttlMs <= 0) return readJoinRows(db, key);
      const id = `${key.vendorId}:${key.locationId}:${key.serviceId}:${key.withQuestions ? 1 : 0}`;
      const at = now();
      const cached = cache.get(id);
      if (cached && cached.expires > at) return cached.rows;
      if (cache.size > SWEEP_ABOVE) {
        for (const [k, entry] of cache) if (entry.expires <= at) cache.delete(k);
      }
      const rows = readJoinRows(db, key);
      const entry = { rows, expires: at + ttlMs, key };
      cache.set(id, entry);
      rows.catch(() => {
        if (cache.get(id) === entry) cache.delete(id);
      });
      return rows;
    },
    forget(match) {
      for (const [id, { key }] of cache) {
        if (key.vendorId !== match.vendorId) continue;
        if (match.locationId !== undefined && key.locationId !== match.locationId) continue;
        if (match.serviceId !== undefined && key.serviceId !== match.serviceId) continue;
        if (match.withQuestions && !key.withQuestions) continue;
        cache.delete(id);
      }
    },
    clear() {
      cache.clear();
    },
  };
}
