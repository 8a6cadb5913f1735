// GET /api/internal/v1/clients?search=: the first page of the clients matching a search (name,
// email or phone), best first, for pickers such as the schedule's booking dialog. The clients pages
// read every page of the same list through their own module.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientListDocument, ClientResource } from "../../../shared/contracts/client.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { ClientResource };

/** Fewer characters match too many people to be worth a request. */
export const CLIENT_SEARCH_MIN_LENGTH = 2;

export function searchClients(search: string, signal?: AbortSignal) {
  return officeApi.get<ClientListDocument>(paths.api.internal.clientSearch(search), { signal });
}

export const clientSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [OFFICE_QUERY_ROOT, "client-search", search] as const,
    queryFn: ({ signal }) => searchClients(search, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The clients matching `search` (trimmed); nothing is asked below the minimum length. */
export function useClientSearch(search: string) {
  const term = search.trim();
  return useQuery({
    ...clientSearchQueryOptions(term),
    enabled: term.length >= CLIENT_SEARCH_MIN_LENGTH,
    select: (document) => document.data,
  });
}
