// Checks an email and password for the vendor of the host, throttled per account and client
// (sign-in-throttle.ts). A wrong email, a wrong vendor and a wrong password all cost one argon2
// verification, the same counters and read the same; so does a throttled attempt.
import { eq, sql } from "drizzle-orm";
import { ROLES } from "../../shared/domain.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { recordDomainEvents } from "../events/outbox.ts";
import { AppError } from "../http/app-error.ts";
import { hashPassword, verifyPassword } from "../security/password-hash.ts";
import { newToken } from "./session-token.ts";
import type { SignInThrottle } from "./sign-in-throttle.ts";

type User = typeof users.$inferSelect;

export const invalidCredentials = () =>
  new AppError("unauthenticated", {
    code: "invalid_credentials",
    messageId: "Auth.invalid_credentials",
  });

const accountInactive = () =>
  new AppError("forbidden", { code: "account_inactive", messageId: "Auth.account_inactive" });

// Verified against when there is no usable hash, so a missing account costs as much as a wrong password.
let dummyHash: Promise<string> | undefined;
function passwordHashToCheck(user: User | undefined): Promise<string> {
  if (user?.passwordHash) return Promise.resolve(user.passwordHash);
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
}

/**
 * The user the credentials belong to, or an AppError: 429 sign_in_throttled (before any look-up),
 * 401 invalid, 403 inactive (only with the right password).
 */
export async function signIn(
  db: Db,
  throttle: SignInThrottle,
  input: { email: string; password: string; vendorId: number; clientAddress: string; now?: Date },
): Promise<User> {
  const now = input.now ?? new Date();
  const attempt = await throttle.claim({
    email: input.email,
    clientAddress: input.clientAddress,
    now,
  });
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

  const matches = await verifyPassword(await passwordHashToCheck(user), input.password);
  if (!user?.passwordHash || !matches) {
    if ((await attempt.failedStartsBurst()) && user) {
      await reportRepeatedFailures(db, user, attempt.accountFailures, now);
    }
    throw invalidCredentials();
  }
  await attempt.succeeded();
  if (!user.active) throw accountInactive();
  return user;
}

/**
 * Records `staff.sign_in_failures` once per burst (not per failure), for the owner to be told once
 * notifications exist. An address without an account has no owner to tell.
 */
async function reportRepeatedFailures(db: Db, user: User, failures: number, now: Date) {
  await db.transaction((tx) =>
    recordDomainEvents(tx, [
      {
        vendorId: user.vendorId,
        type: "staff.sign_in_failures",
        aggregateId: user.id,
        payload: { failures },
        occurredAt: now,
      },
    ]),
  );
}
