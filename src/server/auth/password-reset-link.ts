// The links of password emails. A reset link's host is the request's only when that host is a
// registered domain of the vendor: a forged Host header must never send a token to someone else.
// A link made without a request (after failed sign-ins) uses one of the vendor's own domains.
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { vendorDomains } from "../db/schema.ts";
import { normaliseHost } from "../tenancy/resolve-vendor.ts";

export async function passwordResetLink(
  db: DbOrTx,
  input: {
    requestHost: string;
    vendorId: number;
    publicUrl: string;
    token: string;
    /** an invitation's link: the page then asks the new staff member to set their password */
    invitation?: boolean;
  },
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
  if (input.invitation) url.searchParams.set("invite", "1");
  return url.toString();
}

/** The forgot-password page of the vendor, with the address filled in. */
export async function forgotPasswordLink(
  db: DbOrTx,
  input: { vendorId: number; publicUrl: string; email: string },
): Promise<string> {
  const url = new URL("/forgot-password", input.publicUrl);
  const [domain] = await db
    .select({ host: vendorDomains.host })
    .from(vendorDomains)
    .where(eq(vendorDomains.vendorId, input.vendorId))
    .orderBy(asc(vendorDomains.host))
    .limit(1);
  // Without a domain of its own the vendor is the install's default, served at PUBLIC_URL.
  if (domain) url.hostname = domain.host;
  url.searchParams.set("email", input.email);
  return url.toString();
}
