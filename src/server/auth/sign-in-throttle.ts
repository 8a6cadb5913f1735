// Slows password guessing without letting anyone lock a colleague out: failures are counted per
// account and per (account, client address), and past a few free ones each further attempt must
// wait a doubling delay. The account-wide delay spares the client addresses the account recently
// signed in from, so the owner's usual client keeps working while a stranger's is slowed. Keyed
// by the email as typed (hashed), so an unknown address is counted and answered exactly alike.
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../http/app-error.ts";
import type { AttemptKeys, AttemptPolicy, SignInAttemptStore } from "./sign-in-attempt-store.ts";

export const SIGN_IN_THROTTLE: AttemptPolicy = {
  pairFreeFailures: 5,
  accountFreeFailures: 20,
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  knownClientMs: 30 * 24 * 60 * 60_000,
};

/** Failures on one account (from any client) after which its owner should hear of them, once a burst. */
export const REPORT_AFTER_FAILURES = 10;

const NAMESPACE = "nl-sign-in:";

export function attemptKeys(email: string, clientAddress: string): AttemptKeys {
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return {
    account: `${NAMESPACE}account:${account}`,
    pair: `${NAMESPACE}pair:${account}:${clientAddress}`,
    knownClient: `${NAMESPACE}known:${account}:${clientAddress}`,
  };
}

export function signInThrottled(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const detail: { messageId: string; values: Record<string, number> } =
    seconds < 60
      ? { messageId: "Auth.sign_in_throttled_seconds", values: { seconds } }
      : { messageId: "Auth.sign_in_throttled", values: { minutes: Math.ceil(seconds / 60) } };
  return new AppError(
    "rate_limited",
    { code: "sign_in_throttled", ...detail },
    { headers: { "retry-after": String(seconds) } },
  );
}

export type SignInAttempt = {
  /** the account's failures, this attempt counted */
  accountFailures: number;
  /** the password was right: take the attempt back and remember the client */
  succeeded(): Promise<void>;
  /** the password was wrong: true when this failure starts a burst the owner should hear of */
  failedStartsBurst(): Promise<boolean>;
};

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * The store failing (Redis unreachable) lets attempts through, as the per-address rate limit
 * does: an outage of the counters must not stop every sign-in. It is logged.
 */
export function createSignInThrottle(
  store: SignInAttemptStore,
  log: FastifyBaseLogger,
  policy: AttemptPolicy = SIGN_IN_THROTTLE,
) {
  const guarded = async <T>(fallback: T, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      log.warn({ err: error }, "sign-in attempt store unavailable; attempt not counted");
      return fallback;
    }
  };
  return {
    /** Counts the attempt, or throws 429 sign_in_throttled with Retry-After while it must wait. */
    async claim(input: {
      email: string;
      clientAddress: string;
      now: Date;
    }): Promise<SignInAttempt> {
      const keys = attemptKeys(input.email, input.clientAddress);
      const now = input.now.getTime();
      const claimed = await guarded({ allowed: true, accountFailures: 0 } as const, () =>
        store.claim(keys, now, policy),
      );
      if (!claimed.allowed) throw signInThrottled(claimed.retryAfterMs);
      return {
        accountFailures: claimed.accountFailures,
        succeeded: () => guarded(undefined, () => store.succeeded(keys, now, policy)),
        failedStartsBurst: async () =>
          claimed.accountFailures >= REPORT_AFTER_FAILURES &&
          (await guarded(false, () => store.firstReportOfBurst(keys.account))),
      };
    },
    /** After a completed password reset: the account's failures are forgotten, this client known. */
    async passwordReset(input: { email: string; clientAddress: string; now: Date }) {
      const keys = attemptKeys(input.email, input.clientAddress);
      await guarded(undefined, async () => {
        await store.forgetAccount(keys.account);
        await store.succeeded(keys, input.now.getTime(), policy);
      });
    },
  };
}
