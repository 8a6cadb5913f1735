// Resolves the vendor of a public request from its Host: a vendor's own domain or subdomain,
// else the configured DEFAULT_VENDOR, so a single-business install needs no DNS.
import { eq } from "drizzle-orm";
import {
  parseTheme,
  parseVendorSettings,
  type Theme,
  type VendorSettings,
} from "../../shared/vendor-settings.ts";
import type { Db } from "../db/client.ts";
import { vendorDomains, vendors } from "../db/schema.ts";

export type Vendor = {
  id: number;
  slug: string;
  name: string;
  homepage: string | null;
  currency: string;
  privateLabel: boolean;
  showQueueAppointmentFeedback: boolean;
  settings: VendorSettings;
  theme: Theme;
};

type Row = typeof vendors.$inferSelect;

export function toVendor(row: Row): Vendor {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    homepage: row.homepage,
    currency: row.currency,
    privateLabel: row.privateLabel,
    showQueueAppointmentFeedback: row.showQueueAppointmentFeedback,
    settings: parseVendorSettings(row.settings),
    theme: parseTheme(row.theme),
  };
}

/** Lower-cased host without port: "Bank.Example.com:443" → "bank.example.com". */
export function normaliseHost(host: string | undefined): string {
  if (!host) return "";
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(0, trimmed.indexOf("]") + 1);
  return trimmed.replace(/:\d+$/, "");
}

export type VendorResolver = {
  resolve(host: string | undefined): Promise<Vendor | undefined>;
  /**
   * Forgets the answers a change to the vendor may have made stale: the hosts that resolved to
   * it, and every host that resolved through the fallback (a new domain of the vendor may claim
   * one, and a changed slug may change the fallback itself).
   */
  forgetVendor(vendorId: number): void;
  /** forgets every answer */
  clear(): void;
};

type CachedAnswer = {
  vendor: Promise<Vendor | undefined>;
  expires: number;
  /** set once the look-up is done: whose answer this is and whether a domain of its own gave it */
  resolved?: { vendorId: number | null; byDomain: boolean };
};

/** How long a resolved vendor is reused when no invalidation arrives first. */
export const VENDOR_CACHE_TTL_MS = 10_000;

/**
 * Looks the host up in vendor_domains (own domains and subdomains alike), else falls back to the
 * default vendor. Answers are kept for `ttlMs`: vendor settings change rarely and every public
 * request needs them; a change made through any node drops them (AppCaches.invalidate). Requests
 * for a host arriving while it is being looked up share that look-up; a failed one is not kept.
 */
export function createVendorResolver(
  db: Db,
  defaultSlug: string,
  ttlMs = VENDOR_CACHE_TTL_MS,
  now: () => number = Date.now,
): VendorResolver {
  const cache = new Map<string, CachedAnswer>();

  async function lookup(host: string): Promise<{ vendor: Vendor | undefined; byDomain: boolean }> {
    if (host) {
      const [byDomain] = await db
        .select({ vendor: vendors })
        .from(vendorDomains)
        .innerJoin(vendors, eq(vendors.id, vendorDomains.vendorId))
        .where(eq(vendorDomains.host, host))
        .limit(1);
      if (byDomain) return { vendor: toVendor(byDomain.vendor), byDomain: true };
    }
    const [fallback] = await db
      .select()
      .from(vendors)
      .where(eq(vendors.slug, defaultSlug))
      .limit(1);
    return { vendor: fallback ? toVendor(fallback) : undefined, byDomain: false };
  }

  return {
    resolve(rawHost) {
      const host = normaliseHost(rawHost);
      const at = now();
      const hit = cache.get(host);
      if (hit && hit.expires > at) return hit.vendor;
      if (cache.size > 10_000) cache.clear();
      const looked = lookup(host);
      const entry: CachedAnswer = {
        vendor: looked.then(({ vendor }) => vendor),
        expires: at + ttlMs,
      };
      cache.set(host, entry);
      looked.then(
        ({ vendor, byDomain }) => {
          entry.resolved = { vendorId: vendor?.id ?? null, byDomain };
        },
        () => {
          if (cache.get(host) === entry) cache.delete(host);
        },
      );
      return entry.vendor;
    },
    forgetVendor(vendorId) {
      for (const [host, entry] of cache) {
        // A look-up still under way may be reading the row just changed: it is not kept either.
        const { resolved } = entry;
        if (!resolved?.byDomain || resolved.vendorId === vendorId) cache.delete(host);
      }
    },
    clear: () => cache.clear(),
  };
}
