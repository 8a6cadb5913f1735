// Password reset by a single-use token valid 30 minutes: only its sha256 is stored, a new request
// replaces the previous link (made and delivered by a job, deliver-password-reset.ts), and using it
// signs the account out everywhere.
import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { Db } from "../db/client.ts";
import { passwordResetTokens, sessions, users, vendors } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { JobTaskRef } from "../jobs/job-task.ts";
import { hashPassword } from "../security/password-hash.ts";
import { assertNewPasswordAcceptable } from "./assert-new-password.ts";
import { hashToken, newToken } from "./session-token.ts";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const resetTokenInvalid = () =>
  new AppError("bad_request", {
    code: "reset_token_invalid",
    messageId: "Auth.reset_token_invalid",
  });

/** The job that creates and delivers a reset link, queued for every request alike. */
export const DELIVER_PASSWORD_RESET: JobTaskRef<PasswordResetDelivery> = {
  name: "deliver-password-reset",
  version: 1,
};

export type PasswordResetDelivery = {
  userId: number | null;
  vendorId: number;
  requestHost: string;
  /** one per request: its email is sent once however often the job runs */
  deliveryId?: string;
};

/**
 * Looks the email up and queues one delivery job, whether or not it names an account that may
 * sign in on this vendor's host (`userId` null when not): known and unknown addresses cost the
 * request the same read and the same write, and the token is made off the request path.
 */
export async function requestPasswordReset(
  db: Db,
  jobs: Pick<JobQueue, "send">,
  input: { email: string; vendorId: number; requestHost: string },
): Promise<void> {
  const [user] = await db
    .select({
      id: users.id,
      vendorId: users.vendorId,
      roleLevel: users.roleLevel,
      active: users.active,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()))
    .limit(1);
  const eligible = user ? mayResetOnVendor(user, input.vendorId) : false;
  await jobs.send(DELIVER_PASSWORD_RESET, {
    userId: eligible && user ? user.id : null,
    vendorId: input.vendorId,
    requestHost: input.requestHost,
    deliveryId: randomUUID(),
  });
}

function mayResetOnVendor(
  user: { vendorId: number; roleLevel: number; active: boolean },
  vendorId: number,
): boolean {
  if (!user.active) return false;
  return user.vendorId === vendorId || user.roleLevel === ROLES.platform_admin;
}

/**
 * Creates a reset token valid 30 minutes (or `lifetimeMs`: an invitation's lasts days) for an active
 * account that may sign in on this vendor's host, replacing its unused ones; null when the account
 * no longer qualifies.
 */
export async function issuePasswordResetToken(
  db: Db,
  input: { userId: number; vendorId: number; now?: Date; lifetimeMs?: number },
): Promise<{ token: string; userId: number } | null> {
  const now = input.now ?? new Date();
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || !mayResetOnVendor(user, input.vendorId)) return null;
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      id: hashToken(token),
      vendorId: input.vendorId,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (input.lifetimeMs ?? RESET_TOKEN_TTL_MS)),
    });
  });
  return { token, userId: user.id };
}

/** Sets the new password, spends the token and ends every session of the account. */
export async function completePasswordReset(
  db: Db,
  input: { token: string; password: string; vendorId: number; now?: Date },
): Promise<{ userId: number; email: string }> {
  const now = input.now ?? new Date();
  const tokenId = hashToken(input.token);
  const usable = and(
    eq(passwordResetTokens.id, tokenId),
    eq(passwordResetTokens.vendorId, input.vendorId),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [found] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      vendorName: vendors.name,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .innerJoin(vendors, eq(vendors.id, users.vendorId))
    .where(usable)
    .limit(1);
  if (!found) throw resetTokenInvalid();
  assertNewPasswordAcceptable(input.password, found);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Spent in the same statement that checks it, so two parallel uses cannot both pass.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) throw resetTokenInvalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, found.userId));
    await tx.delete(sessions).where(eq(sessions.userId, found.userId));
  });
  return { userId: found.userId, email: found.email };
}
