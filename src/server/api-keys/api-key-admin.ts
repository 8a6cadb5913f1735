// The vendor's API keys as the back office administers them (docs/api-keys.md): listed newest
// first, created with a name, scopes the creator holds and an optional expiry, and revoked. Each
// change commits with its audit row; the token itself is returned once by createApiKey and never
// stored or logged.
import { desc, eq } from "drizzle-orm";
import type { ApiKeyCreateAttributes, ApiKeyResource } from "../../shared/contracts/api-key.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { StaffContext } from "../auth/staff-context.ts";
import type { DbOrTx } from "../db/client.ts";
import { apiKeys, users } from "../db/schema.ts";
import { AppError, type ErrorItem, notFound } from "../http/app-error.ts";
import { can } from "../permissions/permission-table.ts";
import { newApiKeyToken } from "./api-key-token.ts";

type ApiKeyRow = typeof apiKeys.$inferSelect;
type Caller = Pick<StaffContext, "vendorId" | "roleLevel"> & { user: { id: number } };
type Creator = { firstName: string; lastName: string } | null;

const pointer = (field: string) => `/data/attributes/${field}`;

export function apiKeyState(row: ApiKeyRow, now: Date): ApiKeyResource["attributes"]["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function presentApiKey(row: ApiKeyRow, creator: Creator, now: Date): ApiKeyResource {
  return {
    type: "api-keys",
    id: String(row.id),
    attributes: {
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      state: apiKeyState(row, now),
      created_at: row.createdAt.toISOString(),
      created_by: creator ? `${creator.firstName} ${creator.lastName}`.trim() : null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      revoked_at: row.revokedAt?.toISOString() ?? null,
    },
  };
}

/** What the audit log keeps of a key: never its hash, which with the prefix would be half a secret. */
function audited(row: ApiKeyRow): Record<string, unknown> {
  return {
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(
  db: DbOrTx,
  caller: Caller,
  now = new Date(),
): Promise<ApiKeyResource[]> {
  const rows = await db
    .select({ key: apiKeys, firstName: users.firstName, lastName: users.lastName })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(eq(apiKeys.vendorId, caller.vendorId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) =>
    presentApiKey(
      row.key,
      row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? "" },
      now,
    ),
  );
}

/**
 * Creates a key and answers it with its token, which exists nowhere else from then on. The scopes
 * must be held by the creator's own role: a key never grants more than the person who made it.
 */
export async function createApiKey(
  db: DbOrTx,
  caller: Caller & { user: { firstName: string; lastName: string } },
  attributes: ApiKeyCreateAttributes,
  now = new Date(),
): Promise<{ resource: ApiKeyResource; token: string }> {
  const problems: ErrorItem[] = [];
  const scopes = [...new Set(attributes.scopes)];
  attributes.scopes.forEach((scope, index) => {
    if (!can(caller.roleLevel, scope)) {
      problems.push({
        code: "scope_not_held",
        messageId: "ApiKeys.scope_not_held",
        pointer: pointer(`scopes/${index}`),
      });
    }
  });
  const expiresAt = attributes.expires_at ? new Date(attributes.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    problems.push({
      code: "expiry_past",
      messageId: "ApiKeys.expiry_past",
      pointer: pointer("expires_at"),
    });
  }
  if (problems.length > 0) throw new AppError("unprocessable", problems);

  const { token, prefix, secretHash } = newApiKeyToken();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        vendorId: caller.vendorId,
        name: attributes.name,
        prefix,
        secretHash,
        scopes,
        createdByUserId: caller.user.id,
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!inserted) throw new Error("the API key was not stored");
    await recordAudit(tx, {
      vendorId: caller.vendorId,
      actorUserId: caller.user.id,
      subjectType: "api_key",
      subjectId: inserted.id,
      action: "created",
      before: null,
      after: audited(inserted),
    });
    return inserted;
  });
  return { resource: presentApiKey(row, caller.user, now), token };
}

/**
 * Revokes a key of the caller's vendor. Revoking a revoked key changes nothing and writes no second
 * audit row. The next request with the key is refused on every node, as each request reads the key.
 */
export async function revokeApiKey(
  db: DbOrTx,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update").limit(1);
    // Another vendor's key does not exist for this caller.
    if (!row || row.vendorId !== caller.vendorId) throw notFound();
    if (row.revokedAt) return;
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedByUserId: caller.user.id })
      .where(eq(apiKeys.id, id))
      .returning();
    if (!revoked) throw new Error("the API key vanished while locked");
    await recordAudit(tx, {
      vendorId: caller.vendorId,
      actorUserId: caller.user.id,
      subjectType: "api_key",
      subjectId: id,
      action: "revoked",
      before: audited(row),
      after: audited(revoked),
    });
  });
}
