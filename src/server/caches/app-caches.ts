// The caches a node keeps, by name, on the app (app.caches), and the one path that drops their
// stale answers: invalidate(change), called for a change made through this node and, through the
// cross-node transport, for a change made through any other.
import type { Config } from "../config.ts";
import { type CxSnippetCache, createCxSnippetCache } from "../cx-snippets/snippet-cache.ts";
import type { Db } from "../db/client.ts";
import type { DomainEventBus } from "../events/domain-events.ts";
import { createLocationWaits, type LocationWaits } from "../locations/location-waits.ts";
import { createJoinCatalog, type JoinCatalog } from "../queue/join-catalog.ts";
import {
  createLearnedDurationsCache,
  type LearnedDurationsCache,
} from "../queue/wait-time/learn-service-durations.ts";
import { createVendorResolver, type VendorResolver } from "../tenancy/resolve-vendor.ts";
import type { CacheChange } from "./cache-change.ts";

export type AppCaches = {
  /** the vendor of a request, by Host, with its settings, theme and synonyms */
  vendors: VendorResolver;
  /** what a join checks, by vendor, location, service and whether questions are read */
  joinCatalog: JoinCatalog;
  /** the wait of a visitor joining now, by vendor, location and service */
  locationWaits: LocationWaits;
  /** recent visit durations, by vendor and location, that the wait-time engine learns from */
  learnedDurations: LearnedDurationsCache;
  /** the visitor pages' active snippets, by vendor */
  cxSnippets: CxSnippetCache;
  /** drops, on this node, every cached answer the change may have made stale */
  invalidate(change: CacheChange): void;
  /** drops everything (tests) */
  clear(): void;
};

export function createAppCaches(deps: {
  db: Db;
  config: Pick<Config, "DEFAULT_VENDOR" | "JOIN_CATALOG_TTL_MS">;
  /** the bus whose "waitTimesRecalculated" drops a location's waits */
  events: DomainEventBus;
}): AppCaches {
  const { db, config, events } = deps;
  const learnedDurations = createLearnedDurationsCache();
  const vendors = createVendorResolver(db, config.DEFAULT_VENDOR);
  const joinCatalog = createJoinCatalog(config.JOIN_CATALOG_TTL_MS);
  const locationWaits = createLocationWaits({ db, events, learnedDurations });
  const cxSnippets = createCxSnippetCache();

  return {
    vendors,
    joinCatalog,
    locationWaits,
    learnedDurations,
    cxSnippets,
    invalidate(change) {
      const { vendorId } = change;
      switch (change.entity) {
        case "vendor":
          // Settings decide which questions a join reads and how it is checked.
          vendors.forgetVendor(vendorId);
          joinCatalog.forget({ vendorId });
          return;
        case "location": {
          const { locationId } = change;
          // Hours, adjustments and the services offered: what joins check and what waits rest on.
          joinCatalog.forget({ vendorId, locationId });
          locationWaits.forget({ vendorId, locationId });
          return;
        }
        case "service":
          joinCatalog.forget({ vendorId, serviceId: change.serviceId });
          // A service's duration or walk-in flag moves the wait at every location of the vendor.
          locationWaits.forget({ vendorId });
          return;
        case "question":
          joinCatalog.forget({ vendorId, withQuestions: true });
          return;
        case "cx-snippets":
          cxSnippets.forget(vendorId);
          return;
        case "visit-completed": {
          const { locationId } = change;
          learnedDurations.forget({ vendorId, locationId });
          // The line changed too; the node that made the change drops these on its recalculation.
          locationWaits.forget({ vendorId, locationId });
          return;
        }
      }
    },
    clear() {
      vendors.clear();
      joinCatalog.clear();
      locationWaits.clear();
      learnedDurations.clear();
      cxSnippets.clear();
    },
  };
}
