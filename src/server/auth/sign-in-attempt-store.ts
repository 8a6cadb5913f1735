// Where sign-in attempts are counted: the rate-limit store, so in Redis (shared by every node) when
// REDIS_URL is set and in this process's memory otherwise (decision 0012). Each operation is one
// atomic step, so parallel guesses all count and none slips between a check and its count.
import type { ScriptRunner } from "../http/rate-limit.ts";

/** The counters one attempt touches; keys already hashed and namespaced by the caller. */
export type AttemptKeys = {
  /** every failure on the account, from any client */
  account: string;
  /** the failures of one client address on the account */
  pair: string;
  /** present while this client address has signed in to the account recently */
  knownClient: string;
};

export type AttemptPolicy = {
  /** failures of a client on an account before delays begin */
  pairFreeFailures: number;
  /** failures on an account (from clients it has not seen sign in) before delays begin */
  accountFreeFailures: number;
  /** the first delay; each further failure doubles it */
  baseDelayMs: number;
  maxDelayMs: number;
  /** counters are forgotten this long after their last attempt */
  forgetAfterMs: number;
  /** a client stays known this long after its last sign-in */
  knownClientMs: number;
};

export type ClaimResult =
  | { allowed: false; retryAfterMs: number }
  | { allowed: true; accountFailures: number };

export type SignInAttemptStore = {
  /**
   * Refuses the attempt while the pair, or (for a client the account has not seen sign in) the
   * account, is waiting out a delay; otherwise counts it as a failure on both ahead of the
   * password check, so attempts made in parallel all count.
   */
  claim(keys: AttemptKeys, now: number, policy: AttemptPolicy): Promise<ClaimResult>;
  /** Takes back a claimed attempt that succeeded: clears the pair, marks the client known. */
  succeeded(keys: AttemptKeys, now: number, policy: AttemptPolicy): Promise<void>;
  /** True once per burst of failures on the account (until its counter is forgotten). */
  firstReportOfBurst(accountKey: string): Promise<boolean>;
  /** Forgets the account's failures (a completed password reset). */
  forgetAccount(accountKey: string): Promise<void>;
};

/** The wait after `failures` failures: none before `free`, then base, 2 × base, 4 × base … capped. */
export function delayAfter(failures: number, free: number, policy: AttemptPolicy): number {
  if (failures < free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - free), policy.maxDelayMs);
}

type Counter = { failures: number; nextAt: number; reported: boolean; expiresAt: number };

/** One node's counters in a Map; expired entries are swept as the map grows. */
export function memoryAttemptStore(): SignInAttemptStore {
  const counters = new Map<string, Counter>();
  const known = new Map<string, number>();
  let sweepAt = 1_000;
  const live = (key: string, now: number) => {
    const counter = counters.get(key);
    return counter && counter.expiresAt > now ? counter : undefined;
  };
  const sweep = (now: number) => {
    if (counters.size + known.size < sweepAt) return;
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
    for (const [key, until] of known) if (until <= now) known.delete(key);
    sweepAt = Math.max(1_000, 2 * (counters.size + known.size));
  };
  const count = (key: string, free: number, now: number, policy: AttemptPolicy) => {
    const counter = live(key, now) ?? { failures: 0, nextAt: 0, reported: false, expiresAt: 0 };
    counter.failures += 1;
    const delay = delayAfter(counter.failures, free, policy);
    counter.nextAt = delay > 0 ? now + delay : 0;
    counter.expiresAt = now + policy.forgetAfterMs;
    counters.set(key, counter);
    return counter.failures;
  };
  return {
    async claim(keys, now, policy) {
      sweep(now);
      const isKnown = (known.get(keys.knownClient) ?? 0) > now;
      let wait = (live(keys.pair, now)?.nextAt ?? 0) - now;
      if (!isKnown) wait = Math.max(wait, (live(keys.account, now)?.nextAt ?? 0) - now);
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      count(keys.pair, policy.pairFreeFailures, now, policy);
      const accountFailures = count(keys.account, policy.accountFreeFailures, now, policy);
      return { allowed: true, accountFailures };
    },
    async succeeded(keys, now, policy) {
      counters.delete(keys.pair);
      const account = live(keys.account, now);
      if (account && account.failures > 0) account.failures -= 1;
      known.set(keys.knownClient, now + policy.knownClientMs);
    },
    async firstReportOfBurst(accountKey) {
      const counter = counters.get(accountKey);
      if (!counter || counter.reported) return false;
      counter.reported = true;
      return true;
    },
    async forgetAccount(accountKey) {
      counters.delete(accountKey);
    },
  };
}

// KEYS: pair, account, known client. ARGV: now, pair free, account free, base, max, forget after.
const CLAIM = `
local now = tonumber(ARGV[1])
local function nextAt(key) return tonumber(redis.call('HGET', key, 'next') or '0') end
local wait = nextAt(KEYS[1]) - now
if redis.call('EXISTS', KEYS[3]) == 0 then wait = math.max(wait, nextAt(KEYS[2]) - now) end
if wait > 0 then return {0, wait} end
local function count(key, free)
  local failures = redis.call('HINCRBY', key, 'failures', 1)
  local nxt = 0
  if failures >= free then
    nxt = now + math.min(tonumber(ARGV[4]) * 2 ^ (failures - free), tonumber(ARGV[5]))
  end
  redis.call('HSET', key, 'next', string.format('%d', nxt))
  redis.call('PEXPIRE', key, ARGV[6])
  return failures
end
count(KEYS[1], tonumber(ARGV[2]))
return {1, count(KEYS[2], tonumber(ARGV[3]))}`;

// KEYS: pair, account, known client. ARGV: known client lifetime.
const SUCCEEDED = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('HGET', KEYS[2], 'failures') or '0') > 0 then
  redis.call('HINCRBY', KEYS[2], 'failures', -1)
end
redis.call('SET', KEYS[3], '1', 'PX', ARGV[1])
return 1`;

// KEYS: account. A burst is the life of the account's counter: reported once, until it expires.
const FIRST_REPORT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSETNX', KEYS[1], 'reported', '1')`;

/** The counters in Redis, one Lua script per operation, so every node counts together. */
export function redisAttemptStore(client: ScriptRunner): SignInAttemptStore {
  return {
    async claim(keys, now, policy) {
      const reply = (await client.eval(CLAIM, {
        keys: [keys.pair, keys.account, keys.knownClient],
        arguments: [
          String(now),
          String(policy.pairFreeFailures),
          String(policy.accountFreeFailures),
          String(policy.baseDelayMs),
          String(policy.maxDelayMs),
          String(policy.forgetAfterMs),
        ],
      })) as [number, number];
      return Number(reply[0]) === 0
        ? { allowed: false, retryAfterMs: Number(reply[1]) }
        : { allowed: true, accountFailures: Number(reply[1]) };
    },
    async succeeded(keys, _now, policy) {
      await client.eval(SUCCEEDED, {
        keys: [keys.pair, keys.account, keys.knownClient],
        arguments: [String(policy.knownClientMs)],
      });
    },
    async firstReportOfBurst(accountKey) {
      return Number(await client.eval(FIRST_REPORT, { keys: [accountKey], arguments: [] })) === 1;
    },
    async forgetAccount(accountKey) {
      await client.eval("return redis.call('DEL', KEYS[1])", { keys: [accountKey], arguments: [] });
    },
  };
}
