// Spending the setup link: the first vendor, its host names and its first admin (role 30, with the
// password they chose), then a session for them, in one transaction. The token is spent in the same
// statement that checks it, under the setup lock, so two uses of one link make one vendor; once any
// vendor exists the link is dead.

import { createStaffSession } from "../auth/staff-sessions.ts";
import type { Db } from "../db/client.ts";
import { setupTokens } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { hashPassword } from "../security/password-hash.ts";
import { checkPasswordStrength } from "../security/password-strength.ts";
import { hasAnyVendor, lockSetup, usableSetupToken } from "./setup-token.ts";
import { insertVendorWithAdmin, type NewVendor } from "./vendor-records.ts";

const ATTRIBUTES = "/data/attributes";

export const setupTokenInvalid = () =>
  new AppError("bad_request", {
    code: "setup_token_invalid",
    messageId: "Office.setup_link_invalid",
    pointer: `${ATTRIBUTES}/token`,
  });

export const setupAlreadyDone = () =>
  new AppError("conflict", { code: "setup_done", messageId: "Office.setup_done" });

export type SetupInput = {
  token: string;
  vendor: NewVendor;
  admin: { firstName: string; lastName: string; email: string; password: string };
  /** the host the request came on: it must resolve to the new vendor, or the session would not */
  requestHost: string;
  defaultVendorSlug: string;
  userAgent?: string | undefined;
  now?: Date;
};

export async function completeSetup(
  db: Db,
  input: SetupInput,
): Promise<{ vendorId: number; adminId: number; sessionToken: string }> {
  const now = input.now ?? new Date();
  const hosts = input.vendor.hosts;
  // The admin is signed in on this host: it has to be one of the vendor's (or the vendor the
  // fallback names), or the session could not be used.
  if (!hosts.includes(input.requestHost) && input.vendor.slug !== input.defaultVendorSlug)
    throw new AppError("unprocessable", {
      code: "setup_host_missing",
      messageId: "Office.setup_host_missing",
      values: { host: input.requestHost },
      pointer: `${ATTRIBUTES}/vendor/hosts`,
    });
  const verdict = checkPasswordStrength(input.admin.password, {
    email: input.admin.email,
    firstName: input.admin.firstName,
    lastName: input.admin.lastName,
    vendorName: input.vendor.name,
  });
  if (!verdict.ok)
    throw new AppError("unprocessable", {
      code: verdict.reason,
      messageId: `Auth.${verdict.reason}`,
      pointer: `${ATTRIBUTES}/admin/password`,
    });
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await hasAnyVendor(tx)) throw setupAlreadyDone();
    const spent = await tx
      .update(setupTokens)
      .set({ usedAt: now })
      .where(usableSetupToken(input.token, now))
      .returning({ id: setupTokens.id });
    if (spent.length === 0) throw setupTokenInvalid();
    const created = await insertVendorWithAdmin(tx, {
      vendor: input.vendor,
      admin: {
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        email: input.admin.email,
        passwordHash,
      },
      pointers: {
        slug: `${ATTRIBUTES}/vendor/slug`,
        hosts: `${ATTRIBUTES}/vendor/hosts`,
        email: `${ATTRIBUTES}/admin/email`,
      },
      actorUserId: null,
      now,
    });
    const session = await createStaffSession(tx, {
      userId: created.adminId,
      vendorId: created.vendorId,
      userAgent: input.userAgent,
      now,
    });
    return { vendorId: created.vendorId, adminId: created.adminId, sessionToken: session.token };
  });
}
