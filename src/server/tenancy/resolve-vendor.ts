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
  /** forget cached answers, e.g. after settings change */
  clear(): void;
};

/**
 * Looks the host up in vendor_domains (own domains and subdomains alike), else falls back to the
 * default vendor. Answers are cached briefly:
 * vendor settings change rarely and every public request needs them.
 */
export function createVendorResolver(db: Db, defaultSlug: string, ttlMs = 10_000): VendorResolver {
  const cache = new Map<string, { vendor: Vendor | undefined; expires: number }>();

  async function lookup(host: string): Promise<Vendor | undefined> {
    if (host) {
      const [byDomain] = await db
        .select({ vendor: vendors })
        .from(vendorDomains)
        .innerJoin(vendors, eq(vendors.id, vendorDomains.vendorId))
        .where(eq(vendorDomains.host, host))
        .limit(1);
      if (byDomain) return toVendor(byDomain.vendor);
    }
    const [fallback] = await db
      .select()
      .from(vendors)
      .where(eq(vendors.slug, defaultSlug))
      .limit(1);
    return fallback ? toVendor(fallback) : undefined;
  }

  return {
    async resolve(rawHost) {
      const host = normaliseHost(rawHost);
      const hit = cache.get(host);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.vendor;
      const vendor = await lookup(host);
      if (cache.size > 10_000) cache.clear();
      cache.set(host, { vendor, expires: now + ttlMs });
      return vendor;
    },
    clear: () => cache.clear(),
  };
}
