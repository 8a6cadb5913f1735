// The finder's list: GET /api/v2/open/locations by sort order then name, by distance from a chosen
// place (`near`: the server adds distance, unit and within the vendor's radius, spec §9), or
// matching typed text (`filter[search]`). Fetcher, query options and hook.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { Locale } from "../../../shared/domain.ts";
import { ApiError, api } from "../../api/client.ts";
import type { LocationResource } from "../../api/locations.ts";
import { paths } from "../../paths.ts";

export type FinderCriteria =
  | { kind: "all" }
  | { kind: "text"; text: string }
  | { kind: "place"; name: string; lat: number; lng: number };

/** The list query's parameters for the criteria. */
export function finderQuery(criteria: FinderCriteria): Record<string, string> {
  switch (criteria.kind) {
    case "all":
      return {};
    case "text":
      return { "filter[search]": criteria.text.trim() };
    case "place":
      // Six decimals are ~0.1 m: more says nothing and only splits the cache.
      return { near: `${criteria.lat.toFixed(6)},${criteria.lng.toFixed(6)}` };
  }
}

export async function getFinderLocations(
  criteria: FinderCriteria,
  locale: Locale,
  client: Pick<typeof api, "get"> = api,
): Promise<LocationResource[]> {
  try {
    const document = await client.get<{ data: LocationResource[] }>(paths.api.locations(), {
      locale,
      query: finderQuery(criteria),
    });
    return document.data;
  } catch (error) {
    // 404: no vendor answers for this host, so there is nothing to list.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const finderLocationsQueryOptions = (criteria: FinderCriteria, locale: Locale) =>
  queryOptions({
    queryKey: ["locations", locale, finderQuery(criteria)],
    queryFn: () => getFinderLocations(criteria, locale),
    staleTime: 60_000,
  });

/** The list for the criteria; the previous list stays on screen while the next one loads. */
export function useFinderLocations(criteria: FinderCriteria) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...finderLocationsQueryOptions(criteria, locale),
    placeholderData: keepPreviousData,
  });
}
