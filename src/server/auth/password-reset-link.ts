// The link a password reset is delivered with. Its host is the request's only when that host is a
// registered domain of the vendor: a forged Host header must never send a token to someone else.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { vendorDomains } from "../db/schema.ts";
import { normaliseHost } from "../tenancy/resolve-vendor.ts";

export async function passwordResetLink(
  db: DbOrTx,
  input: { requestHost: string; vendorId: number; publicUrl: string; token: string },
): Promise<string> {
  const url = new URL("/reset-password", input.publicUrl);
  const host = normaliseHost(input.requestHost);
  if (host) {
    const [registered] = await db
      .select({ host: vendorDomains.host })
      .from(vendorDomains)
      .where(and(eq(vendorDomains.host, host), eq(vendorDomains.vendorId, input.vendorId)))
      .limit(1);
    // Scheme and port stay PUBLIC_URL's: the deployment, not the request, says how it is served.
    if (registered) url.hostname = registered.host;
  }
  url.searchParams.set("token", input.token);
  return url.toString();
}
