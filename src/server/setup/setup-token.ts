// The setup link of an empty database: a single-use token, only its sha256 stored, valid
// SETUP_TOKEN_TTL_HOURS. Each start of a node that finds no vendor issues a new one and voids the
// ones before, under an advisory lock, so nodes starting together leave exactly one working link.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { SetupState } from "../../shared/contracts/setup.ts";
import { hashToken, newToken } from "../auth/session-token.ts";
import { SETUP_LOCK_CLASS } from "../db/advisory-locks.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { setupTokens, vendors } from "../db/schema.ts";

export const DEFAULT_SETUP_TOKEN_TTL_HOURS = 24;

export async function lockSetup(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_CLASS}, 0)`);
}

export async function hasAnyVendor(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: vendors.id }).from(vendors).limit(1);
  return rows.length > 0;
}

/**
 * A new setup token when the database has no vendor (every earlier token is voided), else null.
 * The plain token is returned once, for the start-up log; the database keeps its hash.
 */
export async function issueSetupTokenIfEmpty(
  db: Db,
  options: { ttlMs: number; now?: Date },
): Promise<{ token: string; expiresAt: Date } | null> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if (await hasAnyVendor(tx)) return null;
    await tx.delete(setupTokens);
    const token = newToken();
    const expiresAt = new Date(now.getTime() + options.ttlMs);
    await tx.insert(setupTokens).values({ id: hashToken(token), expiresAt, createdAt: now });
    return { token, expiresAt };
  });
}

/** The condition of a token that can still be spent at `now`. */
export function usableSetupToken(token: string, now: Date) {
  return and(
    eq(setupTokens.id, hashToken(token)),
    isNull(setupTokens.usedAt),
    gt(setupTokens.expiresAt, now),
  );
}

/** done once any vendor exists (the link is dead then, whatever it was); else ready or invalid. */
export async function setupState(db: DbOrTx, token: string, now = new Date()): Promise<SetupState> {
  if (await hasAnyVendor(db)) return "done";
  const rows = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(usableSetupToken(token, now))
    .limit(1);
  return rows.length > 0 ? "ready" : "invalid";
}

/** The link the start-up log prints. */
export function setupLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/setup?token=${token}`;
}
