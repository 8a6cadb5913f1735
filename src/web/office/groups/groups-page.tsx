// /groups: the vendor's staff groups by name, with how many members each has and its description.
// Admins (groups.manage) add and open groups; Managers see the list only. A toggle shows the
// archived ones. The layout is the services pages' (docs/admin-groups-rooms.md).
import { useState } from "react";
import { useIntl } from "react-intl";
import { useStaffGroups } from "../../api/office/groups-rooms.ts";
import { paths } from "../../paths.ts";
import { Link } from "../../routing/routing.tsx";
import controls from "../../ui/controls.module.css";
import { usePageTitle } from "../../ui/use-page-title.ts";
import { describeError } from "../forms/describe-error.ts";
import styles from "../services/services.module.css";
import { hasPermission, useStaffSession } from "../shell/staff-session.ts";

export function GroupsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const title = t("Office.groups.title");
  usePageTitle(title);
  const manages = hasPermission(useStaffSession(), "groups.manage");
  const [archived, setArchived] = useState(false);
  const groups = useStaffGroups(archived ? "true" : "false");
  const list = groups.data ?? [];
  return (
    <section aria-labelledby="groups-title" className={styles.page}>
      <h1 id="groups-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.intro}>
        {manages ? t("Office.groups.intro") : t("Office.groups.intro_read_only")}
      </p>
      <div className={styles.actions}>
        {manages && (
          <Link to={paths.newGroup()} className={`${controls.button} ${controls.primary}`}>
            {t("Office.groups.add")}
          </Link>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => setArchived(event.target.checked)}
          />
          {t("Office.groups.show_archived")}
        </label>
      </div>
      <div role="alert" className={styles.region}>
        {groups.isError && <p className={controls.alert}>{describeError(intl, groups.error)}</p>}
      </div>
      <div className={styles.card}>
        <h2>{archived ? t("Office.groups.archived_heading") : t("Office.groups.list_heading")}</h2>
        {groups.isPending ? (
          <p className={styles.meta}>{t("Office.groups.loading")}</p>
        ) : list.length === 0 ? (
          <p className={styles.meta}>
            {archived ? t("Office.groups.none_archived") : t("Office.groups.none")}
          </p>
        ) : (
          <ul className={styles.list}>
            {list.map((group) => {
              const a = group.attributes;
              return (
                <li key={group.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    {manages ? (
                      <Link to={paths.group(group.id)} className={styles.rowName}>
                        {a.name}
                      </Link>
                    ) : (
                      <span className={styles.rowName}>{a.name}</span>
                    )}
                    <span className={styles.meta}>
                      {[
                        t("Office.groups.member_count", { count: a.member_ids.length }),
                        ...(a.description ? [a.description] : []),
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
