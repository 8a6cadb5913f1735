// After a session ends (signed out here, signed out everywhere, or found gone): drop everything
// the staff member could see, mark nobody signed in, and remember why, so the office layout can
// send the browser to sign-in with the right words (and, for an expired session, the way back).
import type { QueryClient } from "@tanstack/react-query";
import { meQueryKey, OFFICE_QUERY_ROOT } from "./me.ts";
import { setStaffCsrfToken } from "./office-client.ts";

export type SessionEnd = "signed-out" | "signed-out-everywhere" | "expired";

const sessionEndKey = [OFFICE_QUERY_ROOT, "session-end"] as const;

export function forgetSession(queryClient: QueryClient, end: SessionEnd) {
  setStaffCsrfToken(null);
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] === OFFICE_QUERY_ROOT && query.queryKey[1] !== meQueryKey[1],
  });
  queryClient.setQueryData(sessionEndKey, end);
  queryClient.setQueryData(meQueryKey, null);
}

/** Why the last session ended, if one ended in this tab. */
export function sessionEndOf(queryClient: QueryClient): SessionEnd | undefined {
  return queryClient.getQueryData<SessionEnd>(sessionEndKey);
}

/** A new session begins: the last one's ending is no longer news. */
export function clearSessionEnd(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: sessionEndKey, exact: true });
}
