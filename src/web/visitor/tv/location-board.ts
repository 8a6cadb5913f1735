// GET /api/v2/open/locations/{id}/board: a location's lobby board (now serving, next up, current
// wait; a private location's with its board link's token). Fetcher, query options and hook. A TV is never touched: it retries forever with
// a growing pause, and re-reads every minute in case an update was missed.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { LocationBoard } from "../../../shared/contracts/location-board.ts";
import type { Locale } from "../../../shared/domain.ts";
import { ApiError, api } from "../../api/client.ts";
import { paths } from "../../paths.ts";

export type { LocationBoard };

export const BOARD_SAFETY_REFRESH_MS = 60_000;
const MAX_RETRY_DELAY_MS = 30_000;

export async function getLocationBoard(
  locationId: string,
  locale: Locale,
  signal?: AbortSignal,
  token?: string,
): Promise<LocationBoard> {
  const document = await api.get<{ data: { attributes: LocationBoard } }>(
    paths.api.locationBoard(locationId, token),
    { locale, ...(signal ? { signal } : {}) },
  );
  return document.data.attributes;
}

export const locationBoardQueryKey = (locationId: string) => ["location-board", locationId];

/** `token`: the board link's, which a private location's board needs */
export const locationBoardQueryOptions = (locationId: string, locale: Locale, token?: string) =>
  queryOptions({
    queryKey: [...locationBoardQueryKey(locationId), locale, token ?? null],
    queryFn: ({ signal }) => getLocationBoard(locationId, locale, signal, token),
    refetchInterval: BOARD_SAFETY_REFRESH_MS,
    refetchIntervalInBackground: true,
    // An unknown location will stay unknown; anything else (network, 5xx, 429) is tried again.
    retry: (_failures, error) => !(error instanceof ApiError && [404, 422].includes(error.status)),
    retryDelay: (attempt) => Math.min(MAX_RETRY_DELAY_MS, 1_000 * 2 ** attempt),
  });

export function useLocationBoard(locationId: string, token?: string) {
  const locale = useIntl().locale as Locale;
  return useQuery(locationBoardQueryOptions(locationId, locale, token));
}
