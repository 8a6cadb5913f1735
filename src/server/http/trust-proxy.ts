// TRUST_PROXY: which proxies in front of a node may say who the client is (X-Forwarded-For,
// -Proto, -Host). A proxy appends the address it saw to X-Forwarded-For, so only the entries the
// trusted proxies wrote are believed, read from the right; what a client wrote itself is not.
// Decision 0013 says why `true` is refused.
import { isIP } from "node:net";
import { z } from "zod";

/** false: trust no proxy; a number: that many proxies, every connection; a list: those addresses */
export type TrustedProxies = false | number | string[];

const MAX_HOPS = 10;
/** proxy-addr's names for address ranges */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", mask, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(mask) === 4; // a netmask such as 255.255.0.0
}

export const TRUST_PROXY_TRUE_REFUSED =
  'no longer accepted: "true" believed any client\'s X-Forwarded-For. Give the number of proxies in front of this node (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';

/** The environment variable: false, a hop count, or comma-separated addresses, CIDRs or range names. */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustedProxies => {
    const lower = value.toLowerCase();
    if (["false", "no", "0", "off"].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) {
      context.addIssue({ code: "custom", message: TRUST_PROXY_TRUE_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= MAX_HOPS) return hops;
      context.addIssue({ code: "custom", message: `a hop count is at most ${MAX_HOPS}` });
      return z.NEVER;
    }
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined || entries.length === 0) {
      context.addIssue({
        code: "custom",
        message: `"${bad ?? value}" is neither a hop count nor an IP address, CIDR range or one of loopback, linklocal, uniquelocal`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's `trustProxy` for the setting. A hop count trusts that many addresses from the right of
 * X-Forwarded-For whoever connects (Fastify itself no longer takes a number): use it only when
 * every connection comes through those proxies; a list trusts only connections from those addresses.
 */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false || trusted === 0) return false;
  if (typeof trusted === "number") return (_address, hop) => hop < trusted;
  return trusted;
}
