// The locations list's search, region, sort, archived toggle and page, kept in the address
// (?q=&region=&sort=&archived=all&page=2) so a reload, a bookmark and the back button keep them.
// Values the page does not offer are ignored, so an odd address still opens the list.
import { useCallback, useMemo } from "react";
import { LOCATION_SORTS } from "../../../shared/contracts/admin-location.ts";
import type { AdminLocationsQuery } from "../../api/office/admin-locations.ts";
import { useSearchParams } from "../../routing/routing.tsx";

export const LOCATIONS_PAGE_SIZE = 25;

export type ListFilters = {
  q: string;
  region: string;
  sort: string;
  /** true: archived locations are listed too */
  archived: boolean;
  page: number;
};

export function readListFilters(params: URLSearchParams): ListFilters {
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").slice(0, 200),
    region: (params.get("region") ?? "").slice(0, 100),
    sort: (LOCATION_SORTS as readonly string[]).includes(sort) ? sort : "sort_order",
    archived: params.get("archived") === "all",
    page: Number.isInteger(page) && page >= 1 && page <= 99_999 ? page : 1,
  };
}

export function apiQuery(filters: ListFilters): AdminLocationsQuery {
  const query: AdminLocationsQuery = {
    sort: filters.sort,
    "filter[archived]": filters.archived ? "all" : "false",
    "page[number]": filters.page,
    "page[size]": LOCATIONS_PAGE_SIZE,
  };
  if (filters.q.trim()) query["filter[search]"] = filters.q.trim();
  if (filters.region) query["filter[region]"] = filters.region;
  return query;
}

export function useLocationListQuery() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(params), [params]);
  const set = useCallback(
    (name: "q" | "region" | "sort" | "archived" | "page", value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (
            value &&
            !(name === "sort" && value === "sort_order") &&
            !(name === "page" && value === "1")
          )
            next.set(name, value);
          else next.delete(name);
          // A new search or filter starts again at the first page.
          if (name !== "page") next.delete("page");
          return next;
        },
        { replace: name === "q" },
      ),
    [setParams],
  );
  return { filters, set };
}
