// What a change invalidates: the kinds of change that make cached answers stale, as every node's
// caches (app-caches.ts) understand them and as the invalidation bus carries them between nodes.
export type CacheChange =
  | { entity: "vendor"; vendorId: number }
  | { entity: "location"; vendorId: number; locationId: number }
  | { entity: "service"; vendorId: number; serviceId: number }
  | { entity: "question"; vendorId: number }
  | { entity: "visit-completed"; vendorId: number; locationId: number };
