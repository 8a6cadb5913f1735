// The visitor pages' snippets of each vendor, kept per node: the open route reads a vendor's active
// snippets once and answers every visitor from memory. A save of any snippet records
// `cx_snippet.updated`, whose handler drops the vendor's entry on every node (the cache
// invalidation bus: Redis pub/sub across nodes), so a change reaches every visitor page within a
// dispatch and a round trip. The entry also expires after a minute, for a node that missed the
// message while Redis was away. Whether a snippet is in effect (its time window) is decided on
// every request against the clock, so no change of time needs an invalidation.
import { and, asc, eq } from "drizzle-orm";
import type { CxSnippetKind, CxSnippetTone } from "../../shared/contracts/cx-snippet.ts";
import type { DbOrTx } from "../db/client.ts";
import { cxSnippets } from "../db/schema.ts";

export type LiveSnippet = {
  id: number;
  kind: CxSnippetKind;
  tone: CxSnippetTone;
  content: Partial<Record<string, string>>;
  locationId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
};

export type CxSnippetCache = {
  /** the vendor's active snippets, in their order, from memory when they were read lately */
  active(db: DbOrTx, vendorId: number): Promise<LiveSnippet[]>;
  /** drops the vendor's entry (a snippet of it changed) */
  forget(vendorId: number): void;
  clear(): void;
};

export const CX_SNIPPET_CACHE_TTL_MS = 60_000;

export async function readActiveSnippets(db: DbOrTx, vendorId: number): Promise<LiveSnippet[]> {
  return db
    .select({
      id: cxSnippets.id,
      kind: cxSnippets.kind,
      tone: cxSnippets.tone,
      content: cxSnippets.content,
      locationId: cxSnippets.locationId,
      startsAt: cxSnippets.startsAt,
      endsAt: cxSnippets.endsAt,
    })
    .from(cxSnippets)
    .where(and(eq(cxSnippets.vendorId, vendorId), eq(cxSnippets.active, true)))
    .orderBy(asc(cxSnippets.sortOrder), asc(cxSnippets.id));
}

export function createCxSnippetCache(
  options: { ttlMs?: number; now?: () => number } = {},
): CxSnippetCache {
  const ttlMs = options.ttlMs ?? CX_SNIPPET_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<number, { at: number; read: Promise<LiveSnippet[]> }>();
  return {
    active(db, vendorId) {
      const kept = entries.get(vendorId);
      if (kept && now() - kept.at < ttlMs) return kept.read;
      const entry = { at: now(), read: readActiveSnippets(db, vendorId) };
      entries.set(vendorId, entry);
      // A failed read is not kept: the next request reads again.
      entry.read.catch(() => {
        if (entries.get(vendorId) === entry) entries.delete(vendorId);
      });
      return entry.read;
    },
    forget(vendorId) {
      entries.delete(vendorId);
    },
    clear() {
      entries.clear();
    },
  };
}
