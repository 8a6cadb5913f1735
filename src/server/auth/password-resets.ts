// Password reset by a single-use token valid 30 minutes: only its sha256 is stored, a new request
// replaces the previous link, and using it signs the account out everywhere.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { Db } from "../db/client.ts";
import { passwordResetTokens, sessions, users } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { hashPassword } from "../security/password-hash.ts";
import { hashToken, newToken } from "./session-token.ts";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const resetTokenInvalid = () =>
  new AppError("bad_request", {
    code: "reset_token_invalid",
    messageId: "Auth.reset_token_invalid",
  });

/**
 * Creates a reset token when the email names an active account that may sign in on this vendor's
 * host, and hands it to `deliver`; otherwise does nothing, so the caller answers alike either way.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; vendorId: number; now?: Date },
  deliver: (delivery: { token: string; userId: number; email: string }) => void | Promise<void>,
): Promise<void> {
  const now = input.now ?? new Date();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()))
    .limit(1);
  if (!user?.active) return;
  if (user.vendorId !== input.vendorId && user.roleLevel !== ROLES.platform_admin) return;
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
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  await deliver({ token, userId: user.id, email: user.email });
}

/** Sets the new password, spends the token and ends every session of the account. */
export async function completePasswordReset(
  db: Db,
  input: { token: string; password: string; vendorId: number; now?: Date },
): Promise<{ userId: number }> {
  const now = input.now ?? new Date();
  const tokenId = hashToken(input.token);
  const usable = and(
    eq(passwordResetTokens.id, tokenId),
    eq(passwordResetTokens.vendorId, input.vendorId),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [found] = await db
    .select({ userId: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(usable)
    .limit(1);
  if (!found) throw resetTokenInvalid();
  if (input.password.trim().toLowerCase() === found.email.trim().toLowerCase()) {
    throw new AppError("unprocessable", {
      code: "password_is_email",
      messageId: "Auth.password_is_email",
      pointer: "/password",
    });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Spent in the same statement that checks it, so two parallel uses cannot both pass.
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usable)
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) throw resetTokenInvalid();
    await tx
      .update(users)
      .set({ passwordHash, failedSignIns: 0, lockedUntil: null })
      .where(eq(users.id, found.userId));
    await tx.delete(sessions).where(eq(sessions.userId, found.userId));
  });
  return { userId: found.userId };
}
