// /locations: the vendor's locations for admins — a table on wide screens, cards on phones — with a
// search (after a pause in typing), a region filter, a sort, an "include archived" toggle and pages,
// all kept in the address; "Add location" leads to the empty form.
import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { LOCATION_SORTS } from "../../../shared/contracts/admin-location.ts";
import { useAdminLocations } from "../../api/office/admin-locations.ts";
import { paths } from "../../paths.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import styles from "./location-list-page.module.css";
import { apiQuery, LOCATIONS_PAGE_SIZE, useLocationListQuery } from "./use-location-list-query.ts";

export const SEARCH_DEBOUNCE_MS = 350;

export function LocationListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `Office.locations.${id}` }, values);
  const title = t("title");
  usePageTitle(title);
  const id = useId();
  const { filters, set } = useLocationListQuery();
  const list = useAdminLocations(apiQuery(filters));
  const [text, setText] = useState(filters.q);
  const written = useRef(filters.q);

  useEffect(() => {
    if (filters.q !== written.current) {
      written.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      set("q", text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, set]);

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

      <search aria-label={t("filters")}>
        <form
          className={styles.filters}
          onSubmit={(event) => {
            event.preventDefault();
            written.current = text;
            set("q", text);
          }}
        >
          <div className={`${styles.field} ${styles.search}`}>
            <label htmlFor={`${id}-q`}>{t("search")}</label>
            <input
              id={`${id}-q`}
              type="search"
              className={controls.input}
              value={text}
              placeholder={t("search_placeholder")}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-region`}>{t("field.region")}</label>
            <select
              id={`${id}-region`}
              className={controls.input}
              value={filters.region}
              onChange={(event) => set("region", event.target.value)}
            >
              <option value="">{t("all_regions")}</option>
              {[...new Set([...regions, ...(filters.region ? [filters.region] : [])])].map(
                (region) => (
                  <option key={region} value={region}>
                    {region}
                  </option>
                ),
              )}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-sort`}>{t("sort")}</label>
            <select
              id={`${id}-sort`}
              className={controls.input}
              value={filters.sort}
              onChange={(event) => set("sort", event.target.value)}
            >
              {LOCATION_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort_${sort.replace("-", "desc_")}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.toggle}>
            <input
              id={`${id}-archived`}
              type="checkbox"
              checked={filters.archived}
              onChange={(event) => set("archived", event.target.checked ? "all" : "")}
            />
            <label htmlFor={`${id}-archived`}>{t("show_archived")}</label>
          </div>
        </form>
      </search>

      <div role="status" className="visually-hidden">
        {list.isSuccess && !list.isPlaceholderData ? t("count", { count: total }) : ""}
      </div>

      {list.isPending ? (
        <p className={styles.status}>{intl.formatMessage({ id: "Office.loading" })}</p>
      ) : list.isError && rows.length === 0 ? (
        <div className={styles.status} role="alert">
          <p>{t("load_failed")}</p>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => list.refetch()}
          >
            {intl.formatMessage({ id: "Common.try_again" })}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className={styles.empty}>
          <h2 className={styles.emptyTitle}>{t(filtered ? "empty_filtered" : "empty")}</h2>
          {!filtered && (
            <Link to={paths.newLocation()} className={`${controls.button} ${controls.primary}`}>
              {t("add")}
            </Link>
          )}
        </div>
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <table className={styles.table}>
            <caption className={styles.caption}>{t("count", { count: total })}</caption>
            <thead className={styles.head}>
              <tr>
                <th scope="col">{t("field.name")}</th>
                <th scope="col">{t("col_address")}</th>
                <th scope="col">{t("field.region")}</th>
                <th scope="col">{t("field.visibility")}</th>
                <th scope="col">{t("field.sort_order")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((location) => {
                const a = location.attributes;
                return (
                  <tr key={location.id} className={styles.row}>
                    <th scope="row" className={styles.nameCell}>
                      <Link to={paths.adminLocation(location.id)} className={styles.name}>
                        {a.name}
                      </Link>
                      {a.archived && <span className={styles.badge}>{t("archived_badge")}</span>}
                      {a.external_id && (
                        <span className={styles.sub}>
                          {t("external_id_short", { id: a.external_id })}
                        </span>
                      )}
                    </th>
                    <td className={styles.cell}>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t("col_address")}
                      </span>
                      <span>
                        {a.address}, {a.city}
                      </span>
                    </td>
                    <td className={styles.cell}>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t("field.region")}
                      </span>
                      <span>{a.region ?? "—"}</span>
                    </td>
                    <td className={styles.cell}>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t("field.visibility")}
                      </span>
                      <span>{t(`visibility_${a.visibility}`)}</span>
                    </td>
                    <td className={styles.cell}>
                      <span className={styles.cellLabel} aria-hidden="true">
                        {t("field.sort_order")}
                      </span>
                      <span>{a.sort_order}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pages > 1 && (
            <nav aria-label={t("pages")} className={styles.pager}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                disabled={filters.page <= 1}
                onClick={() => set("page", String(filters.page - 1))}
              >
                {t("previous")}
              </button>
              <span>{t("page_of", { page: filters.page, pages })}</span>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary}`}
                disabled={filters.page >= pages}
                onClick={() => set("page", String(filters.page + 1))}
              >
                {t("next")}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
