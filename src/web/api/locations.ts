// GET /api/v2/open/locations: the vendor's public locations, sorted by the server (sort order, then
// name), in the page language. Fetcher, query options and hook.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { LocationResource } from "../../shared/contracts/location.ts";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { ApiError, api } from "./client.ts";

export type { LocationResource };

export async function getLocations(locale: Locale): Promise<LocationResource[]> {
  try {
    const document = await api.get<{ data: LocationResource[] }>(paths.api.locations(), { locale });
    return document.data;
  } catch (error) {
    // 404 means no vendor answers for this host: it has no locations to show, not a failure.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const locationsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ["locations", locale],
    queryFn: () => getLocations(locale),
    staleTime: 60_000,
  });

/** The locations in the current page language; switching language refetches the translated names. */
export function useLocations() {
  const locale = useIntl().locale as Locale;
  return useQuery(locationsQueryOptions(locale));
}
