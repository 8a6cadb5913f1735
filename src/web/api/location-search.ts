// GET /api/v2/open/locations?filter[search]=…: the vendor's public locations whose name, address,
// city or postal code match what the visitor typed (the callback form's interim location list).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { ApiError, api } from "./client.ts";
import type { LocationResource } from "./locations.ts";

export async function searchLocations(search: string, locale: Locale): Promise<LocationResource[]> {
  const trimmed = search.trim();
  try {
    const document = await api.get<{ data: LocationResource[] }>(paths.api.locations(), {
      locale,
      query: { "filter[search]": trimmed === "" ? undefined : trimmed },
    });
    return document.data;
  } catch (error) {
    // 404: no vendor answers for this host, so there is nothing to list.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const locationSearchQueryOptions = (search: string, locale: Locale) =>
  queryOptions({
    queryKey: ["locations", locale, { search: search.trim() }],
    queryFn: () => searchLocations(search, locale),
    staleTime: 60_000,
  });

/** The matches for `search` (all locations when empty); the last list stays while the next loads. */
export function useLocationSearch(search: string) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...locationSearchQueryOptions(search, locale),
    placeholderData: keepPreviousData,
  });
}
