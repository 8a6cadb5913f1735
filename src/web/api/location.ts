// GET /api/v2/open/locations/{id}: one location — a private one too, so the form can say it is
// private — with its hours, future open hours and current wait, in the page language.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { Locale } from "../../shared/domain.ts";
import { paths } from "../paths.ts";
import { api } from "./client.ts";
import type { LocationResource } from "./locations.ts";

export async function getLocation(id: string, locale: Locale): Promise<LocationResource> {
  // The language is in the address as well as the header: the page's HTML preloads this very
  // address (src/server/http/page-preloads.ts), and a preload is used only by the same URL.
  const document = await api.get<{ data: LocationResource }>(paths.api.location(id), {
    locale,
    query: { lang: locale },
  });
  return document.data;
}

export const locationQueryOptions = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ["location", id, locale],
    queryFn: () => getLocation(id, locale),
    staleTime: 30_000,
  });

/**
 * The location with this id in the page language; null id → nothing is fetched. While another
 * language loads, the previous language's copy of the same location stays on screen.
 */
export function useLocationById(id: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...locationQueryOptions(id ?? "", locale),
    enabled: id !== null,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === id ? previous : undefined,
  });
}
