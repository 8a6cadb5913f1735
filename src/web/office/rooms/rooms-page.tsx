// /rooms: the rooms of the caller's locations with their capacity, filtered to one location by the
// address's ?location= (rooms belong to a location). Managers and up (hours.manage) add and open
// rooms; a toggle shows the archived ones (docs/admin-groups-rooms.md).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { useRooms } from "../../api/office/groups-rooms.ts";
import { paths } from "../../paths.ts";
import { Link, useSearchParams } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { Field } from "../../ui/field.tsx";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import styles from "../services/services.module.css";
import { useStaffSession } from "../shell/staff-session.ts";

export function RoomsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.rooms.title");
  usePageTitle(title);
  const ids = useId();
  const me = useStaffSession();
  const [params, setParams] = useSearchParams();
  const wanted = params.get("location") ?? "";
  const location = me.locations.some((l) => String(l.id) === wanted) ? wanted : undefined;
  const [archived, setArchived] = useState(false);
  const rooms = useRooms({ locationId: location, archived: archived ? "true" : "false" });
  const locationName = (id: string) =>
    me.locations.find((l) => String(l.id) === id)?.name ?? t("Office.rooms.location_by_id", { id });
  const list = rooms.data ?? [];
  return (
    <section aria-labelledby={`${ids}-title`} className={styles.page}>
      <h1 id={`${ids}-title`} className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>{t("Office.rooms.intro")}</p>
      <div className={styles.actions}>
        <Link to={paths.newRoom({ location })} className={`${controls.button} ${controls.primary}`}>
          {t("Office.rooms.add")}
        </Link>
        <Field label={t("Office.rooms.filter_location")}>
          {(control) => (
            <select
              {...control}
              className={controls.input}
              value={location ?? ""}
              onChange={(event) =>
                setParams(event.target.value ? { location: event.target.value } : {}, {
                  replace: true,
                })
              }
            >
              <option value="">{t("Office.rooms.all_locations")}</option>
              {me.locations.map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          {t("Office.rooms.show_archived")}
        </label>
      </div>
      <div role="alert" className={styles.region}>
        {rooms.isError && <p className={controls.alert}>{describeError(intl, rooms.error)}</p>}
      </div>
      <div className={styles.card}>
        <h2>{archived ? t("Office.rooms.archived_heading") : t("Office.rooms.list_heading")}</h2>
        {rooms.isPending ? (
          <p className={styles.meta}>{t("Office.rooms.loading")}</p>
        ) : list.length === 0 ? (
          <p className={styles.meta}>
            {archived ? t("Office.rooms.none_archived") : t("Office.rooms.none")}
          </p>
        ) : (
          <ul className={styles.list}>
            {list.map((room) => {
              const a = room.attributes;
              return (
                <li key={room.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <Link to={paths.room(room.id)} className={styles.rowName}>
                      {a.name}
                    </Link>
                    <span className={styles.meta}>
                      {[
                        locationName(a.location_id),
                        t("Office.rooms.capacity_count", { count: a.capacity }),
                      ].join(" · ")}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
