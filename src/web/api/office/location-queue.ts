// GET /api/internal/v1/locations/{id}/queue: a location's line as the lobby shows it (waiting in
// order, in progress with their staff) and the wait a visitor joining now would have. Fetcher,
// query options and hook; realtime invalidates it (use-staff-location-events.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { LobbyEntry, LobbyQueueDocument } from "../../../shared/contracts/lobby-entry.ts";
import type { Locale } from "../../../shared/domain.ts";
import { paths } from "../../office/office-paths.ts";
import { OFFICE_QUERY_ROOT } from "./me.ts";
import { officeApi } from "./office-client.ts";

export type { LobbyEntry, LobbyQueueDocument };

/** The key of one location's line in every language (invalidate with this prefix). */
export const locationQueueKey = (locationId: string) =>
  [OFFICE_QUERY_ROOT, "queue", locationId] as const;

/** A safety net under realtime: a missed event is caught up within this long. */
const REFRESH_EVERY_MS = 60_000;

export function getLocationQueue(locationId: string, locale: Locale, signal?: AbortSignal) {
  return officeApi.get<LobbyQueueDocument>(paths.api.internal.locationQueue(locationId), {
    locale,
    signal,
  });
}

export const locationQueueQueryOptions = (locationId: string, locale: Locale) =>
  queryOptions({
    queryKey: [...locationQueueKey(locationId), locale] as const,
    queryFn: ({ signal }) => getLocationQueue(locationId, locale, signal),
    refetchInterval: REFRESH_EVERY_MS,
    // A receptionist coming back to the tab sees the line as it is now.
    refetchOnWindowFocus: true,
    // In another language the same line stays on screen while it reloads; another location's does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === locationId ? previous : undefined,
  });

export function useLocationQueue(locationId: string | null) {
  const locale = useIntl().locale as Locale;
  return useQuery({
    ...locationQueueQueryOptions(locationId ?? "", locale),
    enabled: locationId !== null,
  });
}
