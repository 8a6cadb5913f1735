// /clients: the search of the vendor's clients (by name, email, phone or external id; the term kept
// in the address), best matches first, with each client's email, phone, when they were last seen
// and their visit and appointment counts; "Load more" for the next 50.
import { useEffect, useMemo, useRef } from "react";
import { useIntl } from "react-intl";
import { type ClientResource, useClientSearch } from "../../api/office/clients.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { FilterBar, SearchFilter } from "../../ui/filter-bar.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import { formatClientTime, fullName } from "./client-format.ts";
import styles from "./clients.module.css";

const LIST_STATE = { q: searchParam.text(200) };

export function ClientsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Clients.title");
  usePageTitle(title);
  const { values, set } = useSearchState(LIST_STATE);
  const search = useClientSearch(values.q.trim());
  const rows = useMemo(() => search.data?.pages.flatMap((page) => page.data) ?? [], [search.data]);
  const columns = useClientColumns();
  const listRef = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);

  // After "Load more", focus the first client it added: the button may be gone with the last page.
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || rows.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLElement>("tbody th a")[index]?.focus();
  }, [rows]);

  return (
    <section aria-labelledby="clients-title" className={styles.page}>
      <h1 id="clients-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Clients.intro")}</p>
      <FilterBar label={t("Clients.filters")}>
        <SearchFilter
          label={t("Clients.search")}
          value={values.q}
          onChange={(q) => set("q", q, { replace: true })}
        />
      </FilterBar>
      <div role="status" className="visually-hidden">
        {search.isSuccess && !search.isPlaceholderData
          ? t(search.hasNextPage ? "Clients.count_more" : "Clients.count", { count: rows.length })
          : ""}
      </div>
      {search.isPending ? (
        <ListLoading />
      ) : search.isError && rows.length === 0 ? (
        <ListLoadFailed
          message={describeError(intl, search.error)}
          onRetry={() => search.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t(values.q.trim() ? "Clients.none_found" : "Clients.none")} />
      ) : (
        <div ref={listRef}>
          <DataTable
            caption={t("Clients.results")}
            columns={columns}
            rows={rows}
            rowId={(row) => row.id}
            busy={search.isFetching}
          />
          {search.hasNextPage && (
            <div className={styles.actions}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                aria-disabled={search.isFetchingNextPage || undefined}
                onClick={() => {
                  if (search.isFetchingNextPage) return;
                  firstNew.current = rows.length;
                  void search.fetchNextPage();
                }}
              >
                {t(search.isFetchingNextPage ? "Clients.loading_more" : "Clients.load_more")}
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

function useClientColumns(): DataTableColumn<ClientResource>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string) => intl.formatMessage({ id });
    return [
      {
        id: "name",
        header: t("Clients.name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: client } }) => (
          <Link to={paths.client(client.id)}>{fullName(client.attributes)}</Link>
        ),
      },
      {
        id: "email",
        header: t("Clients.email"),
        cell: ({ row: { original: client } }) => client.attributes.email ?? "—",
      },
      {
        id: "phone",
        header: t("Clients.phone"),
        cell: ({ row: { original: client } }) => client.attributes.cell_phone_formatted ?? "—",
      },
      {
        id: "last_seen",
        header: t("Clients.last_seen"),
        cell: ({ row: { original: client } }) =>
          client.attributes.last_seen_at
            ? formatClientTime(intl, client.attributes.last_seen_at)
            : t("Clients.never_seen"),
      },
      {
        id: "visits",
        header: t("Clients.visits"),
        cell: ({ row: { original: client } }) => intl.formatNumber(client.attributes.visits),
      },
      {
        id: "appointments",
        header: t("Clients.appointments"),
        cell: ({ row: { original: client } }) => intl.formatNumber(client.attributes.appointments),
      },
    ];
  }, [intl]);
}
