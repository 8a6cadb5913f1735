import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../http/app-error.ts";
import {
  memoryAttemptStore,
  redisAttemptStore,
  type SignInAttemptStore,
} from "./sign-in-attempt-store.ts";
import {
  attemptKeys,
  createSignInThrottle,
  REPORT_AFTER_FAILURES,
  SIGN_IN_THROTTLE,
} from "./sign-in-throttle.ts";

const silent = { warn() {} } as unknown as FastifyBaseLogger;
const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const at = (ms: number) => new Date(T0 + ms);
const email = () => `someone-${randomBytes(4).toString("hex")}@staff.test`;

/** The claim's answer: the attempt, or the Retry-After (seconds) of its refusal. */
async function outcome(promise: Promise<unknown>): Promise<"allowed" | number> {
  try {
    await promise;
    return "allowed";
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Number(error.headers["retry-after"]);
  }
}

const redisUrl = process.env.REDIS_URL;
const redis = redisUrl ? createClient({ url: redisUrl }) : undefined;
afterAll(async () => {
  if (redis?.isOpen) await redis.close();
});

const stores: [string, () => Promise<SignInAttemptStore>][] = [
  ["memory", async () => memoryAttemptStore()],
];
if (redis) {
  stores.push([
    "redis",
    async () => {
      if (!redis.isOpen) await redis.connect();
      return redisAttemptStore(redis);
    },
  ]);
}

describe.each(stores)("sign-in throttle (%s store)", (_name, makeStore) => {
  const free = SIGN_IN_THROTTLE.pairFreeFailures;
  const base = SIGN_IN_THROTTLE.baseDelayMs;

  it("lets a client fail a few times freely, then doubles its wait with each further failure, up to 15 minutes", async () => {
    const throttle = createSignInThrottle(await makeStore(), silent);
    const account = email();
    const claim = (ms: number) =>
      outcome(throttle.claim({ email: account, clientAddress: "203.0.113.5", now: at(ms) }));
    let now = 0;
    for (let i = 0; i < free; i++) expect(await claim(now)).toBe("allowed");
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wait = await claim(now);
      expect(wait).not.toBe("allowed");
      waits.push(wait as number);
      // One millisecond early is still refused; on time is allowed (and fails again).
      expect(await claim(now + (wait as number) * 1000 - 1)).not.toBe("allowed");
      now += (wait as number) * 1000;
      expect(await claim(now)).toBe("allowed");
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 900, 900]);
  });

  it("clears a client's failures when it signs in, and remembers it past the account-wide delay", async () => {
    const throttle = createSignInThrottle(await makeStore(), silent);
    const account = email();
    const owner = { email: account, clientAddress: "198.51.100.1" };
    const fail = async (clientAddress: string, now: Date) =>
      throttle.claim({ email: account, clientAddress, now });
    for (let i = 0; i < free - 1; i++) await fail(owner.clientAddress, at(0));
    await (await throttle.claim({ ...owner, now: at(0) })).succeeded();
    // Its count started again: five more free failures.
    for (let i = 0; i < free; i++) await fail(owner.clientAddress, at(1));
    expect(await outcome(fail(owner.clientAddress, at(1)))).toBe(base / 1000);

    // Failures from many addresses past the account's free ones hold back every unseen client …
    const another = createSignInThrottle(await makeStore(), silent);
    const target = email();
    await (
      await another.claim({ email: target, clientAddress: "198.51.100.2", now: at(0) })
    ).succeeded();
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures; i++) {
      await another.claim({ email: target, clientAddress: `10.1.0.${i}`, now: at(0) });
    }
    expect(
      await outcome(another.claim({ email: target, clientAddress: "10.2.0.1", now: at(0) })),
    ).toBe(base / 1000);
    // … but not the one the account signed in from.
    expect(
      await outcome(another.claim({ email: target, clientAddress: "198.51.100.2", now: at(0) })),
    ).toBe("allowed");
  });

  it("counts simultaneous attempts all: of twelve at once, only the free five get through", async () => {
    const throttle = createSignInThrottle(await makeStore(), silent);
    const account = email();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        outcome(throttle.claim({ email: account, clientAddress: "203.0.113.8", now: at(0) })),
      ),
    );
    expect(results.filter((r) => r === "allowed")).toHaveLength(free);
  });

  it("reports a burst of failures once, when the account reaches the threshold", async () => {
    const throttle = createSignInThrottle(await makeStore(), silent);
    const account = email();
    const starts: boolean[] = [];
    for (let i = 0; i < REPORT_AFTER_FAILURES + 3; i++) {
      const attempt = await throttle.claim({
        email: account,
        clientAddress: `10.3.0.${i}`,
        now: at(0),
      });
      starts.push(await attempt.failedStartsBurst());
    }
    expect(starts.indexOf(true)).toBe(REPORT_AFTER_FAILURES - 1);
    expect(starts.filter(Boolean)).toHaveLength(1);
  });

  it("forgets the account's failures after a completed password reset, and knows the client that did it", async () => {
    const throttle = createSignInThrottle(await makeStore(), silent);
    const account = email();
    for (let i = 0; i < SIGN_IN_THROTTLE.accountFreeFailures; i++) {
      await throttle.claim({ email: account, clientAddress: `10.4.0.${i}`, now: at(0) });
    }
    expect(
      await outcome(throttle.claim({ email: account, clientAddress: "10.5.0.1", now: at(0) })),
    ).not.toBe("allowed");
    await throttle.passwordReset({ email: account, clientAddress: "10.5.0.1", now: at(0) });
    expect(
      await outcome(throttle.claim({ email: account, clientAddress: "10.5.0.1", now: at(0) })),
    ).toBe("allowed");
  });
});

describe("sign-in throttle counters' lifetime", () => {
  const free = SIGN_IN_THROTTLE.pairFreeFailures;

  it("forgets a client's failures a quiet day later (memory store, on the given clock)", async () => {
    const throttle = createSignInThrottle(memoryAttemptStore(), silent);
    const account = email();
    const claim = (ms: number) =>
      outcome(throttle.claim({ email: account, clientAddress: "203.0.113.9", now: at(ms) }));
    for (let i = 0; i < free; i++) await claim(0);
    expect(await claim(1)).not.toBe("allowed");
    expect(await claim(SIGN_IN_THROTTLE.forgetAfterMs + 1)).toBe("allowed");
  });

  it.runIf(redis)(
    "lets Redis forget the counters a quiet day after their last attempt",
    async () => {
      if (!redis) return;
      if (!redis.isOpen) await redis.connect();
      const throttle = createSignInThrottle(redisAttemptStore(redis), silent);
      const account = email();
      await throttle.claim({ email: account, clientAddress: "203.0.113.10", now: at(0) });
      const keys = attemptKeys(account, "203.0.113.10");
      for (const key of [keys.pair, keys.account]) {
        const ttl = await redis.pTTL(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(SIGN_IN_THROTTLE.forgetAfterMs);
      }
    },
  );
});

describe("sign-in throttle without its store", () => {
  it("lets attempts through when the store fails, and says so in the log", async () => {
    const warnings: unknown[] = [];
    const log = {
      warn: (fields: unknown) => warnings.push(fields),
    } as unknown as FastifyBaseLogger;
    const broken: SignInAttemptStore = {
      claim: () => Promise.reject(new Error("store down")),
      succeeded: () => Promise.reject(new Error("store down")),
      firstReportOfBurst: () => Promise.reject(new Error("store down")),
      forgetAccount: () => Promise.reject(new Error("store down")),
    };
    const throttle = createSignInThrottle(broken, log);
    const attempt = await throttle.claim({ email: email(), clientAddress: "10.6.0.1", now: at(0) });
    await attempt.succeeded();
    expect(warnings).toHaveLength(2);
  });
});
