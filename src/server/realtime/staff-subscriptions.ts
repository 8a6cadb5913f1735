// This node's staff subscriptions by socket, so a revoked session's channels end at once: the
// announcement names a session or a user, and every socket holding a channel on it leaves it and
// is told so. A subscribe whose session check was under way when the announcement came is refused
// too (its check may have read the session just before it ended).
import type { StaffGrant } from "./authorize-subscription.ts";
import type { HeldStaffChannel } from "./socket-context.ts";
import type { StaffSessionRevocation } from "./staff-session-revocations.ts";

/** What the registry needs of a socket: the channels it holds, and how to end or re-check them. */
export type StaffSubscriber = {
  held(): Readonly<Record<string, HeldStaffChannel>>;
  /** leaves the channel and tells the client its session ended */
  endRevoked(channel: string): void;
  /** checks the session of every held channel again, ending those it no longer allows */
  recheck(): void;
};

/** How long a revocation is remembered for the checks under way when it came (a check takes a query or two). */
const REMEMBERED_MS = 60_000;

const matches = (revocation: StaffSessionRevocation, grant: StaffGrant) =>
  "sessionId" in revocation
    ? revocation.sessionId === grant.sessionId
    : revocation.userId === grant.userId;

export type StaffSubscriptions = ReturnType<typeof createStaffSubscriptions>;

export function createStaffSubscriptions(now: () => number = Date.now) {
  const subscribers = new Set<StaffSubscriber>();
  let sequence = 0;
  const recent: { sequence: number; at: number; revocation: StaffSessionRevocation }[] = [];

  return {
    add(subscriber: StaffSubscriber): () => void {
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },

    /** A mark to take before a session check; `revokedSince(mark, grant)` after it. */
    mark(): number {
      return sequence;
    },

    /** Whether a revocation naming the grant came after `mark`. */
    revokedSince(mark: number, grant: StaffGrant): boolean {
      return recent.some((entry) => entry.sequence > mark && matches(entry.revocation, grant));
    },

    /** Ends every channel on this node that stands on a revoked session. */
    revoke(revocation: StaffSessionRevocation) {
      sequence += 1;
      const at = now();
      while (recent.length > 0 && recent[0]!.at < at - REMEMBERED_MS) recent.shift();
      recent.push({ sequence, at, revocation });
      for (const subscriber of subscribers) {
        for (const [channel, grant] of Object.entries(subscriber.held())) {
          if (matches(revocation, grant)) subscriber.endRevoked(channel);
        }
      }
    },

    /** Revocations may have been missed: every held staff channel checks its session again. */
    recheckAll() {
      for (const subscriber of subscribers)
        if (Object.keys(subscriber.held()).length > 0) subscriber.recheck();
    },
  };
}
