// The message log's filters, kept in the address (?location=&channel=&status=&direction=&q=) so a
// reload, a bookmark and the back button keep them. Values the page does not offer are ignored, so
// an old or hand-edited address still opens the log instead of an error.
import { useCallback, useMemo } from "react";
import { MESSAGE_CHANNELS } from "../../../shared/notifications/message-kinds.ts";
import {
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
} from "../../../shared/notifications/message-statuses.ts";
import type { Me } from "../../api/office/me.ts";
import type { MessageLogFilters } from "../../api/office/message-log.ts";
import { useSearchParams } from "../../routing/routing.tsx";

export type FilterName = "location" | "channel" | "status" | "direction" | "q";
export const FILTER_NAMES: readonly FilterName[] = [
  "location",
  "channel",
  "status",
  "direction",
  "q",
];

/** The address's filters, each one the page offers, else empty. */
export type PageFilters = Record<FilterName, string>;

const oneOf = (allowed: readonly string[], value: string | null) =>
  value !== null && allowed.includes(value) ? value : "";

export function readFilters(params: URLSearchParams, locationIds: readonly string[]): PageFilters {
  return {
    location: oneOf(locationIds, params.get("location")),
    channel: oneOf(MESSAGE_CHANNELS, params.get("channel")),
    status: oneOf(MESSAGE_STATUSES, params.get("status")),
    direction: oneOf(MESSAGE_DIRECTIONS, params.get("direction")),
    q: (params.get("q") ?? "").slice(0, 200),
  };
}

/** The API's query for the page's filters; empty ones are left out. */
export function apiFilters(filters: PageFilters): MessageLogFilters {
  const query: MessageLogFilters = {};
  if (filters.location) query.location_id = filters.location;
  if (filters.channel) query.channel = filters.channel;
  if (filters.status) query.status = filters.status;
  if (filters.direction) query.direction = filters.direction;
  const q = filters.q.trim();
  if (q) query.q = q;
  return query;
}

export function useMessageLogFilters(me: Pick<Me, "locations">) {
  const [params, setParams] = useSearchParams();
  const locationIds = useMemo(() => me.locations.map((l) => String(l.id)), [me.locations]);
  const filters = useMemo(() => readFilters(params, locationIds), [params, locationIds]);

  const setFilter = useCallback(
    (name: FilterName, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        // Typing a search replaces the entry rather than leaving one per word in the history.
        { replace: name === "q" },
      ),
    [setParams],
  );

  const clearFilters = useCallback(
    () =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const name of FILTER_NAMES) next.delete(name);
        return next;
      }),
    [setParams],
  );

  const active = FILTER_NAMES.some((name) => filters[name] !== "");
  return { filters, setFilter, clearFilters, active };
}
