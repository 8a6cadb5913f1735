// /hours: the locations whose hours the staff member manages — a table on wide screens, cards on
// phones — with each one's time zone and the time there now, a search by name or zone and pages,
// kept in the address, so that a business with hundreds of branches finds one at once.
import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { Me } from "../../../shared/contracts/me.ts";
import { Link } from "../../routing/routing.tsx";
import { containsLoosely } from "../../ui/combobox.tsx";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { FilterBar, SearchFilter } from "../../ui/filter-bar.tsx";
import { EmptyState } from "../../ui/list-states.tsx";
import { Pager } from "../../ui/pager.tsx";
import { searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { useNow } from "../lobby/use-now.ts";
import { paths } from "../office-paths.ts";
import { useStaffSession } from "../shell/staff-session.ts";
import styles from "./hours-page.module.css";

export const HOURS_PAGE_SIZE = 25;

const LIST_STATE = { q: searchParam.text(), page: searchParam.page() };

type Row = Me["locations"][number];

/** The weekday and time in `timeZone` now, in the page language ("Fri 3:42 PM"). */
function LocalTime({ timeZone, locale }: { timeZone: string; locale: string }) {
  const now = useNow();
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: "short",
        hour: "numeric",
        minute: "2-digit",
      });
    } catch {
      return null;
    }
  }, [timeZone, locale]);
  if (!format) return "—";
  return <time dateTime={new Date(now).toISOString()}>{format.format(now)}</time>;
}

export function HoursLandingPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  usePageTitle(t("Office.hours.title"));
  const me = useStaffSession();
  const { values: filters, set } = useSearchState(LIST_STATE);

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      {
        id: "name",
        header: intl.formatMessage({ id: "Office.locations.field.name" }),
        meta: { rowHeader: true },
        cell: ({ row: { original: location } }) => (
          <Link to={paths.hours(location.id)} className={styles.locationLink}>
            {location.name}
          </Link>
        ),
      },
      {
        id: "timezone",
        header: intl.formatMessage({ id: "Office.locations.field.timezone" }),
        cell: ({ row: { original: location } }) => location.timezone,
      },
      {
        id: "local_time",
        header: intl.formatMessage({ id: "Office.hours.col_local_time" }),
        cell: ({ row: { original: location } }) => (
          <LocalTime timeZone={location.timezone} locale={intl.locale} />
        ),
      },
    ],
    [intl],
  );

  const term = filters.q.trim();
  const matching = term
    ? me.locations.filter(
        (location) =>
          containsLoosely(location.name, term) || containsLoosely(location.timezone, term),
      )
    : me.locations;
  const pages = Math.max(1, Math.ceil(matching.length / HOURS_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const rows = matching.slice((page - 1) * HOURS_PAGE_SIZE, page * HOURS_PAGE_SIZE);
  const count = t("Office.locations.count", { count: matching.length });

  return (
    <section aria-labelledby="hours-title" className={styles.page}>
      <h1 id="hours-title" className={styles.title}>
        {t("Office.hours.title")}
      </h1>
      <p className={styles.hint}>{t("Office.hours.landing_intro")}</p>
      {me.locations.length === 0 ? (
        <p className={styles.empty}>{t("Office.hours.no_locations")}</p>
      ) : (
        <>
          <FilterBar label={t("Office.locations.filters")}>
            <SearchFilter
              label={t("Office.locations.search")}
              placeholder={t("Office.hours.search_placeholder")}
              value={filters.q}
              onChange={(q) => set("q", q, { replace: true })}
            />
          </FilterBar>
          <div role="status" className="visually-hidden">
            {term ? count : ""}
          </div>
          {rows.length === 0 ? (
            <EmptyState title={t("Office.locations.empty_filtered")} />
          ) : (
            <>
              <DataTable
                caption={count}
                columns={columns}
                rows={rows}
                rowId={(l) => String(l.id)}
              />
              <Pager page={page} pages={pages} onPage={(next) => set("page", next)} />
            </>
          )}
        </>
      )}
    </section>
  );
}
