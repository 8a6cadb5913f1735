// GET /api/internal/v1/me: who is signed in, as what, where, what they may open, and the realtime
// token. null when nobody is (401). Fetcher, query options and hook; the shell reads it once and
// re-reads it before the realtime token runs out.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me, MeAnswer } from "../../../shared/contracts/me.ts";
import { paths } from "../../paths.ts";
import { ApiError } from "../client.ts";
import { preSessionApi, setStaffCsrfToken } from "./office-client.ts";

export type { Me, MeAnswer };

/** Every office query starts with this, so signing out can drop them all at once. */
export const OFFICE_QUERY_ROOT = "office";
export const meQueryKey = [OFFICE_QUERY_ROOT, "me"] as const;

/** Renewed this long before the realtime token expires, so the socket never holds a dead one. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60_000;
/** Timers take at most 2^31 − 1 ms; a longer delay would fire at once. */
const LONGEST_DELAY_MS = 24 * 3600_000;

export async function getMe(): Promise<Me | null> {
  try {
    const answer = await preSessionApi.get<MeAnswer>(paths.api.me());
    setStaffCsrfToken(answer.csrf_token);
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setStaffCsrfToken(null);
      return null;
    }
    throw error;
  }
}

/** How long until `me` should be read again; false when signed out. */
export function renewalDelay(me: Me | null | undefined, now = Date.now()): number | false {
  if (!me) return false;
  const expires = Date.parse(me.realtime.expires_at);
  if (Number.isNaN(expires)) return false;
  return Math.min(LONGEST_DELAY_MS, Math.max(60_000, expires - RENEW_BEFORE_EXPIRY_MS - now));
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    // The answer changes only with a sign-in, a sign-out or the token's renewal: a new token on every
    // read would reconnect the socket for nothing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => renewalDelay(query.state.data),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
