// GET /api/internal/v1/messages: the message log, newest first, a page at a time ("Load more" asks
// for the page before the last one shown). Fetcher, query options and hook of the /messages page.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { MessageLogDocument, MessageResource } from "../../../shared/contracts/messages.ts";
import { type MessageLogApiQuery, paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { MessageLogDocument, MessageResource };

/** What the page filters by; every field optional, empty means "any". */
export type MessageLogFilters = Omit<MessageLogApiQuery, "before" | "limit">;

export const MESSAGE_LOG_PAGE_SIZE = 50;

export const messageLogKey = [OFFICE_QUERY_ROOT, "message-log"] as const;

export function getMessageLog(query: MessageLogApiQuery, signal?: AbortSignal) {
  return officeApi.get<MessageLogDocument>(paths.api.internal.messages(query), { signal });
}

export const messageLogQueryOptions = (filters: MessageLogFilters) =>
  infiniteQueryOptions({
    queryKey: [...messageLogKey, filters] as const,
    queryFn: ({ pageParam, signal }) =>
      getMessageLog(
        {
          ...filters,
          limit: MESSAGE_LOG_PAGE_SIZE,
          ...(pageParam ? { before: pageParam } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    // A manager coming back to the tab sees what was sent meanwhile.
    refetchOnWindowFocus: true,
    placeholderData: (previous) => previous,
  });

export function useMessageLog(filters: MessageLogFilters) {
  return useInfiniteQuery(messageLogQueryOptions(filters));
}
