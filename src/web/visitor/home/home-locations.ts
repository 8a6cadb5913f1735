// The home page's list: GET /api/v2/open/locations, narrowed by what the visitor typed
// (`filter[search]`, translated names too) and, once they have shared where they are, nearest first
// (`near`: the server adds distance and sorts by it). Re-read every minute while the page is open,
// so that waits and open states stay current. Fetcher, query options and hook.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { ApiError, api } from "../../api/client.ts";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";

/** How often the list (and so each location's wait) is read again while the page is open. */
export const HOME_REFRESH_MS = 60_000;

export type HomeCriteria = {
  search: string;
  near: { lat: number; lng: number } | null;
};

export function homeQuery({ search, near }: HomeCriteria): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.trim()) query["filter[search]"] = search.trim();
  // Three decimals are ~100 m: enough to order branches, and it keeps the visitor's exact position
  // out of the server's logs.
  if (near) query.near = `${near.lat.toFixed(3)},${near.lng.toFixed(3)}`;
  return query;
}

export async function getHomeLocations(
  criteria: HomeCriteria,
  locale: Locale,
): Promise<LocationResource[]> {
  try {
    const document = await api.get<{ data: LocationResource[] }>(paths.api.locations(), {
      locale,
      query: homeQuery(criteria),
    });
    return document.data;
  } catch (error) {
    // 404: no vendor answers for this host, so there is nothing to list.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const homeLocationsQueryOptions = (criteria: HomeCriteria, locale: Locale) =>
  queryOptions({
    queryKey: ["locations", locale, homeQuery(criteria)],
    queryFn: () => getHomeLocations(criteria, locale),
    staleTime: 30_000,
    refetchInterval: HOME_REFRESH_MS,
  });

/** The list for the criteria; the previous list stays on screen while the next one loads. */
export function useHomeLocations(criteria: HomeCriteria) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...homeLocationsQueryOptions(criteria, locale),
    placeholderData: keepPreviousData,
  });
}
