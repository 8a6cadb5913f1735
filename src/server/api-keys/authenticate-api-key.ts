// Authenticates an internal API request by its `Authorization: Bearer nlk_…` key (docs/api-keys.md).
// Every request reads the key by its unique prefix, so a revocation holds at once on every node;
// nothing is cached. The key acts as the staff member who created it, within its scopes and that
// person's current role, at every location of the vendor.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { ROLES, type RoleLevel } from "../../shared/domain.ts";
import type { Permission } from "../../shared/permissions.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import { loadVendorLocationIds } from "../auth/staff-sessions.ts";
import type { DbOrTx } from "../db/client.ts";
import { apiKeys, users } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { VENDOR_WIDE_FROM } from "../permissions/permission-table.ts";
import { apiKeyMatches, apiKeyPrefixOf } from "./api-key-token.ts";

/** last_used_at is written at most this often per key, so calls do not each cost a write. */
export const API_KEY_TOUCH_INTERVAL_MS = 60 * 1000;

/** The one answer to any key that does not work: which check failed is the caller's secret to keep. */
export const apiKeyRefused = () =>
  new AppError("unauthenticated", { code: "api_key_invalid", messageId: "ApiKeys.key_invalid" });

/** The token of an `Authorization: Bearer …` header; undefined when the header is absent or another scheme. */
export function bearerTokenOf(header: string | string[] | undefined): string | undefined {
  if (typeof header !== "string") return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? (match[1] ?? "") : undefined;
}

/**
 * The staff context a key gives on the vendor's host, or null when the token is malformed or
 * unknown, revoked, expired, another vendor's, or its creator's account is gone, deactivated or no
 * longer Manager or above.
 */
export async function loadApiKeyStaff(
  db: DbOrTx,
  options: { token: string; vendorId: number; now?: Date },
): Promise<StaffContext | null> {
  const now = options.now ?? new Date();
  const prefix = apiKeyPrefixOf(options.token);
  if (!prefix) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  if (!row || !apiKeyMatches(options.token, row.key.secretHash)) return null;
  const { key, user } = row;
  if (key.vendorId !== options.vendorId || key.revokedAt) return null;
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return null;
  if (!user?.active) return null;
  const roleLevel = user.roleLevel as RoleLevel;
  if (user.vendorId !== key.vendorId && roleLevel !== ROLES.platform_admin) return null;
  // A key acts at every location of the vendor, so only while its creator's role does too.
  if (roleLevel < VENDOR_WIDE_FROM) return null;

  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= API_KEY_TOUCH_INTERVAL_MS) {
    // The condition repeats the check, so nodes answering the same key at once write it once.
    const stale = new Date(now.getTime() - API_KEY_TOUCH_INTERVAL_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, stale))),
      );
  }
  return {
    user: {
      id: user.id,
      vendorId: user.vendorId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      lang: user.lang,
    },
    vendorId: key.vendorId,
    roleLevel,
    // A key serves an integration of the whole vendor, not one person's branches.
    locationIds: await loadVendorLocationIds(db, key.vendorId),
    allLocations: true,
    // Never a sessions.id (those are hex): nothing a session does (sign-out, realtime) finds it.
    sessionId: `api-key:${key.prefix}`,
    apiKey: { id: key.id, scopes: new Set(key.scopes as Permission[]) },
  };
}
