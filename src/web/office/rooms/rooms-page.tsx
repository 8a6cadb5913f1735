// /rooms: the rooms of the caller's locations with their capacity, as the back office's table, one
// location's when the address says ?location= (rooms belong to a location), the archived ones on
// request (?archived=true). Managers and up (hours.manage) add and open rooms
// (docs/admin-groups-rooms.md).
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { type RoomResource, useRooms } from "../../api/office/groups-rooms.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { DataTable, type DataTableColumn } from "../../ui/data-table.tsx";
import { FilterBar, SelectFilter, ToggleFilter } from "../../ui/filter-bar.tsx";
import { EmptyState, ListLoadFailed, ListLoading } from "../../ui/list-states.tsx";
import { searchParam, useSearchState } from "../../ui/search-state.ts";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import { paths } from "../office-paths.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";

const LIST_STATE = { location: searchParam.id(), archived: searchParam.flag("true") };

export function RoomsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.rooms.title");
  usePageTitle(title);
  const me = useStaffSession();
  const { values: filters, set } = useSearchState(LIST_STATE);
  const location = me.locations.some((l) => String(l.id) === filters.location)
    ? filters.location
    : undefined;
  const rooms = useRooms({ locationId: location, archived: filters.archived ? "true" : "false" });
  const columns = useRoomColumns();
  const list = rooms.data ?? [];
  return (
    <section aria-labelledby="rooms-title" className={styles.page}>
      <h1 id="rooms-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.rooms.intro")}</p>
      <div className={styles.actions}>
        <Link to={paths.newRoom({ location })} className={`${controls.button} ${controls.primary}`}>
          {t("Office.rooms.add")}
        </Link>
      </div>
      <FilterBar label={t("Office.rooms.filters")}>
        <SelectFilter
          label={t("Office.rooms.filter_location")}
          allLabel={t("Office.rooms.all_locations")}
          value={location ?? ""}
          onChange={(value) => set("location", value, { replace: true })}
          options={me.locations.map((l) => ({ value: String(l.id), label: l.name }))}
        />
        <ToggleFilter
          label={t("Office.rooms.show_archived")}
          checked={filters.archived}
          onChange={(archived) => set("archived", archived)}
        />
      </FilterBar>
      {rooms.isPending ? (
        <ListLoading />
      ) : rooms.isError ? (
        <ListLoadFailed
          message={describeError(intl, rooms.error)}
          onRetry={() => rooms.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={filters.archived ? t("Office.rooms.none_archived") : t("Office.rooms.none")}
        />
      ) : (
        <DataTable
          caption={t(
            filters.archived ? "Office.rooms.archived_heading" : "Office.rooms.list_heading",
          )}
          columns={columns}
          rows={list}
          rowId={(room) => room.id}
          busy={rooms.isFetching}
        />
      )}
    </section>
  );
}

function useRoomColumns(): DataTableColumn<RoomResource>[] {
  const intl = useIntl();
  const me = useStaffSession();
  return useMemo(() => {
    const t = (id: string, values?: Record<string, string | number>) =>
      intl.formatMessage({ id }, values);
    const locationName = (id: string) =>
      me.locations.find((l) => String(l.id) === id)?.name ??
      t("Office.rooms.location_by_id", { id });
    return [
      {
        id: "name",
        header: t("Office.rooms.field_name"),
        meta: { rowHeader: true },
        cell: ({ row: { original: room } }) => (
          <>
            <Link to={paths.room(room.id)} className={styles.rowName}>
              {room.attributes.name}
            </Link>
            {room.attributes.archived && (
              <span className={styles.badge}>{t("Office.rooms.archived_badge")}</span>
            )}
          </>
        ),
      },
      {
        id: "location",
        header: t("Office.rooms.field_location"),
        cell: ({ row: { original: room } }) => locationName(room.attributes.location_id),
      },
      {
        id: "capacity",
        header: t("Office.rooms.field_capacity"),
        cell: ({ row: { original: room } }) =>
          t("Office.rooms.capacity_count", { count: room.attributes.capacity }),
      },
      {
        id: "notes",
        header: t("Office.rooms.field_notes"),
        cell: ({ row: { original: room } }) => room.attributes.notes ?? "—",
      },
    ];
  }, [intl, me.locations]);
}
