// Checks an email and password for the vendor of the host, with per-account lockout. A wrong
// email, a wrong vendor and a wrong password all cost one argon2 verification and read the same.
import { eq, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { DbOrTx } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { AppError } from "../http/app-error.ts";
import { hashPassword, verifyPassword } from "../security/password-hash.ts";
import { newToken } from "./session-token.ts";

export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

type User = typeof users.$inferSelect;

export const invalidCredentials = () =>
  new AppError("unauthenticated", {
    code: "invalid_credentials",
    messageId: "Auth.invalid_credentials",
  });

function accountLocked(lockedUntil: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(
    "rate_limited",
    {
      code: "account_locked",
      messageId: "Auth.account_locked",
      values: { minutes: Math.ceil(seconds / 60) },
    },
    { headers: { "retry-after": String(seconds) } },
  );
}

const accountInactive = () =>
  new AppError("forbidden", { code: "account_inactive", messageId: "Auth.account_inactive" });

// Verified against when there is no usable hash, so a missing account costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;
function passwordHashToCheck(user: User | undefined): Promise<string> {
  if (user?.passwordHash) return Promise.resolve(user.passwordHash);
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/** The user the credentials belong to, or an AppError: 401 invalid, 429 locked, 403 inactive. */
export async function signIn(
  db: DbOrTx,
  input: { email: string; password: string; vendorId: number; now?: Date },
): Promise<User> {
  const now = input.now ?? new Date();
  const [found] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()))
    .limit(1);
  // Only platform admins may sign in on another vendor's host; to everyone else that account does not exist.
  const user =
    found && (found.vendorId === input.vendorId || found.roleLevel === ROLES.platform_admin)
      ? found
      : undefined;
  if (user?.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);

  const matches = await verifyPassword(await passwordHashToCheck(user), input.password);
  if (!user?.passwordHash) throw invalidCredentials();
  if (!matches) {
    const lockedUntil = await recordFailedSignIn(db, user.id, now);
    if (lockedUntil && lockedUntil > now) throw accountLocked(lockedUntil, now);
    throw invalidCredentials();
  }
  if (!user.active) throw accountInactive();
  if (user.failedSignIns !== 0 || user.lockedUntil !== null) {
    await db
      .update(users)
      .set({ failedSignIns: 0, lockedUntil: null })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** Counts one failure in a single statement (so parallel attempts all count); the fifth locks. */
async function recordFailedSignIn(db: DbOrTx, userId: number, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCKOUT_MS);
  const reachesLimit = sql`${users.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const [row] = await db
    .update(users)
    .set({
      failedSignIns: sql`case when ${reachesLimit} then 0 else ${users.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil ?? null;
}
