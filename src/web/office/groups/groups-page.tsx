// /groups: the vendor's staff groups as the back office's table — name, how many members, what the
// group is for — with the archived ones on request (?archived=true). Admins (groups.manage) add
// and open groups; Managers see the list only (docs/admin-groups-rooms.md).
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { type StaffGroupResource, useStaffGroups } from "../../api/office/groups-rooms.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { FilterBar, ToggleFilter } from "../../ui/filter-bar.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "../services/services.module.css";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";

const LIST_STATE = { archived: searchParam.flag("true") };

export function GroupsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.groups.title");
  usePageTitle(title);
  const manages = hasPermission(useStaffSession(), "groups.manage");
  const { values: filters, set } = useSearchState(LIST_STATE);
  const groups = useStaffGroups(filters.archived ? "true" : "false");
  const columns = useGroupColumns(manages);
  const list = groups.data ?? [];
  return (
    <section aria-labelledby="groups-title" className={styles.page}>
      <h1 id="groups-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>
        {manages ? t("Office.groups.intro") : t("Office.groups.intro_read_only")}
      </p>
      {manages && (
        <div className={styles.actions}>
          <Link to={paths.newGroup()} className={`${controls.button} ${controls.primary}`}>
            {t("Office.groups.add")}
          </Link>
        </div>
      )}
      <FilterBar label={t("Office.groups.filters")}>
        <ToggleFilter
          label={t("Office.groups.show_archived")}
          checked={filters.archived}
          onChange={(archived) => set("archived", archived)}
        />
      </FilterBar>
      {groups.isPending ? (
        <ListLoading />
      ) : groups.isError ? (
        <ListLoadFailed
          message={describeError(intl, groups.error)}
          onRetry={() => groups.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={filters.archived ? t("Office.groups.none_archived") : t("Office.groups.none")}
        />
      ) : (
        <DataTable
          caption={t(
            filters.archived ? "Office.groups.archived_heading" : "Office.groups.list_heading",
          )}
          columns={columns}
          rows={list}
          rowId={(group) => group.id}
          busy={groups.isFetching}
        />
      )}
    </section>
  );
}

function useGroupColumns(manages: boolean): DataTableColumn<StaffGroupResource>[] {
  const intl = useIntl();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values);
    return [
      {
        id: "name",
        header: t("Office.groups.field_name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: group } }) => (
          <>
            {manages ? (
              <Link to={paths.group(group.id)} className={styles.rowName}>
                {group.attributes.name}
              </Link>
            ) : (
              <span className={styles.rowName}>{group.attributes.name}</span>
            )}
            {group.attributes.archived && (
              <span className={styles.badge}>{t("Office.groups.archived_badge")}</span>
            )}
          </>
        ),
      },
      {
        id: "members",
        header: t("Office.groups.field_members"),
        cell: ({ row: { original: group } }) =>
          t("Office.groups.member_count", { count: group.attributes.member_ids.length }),
      },
      {
        id: "description",
        header: t("Office.groups.field_description"),
        cell: ({ row: { original: group } }) => group.attributes.description ?? "—",
      },
    ];
  }, [intl, manages]);
}
