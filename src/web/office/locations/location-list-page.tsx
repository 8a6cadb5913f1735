// /locations: the vendor's locations for admins — a table on wide screens, cards on phones — with a
// search, a region filter, a sort (also by the column headers), an "include archived" toggle and
// pages, all kept in the address; "Add location" leads to the empty form.
import { useIntl } from "react-intl";
import { LOCATION_SORTS } from "../../../shared/contracts/admin-location.ts";
import { type AdminLocationsQuery, useAdminLocations } from "../../api/office/admin-locations.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable } from "../../ui/data-table.tsx";
import { FilterBar, SearchFilter, SelectFilter, ToggleFilter } from "../../ui/filter-bar.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { Pager } from "../../ui/pager.tsx";
import { type SearchValues, searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { paths } from "../office-paths.ts";
import { useLocationColumns } from "./location-columns.tsx";
import styles from "./location-list-page.module.css";

export const LOCATIONS_PAGE_SIZE = 25;

const LIST_STATE = {
  q: searchParam.text(),
  region: searchParam.text(100),
  sort: searchParam.oneOf(LOCATION_SORTS, "sort_order"),
  archived: searchParam.flag("all"),
  page: searchParam.page(),
};

export function apiQuery(filters: SearchValues<typeof LIST_STATE>): AdminLocationsQuery {
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

export function LocationListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const title = t("title");
  usePageTitle(title);
  const { values: filters, set } = useSearchState(LIST_STATE);
  const list = useAdminLocations(apiQuery(filters));
  const columns = useLocationColumns();

  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const regions = list.data?.meta.regions ?? [];
  const pages = Math.max(1, Math.ceil(total / LOCATIONS_PAGE_SIZE));
  const filtered = filters.q.trim() !== "" || filters.region !== "";

  return (
    <section aria-labelledby="locations-title" className={styles.page}>
      <div className={styles.top}>
        <h1 id="locations-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.actions}>
          <a
            href={paths.api.internal.csvExport("locations")}
            download
            className={`${controls.button} ${controls.quiet}`}
          >
            {t("export")}
          </a>
          <Link to={paths.importLocations()} className={`${controls.button} ${controls.secondary}`}>
            {t("import")}
          </Link>
          <Link to={paths.newLocation()} className={`${controls.button} ${controls.primary}`}>
            {t("add")}
          </Link>
        </div>
      </div>
      <p className={styles.intro}>{t("intro")}</p>

      <FilterBar label={t("filters")}>
        <SearchFilter
          label={t("search")}
          placeholder={t("search_placeholder")}
          value={filters.q}
          onChange={(q) => set("q", q, { replace: true })}
        />
        <SelectFilter
          label={t("field.region")}
          allLabel={t("all_regions")}
          value={filters.region}
          onChange={(region) => set("region", region)}
          options={[...new Set([...regions, ...(filters.region ? [filters.region] : [])])].map(
            (region) => ({ value: region, label: region }),
          )}
        />
        <SelectFilter
          label={t("sort")}
          value={filters.sort}
          onChange={(sort) => set("sort", sort as (typeof LOCATION_SORTS)[number])}
          options={LOCATION_SORTS.map((sort) => ({
            value: sort,
            label: t(`sort_${sort.replace("-", "desc_")}`),
          }))}
        />
        <ToggleFilter
          label={t("show_archived")}
          checked={filters.archived}
          onChange={(archived) => set("archived", archived)}
        />
      </FilterBar>

      <div role="status" className="visually-hidden">
        {list.isSuccess && !list.isPlaceholderData ? t("count", { count: total }) : ""}
      </div>

      {list.isPending ? (
        <ListLoading />
      ) : list.isError && rows.length === 0 ? (
        <ListLoadFailed message={t("load_failed")} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t(filtered ? "empty_filtered" : "empty")}
          action={
            !filtered && (
              <Link to={paths.newLocation()} className={`${controls.button} ${controls.primary}`}>
                {t("add")}
              </Link>
            )
          }
        />
      ) : (
        <>
          <DataTable
            caption={t("count", { count: total })}
            columns={columns}
            rows={rows}
            rowId={(location) => location.id}
            busy={list.isFetching}
            sort={{
              value: filters.sort,
              onChange: (sort) => set("sort", sort as (typeof LOCATION_SORTS)[number]),
            }}
          />
          <Pager page={filters.page} pages={pages} onPage={(page) => set("page", page)} />
        </>
      )}
    </section>
  );
}
