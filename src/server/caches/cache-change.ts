// What an admin change (or a completed visit) may have made stale in a node's caches. Every node
// receives the same change and drops, on its own, the answers it names (AppCaches.invalidate).

export type CacheChange =
  /** the vendor row: its settings, theme, synonyms and domains */
  | { entity: "vendor"; vendorId: number }
  /** a location row: its hours, hour adjustments and the services offered there */
  | { entity: "location"; vendorId: number; locationId: number }
  | { entity: "service"; vendorId: number; serviceId: number }
  /** any of the vendor's visitor-page snippets */
  | { entity: "cx-snippets"; vendorId: number }
  /** any of the vendor's custom questions */
  | { entity: "question"; vendorId: number }
  /** a visit completed at the location: a new sample of how long its service takes */
  | { entity: "visit-completed"; vendorId: number; locationId: number };
